import { Hono } from 'hono';
import { edgeConfigFrom } from '../../edge/edge-config';
import { createEdgeHandler } from '../../edge/handler';
import { errorReportOriginOf, securityHeaders, withAnswerHeaders, withHeaders } from '../../edge/security-headers';
import type { EdgeHandler, EdgeHost } from '../../edge/types';
import { cacheControlFor, decodePath, isPrivateBuildPath, looksLikeFile } from '../../server/static-policy';
import { kvNewsCache, type KvNamespace } from './news-cache';
import { newsletterSettingsProblem, serviceRoleKeyOf, workerNewsletter } from './worker-newsletter';
import { hostJobs } from '../../edge/jobs/host-jobs';
import type { JobRunner } from '../../edge/jobs/registry';
import packageInfo from '../../package.json';
import { reportWorkerError, withErrorReports, workerErrorReportsDsn } from './error-reports';
import { countedBody, errorField, jsonLogLine } from '../../edge/json-log';
import { redactTarget } from '../../edge/log-redaction';
import { cacheAnswered, requestLine } from '../../edge/request-line';
import { REQUEST_ID_HEADER, requestIdFor } from '../../edge/request-id';
import { createRenderCache, RENDER_FRESHNESS, type RenderCache } from '../../edge/render-cache/render-cache';
import { cacheApiStore } from '../../edge/render-cache/cache-api-store';
import { renderCacheSetting } from '../../edge/render-cache/render-cache-setting';

// The Cloudflare Worker in front of the built site (adapters/cloudflare/wrangler.toml): the edge handler answers
// page addresses, feeds, sitemaps, robots.txt and the news proxy; every other request is a file of dist/, served by
// the static assets binding. Web APIs only: the handler runs wherever a fetch handler runs.

/** The static assets binding ([assets] binding = "ASSETS"): dist/'s files by their path, without the Worker. */
interface AssetsBinding {
  fetch(request: Request | URL | string): Promise<Response>;
}

/** The Worker's bindings: ASSETS, the [vars] of wrangler.toml and the secrets (NEWS_API_KEY), as strings. */
export interface WorkerEnv {
  ASSETS: AssetsBinding;
  /** Optional KV namespace for the news proxy's cache (wrangler.toml): without it each isolate keeps its own. */
  NEWS_CACHE?: KvNamespace;
  [name: string]: unknown;
}

/** The third argument of a fetch or scheduled handler. */
interface WorkerContext {
  waitUntil(promise: Promise<unknown>): void;
}

/** The ASSETS binding reads only the path of what it is asked; this origin names no real host. */
const ASSETS_ORIGIN = 'https://assets.invalid';

function textResponse(status: number, body: string): Response {
  return new Response(body, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });
}

function stringVars(env: WorkerEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/**
 * The build's render of the reader's pages (dist/.server/worker/, decision 0048), handed over by the Worker's entry
 * (worker-entry.js) before any request; none: pages go out as built.
 */
let pageRenderer: EdgeHost['pageRenderer'];

/** Called by the Worker's entry with the build's render bundle. */
export function renderPagesWith(renderer: NonNullable<EdgeHost['pageRenderer']>): void {
  pageRenderer = renderer;
}

function hostFor(env: WorkerEnv): EdgeHost {
  return {
    pageRenderer: (sources) => pageRenderer?.(sources) ?? Promise.resolve(null),
    async readHtml(file) {
      // html_handling = "none" (wrangler.toml): /index.html is served as that file, not redirected to "/".
      const response = await env.ASSETS.fetch(new URL(`/${file}`, ASSETS_ORIGIN));
      if (response.status === 404) return null;
      if (!response.ok) throw new Error(`ASSETS answered ${response.status} for ${file}`);
      return response.text();
    },
    // The global fetch, unbound: Workers throw "Illegal invocation" when it is called as a method of another object.
    fetch: (input, init) => fetch(input, init),
  };
}

/**
 * The render cache on the data centre's Cache API (docs/decisions/0049), shared by its isolates; each isolate also
 * makes concurrent requests for one address wait for one render. RENDER_CACHE=off, or a runtime without the Cache
 * API: none.
 */
function renderCacheFor(vars: Record<string, string>): RenderCache | null {
  if (renderCacheSetting(vars.RENDER_CACHE) === false || typeof caches === 'undefined') return null;
  return createRenderCache({
    store: cacheApiStore(() => caches.open('rendered-pages'), RENDER_FRESHNESS.maxAgeMs),
    onError: (error) => console.error('worker: a page’s background render failed', error),
  });
}

/**
 * One handler per isolate and set of bindings: its news cache lives as long as the isolate does. The env object is
 * the same for every request of an isolate, so it keys the handler.
 */

const sites = new WeakMap<WorkerEnv, { handler: EdgeHandler; jobs: JobRunner }>();

function siteFor(env: WorkerEnv): { handler: EdgeHandler; jobs: JobRunner } {
  let site = sites.get(env);
  if (!site) {
    const newsCache = env.NEWS_CACHE ? kvNewsCache(env.NEWS_CACHE) : undefined;
    const vars = stringVars(env);
    const config = edgeConfigFrom(vars);
    const newsletter = workerNewsletter(config, vars);
    // The Worker has no disk: no uploads folder and no backup here (docs/decisions/0042). BUILD_COMMIT, when the
    // deploy sets it (`--var BUILD_COMMIT:$(git rev-parse HEAD)`), is the commit the 'Sistema' screen shows.
    const commit = vars.BUILD_COMMIT?.trim();
    const { runner, systemApi } = hostJobs({
      config,
      fetch: (input, init) => fetch(input, init),
      newsletter,
      serviceRoleKey: serviceRoleKeyOf(vars),
      oneMachine: false,
      system: { backend: 'hosted', version: packageInfo.version, commit: commit && /^[0-9a-f]{7,40}$/i.test(commit) ? commit : null, uploadsBytes: null },
    });
    const renderCache = renderCacheFor(vars);
    site = { handler: createEdgeHandler(config, hostFor(env), { newsCache, newsletter, system: systemApi, reportError: reportWorkerError, renderCache, audienceKey: serviceRoleKeyOf(vars) }), jobs: runner };
    sites.set(env, site);
  }
  return site;
}

function handlerFor(env: WorkerEnv): EdgeHandler {
  return siteFor(env).handler;
}

/** A file of dist/: Cloudflare's own answer (type, ETag, 304s), with our caching for the hashed and image folders. */
async function serveAsset(request: Request, env: WorkerEnv, path: string): Promise<Response> {
  // The HTML templates and the build metadata are not pages: the handler serves the pages (see server/static-policy).
  if (isPrivateBuildPath(path)) return textResponse(404, 'Não encontrado.');
  const asset = await env.ASSETS.fetch(request);
  const cacheControl = cacheControlFor(path);
  if ((!asset.ok && asset.status !== 304) || cacheControl === 'no-cache') return asset;
  const response = new Response(asset.body, asset);
  response.headers.set('Cache-Control', cacheControl);
  return response;
}

/**
 * The plain app page for a page address the handler left alone (its data did not answer): the browser's router
 * renders the page from scratch, as npm start's server does.
 */
async function serveAppPage(request: Request, env: WorkerEnv): Promise<Response> {
  const host = hostFor(env);
  const html = (await host.readHtml('app.html')) ?? (await host.readHtml('index.html'));
  if (html === null) return textResponse(404, 'Página não encontrada.');
  const body = request.method === 'HEAD' ? null : html;
  return new Response(body, { headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' } });
}

/**
 * A document with the page policy and its companions (edge/security-headers.ts): the handler's pages carry their
 * own, the app page gets the site's; scripts, stylesheets, images and errors only what a non-document needs.
 */
function secured(response: Response, env: WorkerEnv): Response {
  const supabaseUrl = typeof env.VITE_SUPABASE_URL === 'string' ? env.VITE_SUPABASE_URL.trim() || null : null;
  const errorReportOrigin = typeof env.VITE_SENTRY_DSN === 'string' ? errorReportOriginOf(env.VITE_SENTRY_DSN.trim()) : null;
  return withAnswerHeaders(response, securityHeaders({ supabaseUrl, errorReportOrigin }));
}

/**
 * What a deployment must set before it serves anyone (wrangler.toml's [vars]): a Worker cannot refuse to start, so
 * it refuses every request with one line saying what to set. The placeholders of the committed wrangler.toml count
 * as unset. Null when nothing is missing.
 */
export function missingSettings(env: WorkerEnv): string | null {
  const missing = ['SITE_URL', 'VITE_SUPABASE_URL', 'VITE_SUPABASE_ANON_KEY'].filter((name) => {
    const value = env[name];
    return typeof value !== 'string' || value.trim() === '' || value.includes('<');
  });
  if (missing.length > 0) {
    return `Site not configured: set ${missing.join(', ')} under [vars] in adapters/cloudflare/wrangler.toml (README § Deploy).`;
  }
  const newsletter = newsletterSettingsProblem(stringVars(env));
  if (newsletter) return `Site not configured: ${newsletter} (README § Deploy).`;
  if (renderCacheSetting(typeof env.RENDER_CACHE === 'string' ? env.RENDER_CACHE : undefined) === null) {
    return 'Site not configured: RENDER_CACHE must be on or off (README § Deploy).';
  }
  // The privacy policy names Sentry from the build's VITE_SENTRY_DSN: reports under a policy that does not say so
  // would misinform readers (docs/decisions/0041).
  if (workerErrorReportsDsn(env) && !workerErrorReportsDsn({ SENTRY_DSN: env.VITE_SENTRY_DSN })) {
    return 'Site not configured: set VITE_SENTRY_DSN under [vars] with the SENTRY_DSN secret, and build with it (README § Deploy).';
  }
  return null;
}

/** The handler's answer, else a file of dist/ or the app page. `reqId` names the request on its error lines. */
async function answer(request: Request, env: WorkerEnv, ctx: WorkerContext, reqId: string): Promise<Response> {
  const url = new URL(request.url);
  const path = decodePath(url.pathname);
  if (path === null) return textResponse(400, 'Endereço inválido.');
  try {
    // A page served from the render cache may start a newer render that outlives the answer (docs/decisions/0049).
    // Cloudflare sets CF-Connecting-IP itself: the reader's address, which only the audience beacon reads.
    const clientAddress = request.headers.get('cf-connecting-ip');
    const response = await handlerFor(env)(request, { waitUntil: (promise) => ctx.waitUntil(promise), clientAddress });
    if (response) return response;
    const readsOnly = request.method === 'GET' || request.method === 'HEAD';
    return readsOnly && !looksLikeFile(path) ? await serveAppPage(request, env) : await serveAsset(request, env, path);
  } catch (error) {
    console.error(jsonLogLine('error', `worker: ${request.method} ${redactTarget(url.pathname)} failed`, { reqId, err: errorField(error) }));
    reportWorkerError(error, { method: request.method, path });
    return textResponse(500, 'Erro interno do servidor. Tente novamente em instantes.');
  }
}

/** Behind a proxy of the operator's own in front of Cloudflare (TRUST_PROXY): its X-Request-Id is kept. */
function trustsProxy(env: WorkerEnv): boolean {
  return typeof env.TRUST_PROXY === 'string' && ['1', 'true', 'yes'].includes(env.TRUST_PROXY.trim().toLowerCase());
}

type WorkerApp = { Bindings: WorkerEnv; Variables: { reqId: string } };

/**
 * The Worker as a Hono app (decision 0051): its request line and error reports, its settings check and the page
 * policy around the answer, then the answer itself (the edge handler, else a file of dist/ or the app page).
 */
export const workerApp = new Hono<WorkerApp>();

/**
 * Every answer carries its X-Request-Id, and each request leaves one JSON line in the Worker's log (console.info)
 * once its body is sent (docs/decisions/0040): the same fields as npm start's request line.
 */
workerApp.use(async (c, next) => {
  const request = c.req.raw;
  const startedAt = Date.now();
  const reqId = requestIdFor(request.headers, trustsProxy(c.env));
  c.set('reqId', reqId);
  const answered = await withErrorReports(workerErrorReportsDsn(c.env), request, c.executionCtx, reqId, async () => {
    await next();
    return c.res;
  });
  // An answer's headers may be immutable (a fetch's, the ASSETS binding's): a copy takes the id.
  const { response, bytes } = countedBody(new Response(answered.body, answered));
  response.headers.set(REQUEST_ID_HEADER, reqId);
  const url = new URL(request.url);
  const cache = cacheAnswered(response.status, (name) => response.headers.get(name));
  c.executionCtx.waitUntil(
    bytes.then((sent) => {
      const fields = requestLine({ reqId, method: request.method, target: url.pathname + url.search, status: response.status, startedAt, endedAt: Date.now(), bytes: sent, cache });
      console.info(jsonLogLine('info', 'request', { ...fields }));
    }),
  );
  c.res = response;
});

/** A deployment missing its settings answers every request with what to set; every other answer gets the page policy. */
workerApp.use(async (c, next) => {
  const unset = missingSettings(c.env);
  if (unset) {
    console.error(`worker: ${unset}`);
    return withHeaders(textResponse(503, unset), securityHeaders());
  }
  await next();
  c.res = secured(c.res, c.env);
});

workerApp.all('*', (c) => answer(c.req.raw, c.env, c.executionCtx, c.var.reqId));

/**
 * The module's default export: the app's own fetch, with the Cron Trigger's handler beside it, which a Hono app does
 * not have (Cloudflare calls `scheduled` on the module's default export).
 */
export default {
  fetch: workerApp.fetch as (request: Request, env: WorkerEnv, ctx: WorkerContext) => Promise<Response>,

  /** The Cron Trigger (wrangler.toml [triggers]): each minute, one tick of the scheduled jobs (edge/jobs/registry.ts). */
  scheduled(_controller: unknown, env: WorkerEnv, ctx: WorkerContext): void {
    const unset = missingSettings(env);
    if (unset) {
      console.error(`worker: ${unset}`);
      return;
    }
    const origin = String(env.SITE_URL).trim().replace(/\/+$/, '');
    ctx.waitUntil(
      siteFor(env)
        .jobs.tick(origin)
        .catch((error: unknown) => console.error('worker: the scheduled jobs’ tick failed', error)),
    );
  },
};
