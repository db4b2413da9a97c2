import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getRequestListener, RequestError, type HttpBindings } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { Hono } from 'hono';
import { loadEnv, runnerImport, type Connect, type Plugin, type PreviewServer, type ViteDevServer } from 'vite';
import { ANSWER_HEADERS, BACKEND_POLICY, errorReportOriginOf, securityHeaders } from '../edge/security-headers.ts';
import type { EdgeHandler, EdgeHost } from '../edge/types.ts';
import { isBackendPath } from '../local-supabase/src/backend-paths.ts';
import { runningLocalBackend } from '../local-supabase/src/vite-plugin.ts';
import { builtPageRenderer, type PageRendererModule } from './built-page-renderer.ts';
import type * as LocalEdgeModule from './local-edge.ts';
import type { LocalSite } from './local-edge.ts';
import { startJobSchedule } from './job-schedule.ts';
import { cacheControlFor, decodePath, isHandlerAddress, isPrivateBuildPath, looksLikeFile } from './static-policy.ts';
import { compress } from './compression.ts';
import { BadRequestError, readerAddress, requestAt, requestOrigin, urlOnOrigin } from './request-url.ts';

/** Vite's own addresses in development: its client, modules, dependencies. */
const VITE_INTERNAL = /^\/(?:@|__|node_modules\/|src\/)/;

type ViteServer = ViteDevServer | PreviewServer;

/**
 * server/local-edge.ts, and through it the edge handler and the app modules it renders with, is loaded by Vite's
 * module runner when the server starts, never imported by this plugin: what vite.config.ts imports is bundled and
 * checked as the config, and the app's modules are written for Vite (imports without file extensions), not as config.
 */
type LocalEdge = typeof LocalEdgeModule;
const LOCAL_EDGE = fileURLToPath(new URL('./local-edge.ts', import.meta.url));
/** The render of the reader's pages (decision 0048), which development loads through Vite as the build bundles it. */
const RENDER_MODULE = '/src/render/render-request.tsx';

/** The handler with the server's variables (.env files and the environment) and, unless hosted, the local backend. */
async function siteFor(
  server: ViteServer,
  localEdge: LocalEdge,
  readHtml: EdgeHost['readHtml'],
  pageRenderer?: EdgeHost['pageRenderer'],
): Promise<LocalSite> {
  const vars = serverVars(server);
  const backend = runningLocalBackend();
  return localEdge.localSite(vars, backend ? await backend : null, readHtml, pageRenderer);
}

/** The server's own origin, for the newsletter's links when SITE_URL is not set (development). */
function serverOrigin(server: ViteServer): string {
  const url = server.resolvedUrls?.local[0] ?? `http://127.0.0.1:${server.config.server.port ?? 5173}/`;
  return url.replace(/\/+$/, '');
}

/** The scheduled jobs while the server runs (server/job-schedule.ts), stopped with it. */
function scheduleJobs(server: ViteServer, current: () => Promise<LocalSite>): void {
  const schedule = startJobSchedule(async () => (await current()).jobs, () => serverOrigin(server));
  server.httpServer?.once('close', () => schedule.stop());
}

/** Requests the handler left to the server's own middlewares, each with the `next` that hands it on. */
const passedOn = new WeakMap<IncomingMessage, (error?: unknown) => void>();

/**
 * The handler on Vite's middleware stack, through @hono/node-server as under npm start (server/node-server.ts),
 * compressed the same way: an address it leaves alone (null) goes on to Vite's own serving.
 */
function middleware(currentHandler: () => Promise<EdgeHandler>, shouldAnswer: (path: string, req: IncomingMessage) => boolean) {
  const app = new Hono<{ Bindings: HttpBindings }>();
  app.use(compress());
  app.all('*', async (c) => {
    const { incoming } = c.env;
    const url = urlOnOrigin(incoming.url ?? '/', requestOrigin(incoming, false));
    const response = await (await currentHandler())(requestAt(c.req.raw, url), { clientAddress: readerAddress(incoming, false) });
    if (response) return response;
    passedOn.get(incoming)?.();
    return RESPONSE_ALREADY_SENT;
  });
  app.onError((error, c) => {
    if (error instanceof BadRequestError) return c.text('Requisição inválida.', 400);
    passedOn.get(c.env.incoming)?.(error);
    return RESPONSE_ALREADY_SENT;
  });
  const listener = getRequestListener(app.fetch, {
    errorHandler: (error) => (error instanceof RequestError ? new Response('Requisição inválida.', { status: 400 }) : undefined),
  });
  return ((req, res, next) => {
    const path = decodePath(new URL(req.url ?? '/', 'http://localhost').pathname);
    if (path === null || !shouldAnswer(path, req)) return next();
    passedOn.set(req, next);
    void listener(req, res);
  }) satisfies Connect.NextHandleFunction;
}

/**
 * Mounts the edge handler (edge/handler.ts) on `npm run dev` and `npm run preview`, in front of Vite's own serving,
 * so development and the end-to-end suite get the same pages, heads, feeds and news proxy as production
 * (docs/decisions/0012). Built files stay Vite's to serve; in development, so do its modules and the app's.
 */
export function edgeHandler(): Plugin {
  return {
    name: 'porto-ferreira:edge-handler',
    // After the local backend's plugin, whose backend the handler reads from.
    enforce: 'post',
    configureServer(server) {
      const indexFile = resolve(server.config.root, 'index.html');
      // Development has no prerendered pages: every page is Vite's index.html, made ready for its modules.
      const readHtml = async () => server.transformIndexHtml('/', await readFile(indexFile, 'utf8'));
      // Development renders like production (decision 0048): the same render of the reader's pages, loaded through
      // the dev server's module graph, so an edit to a page applies on the next request (one renderer per edit).
      const renderers = new WeakMap<PageRendererModule, ReturnType<PageRendererModule['createPageRenderer']>>();
      const pageRenderer: EdgeHost['pageRenderer'] = (sources) =>
        Promise.resolve(async (request, options) => {
          const module = (await server.ssrLoadModule(RENDER_MODULE)) as PageRendererModule;
          let render = renderers.get(module);
          if (!render) renderers.set(module, (render = module.createPageRenderer(sources)));
          return render(request, options);
        });
      // Through the dev server's own module graph: an edit to the handler or a module it uses applies on the next
      // request (the same module object until then, so the handler is made again only after an edit).
      let current: { localEdge: LocalEdge; site: Promise<LocalSite> } | undefined;
      const currentSite = async () => {
        const localEdge = (await server.ssrLoadModule(LOCAL_EDGE)) as LocalEdge;
        if (current?.localEdge !== localEdge) current = { localEdge, site: siteFor(server, localEdge, readHtml, pageRenderer) };
        return current.site;
      };
      const currentHandler = async () => (await currentSite()).handler;
      scheduleJobs(server, currentSite);
      server.middlewares.use(
        middleware(currentHandler, (path) => {
          if (isHandlerAddress(path)) return true;
          // Every other address is a page, whatever the client accepts: a crawler (or the README's curl) sends */*.
          return !VITE_INTERNAL.test(path) && !looksLikeFile(path);
        }),
      );
    },
    configurePreviewServer(server) {
      const distDir = resolve(server.config.root, server.config.build.outDir);
      // The build's render of the reader's pages (decision 0048), as npm start loads it.
      const site = runnerImport<LocalEdge>(LOCAL_EDGE).then(({ module: localEdge }) =>
        siteFor(server, localEdge, localEdge.distHtmlReader(distDir), builtPageRenderer(distDir)),
      );
      const handler = site.then((built) => built.handler);
      scheduleJobs(server, () => site);
      const isBuiltFile = (path: string) => {
        const file = resolve(distDir, `.${path}`);
        return file.startsWith(`${distDir}${sep}`) && existsSync(file) && statSync(file).isFile();
      };
      server.middlewares.use((req, res, next) => {
        // Vite serves built files in sirv's development mode, whose headers say no-cache: hashed assets are immutable.
        const path = decodePath(new URL(req.url ?? '/', 'http://localhost').pathname);
        if (path !== null && !isPrivateBuildPath(path) && isBuiltFile(path)) keepCacheControl(res, cacheControlFor(path));
        next();
      });
      server.middlewares.use(middleware(() => handler, (path) => isHandlerAddress(path) || isPrivateBuildPath(path) || !isBuiltFile(path)));
      // What the handler left of a private build file (the server's render, the manifest, the raw templates) would
      // reach Vite's own file serving next: never served, as under npm start and the Worker (decision 0012).
      server.middlewares.use((req, res, next) => {
        const path = decodePath(new URL(req.url ?? '/', 'http://localhost').pathname);
        if (path === null || !isPrivateBuildPath(path)) return next();
        res.statusCode = 404;
        res.setHeader('Content-Type', 'text/plain; charset=utf-8');
        res.setHeader('Cache-Control', 'no-store');
        res.end('Não encontrado.');
      });
    },
  };
}

/** The server's variables, as the handler reads them. */
function serverVars(server: ViteServer): Record<string, string> {
  return loadEnv(server.config.mode, server.config.envDir || server.config.root, '');
}

/**
 * The page policy and its companions (edge/security-headers.ts) on every answer of `npm run dev` and `npm run
 * preview`: Vite's modules and files, the local backend's API, and the handler's pages (whose own headers, with the
 * page's nonce in development, replace these). Runs before every other middleware (enforce: 'pre').
 */
export function securityHeadersPlugin(): Plugin {
  function install(server: ViteServer) {
    const vars = serverVars(server);
    const site = Object.entries(
      securityHeaders({ supabaseUrl: vars.VITE_SUPABASE_URL?.trim() || null, errorReportOrigin: errorReportOriginOf(vars.VITE_SENTRY_DSN?.trim()) }),
    );
    const backend = Object.entries(securityHeaders({ policy: BACKEND_POLICY }));
    // A script, a stylesheet or an image is no document: nosniff alone, as on npm start (docs/decisions/0049).
    const file = Object.entries(ANSWER_HEADERS);
    const headersFor = (path: string) => (isBackendPath(path) ? backend : looksLikeFile(path) && !/\.(html|svg)$/i.test(path) ? file : site);
    server.middlewares.use((req, res, next) => {
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      for (const [name, value] of headersFor(path)) res.setHeader(name, value);
      next();
    });
  }
  return {
    name: 'porto-ferreira:security-headers',
    enforce: 'pre',
    configureServer: install,
    configurePreviewServer: install,
  };
}

/** Sets Cache-Control for good: a later writeHead (sirv's) cannot replace it. */
function keepCacheControl(res: ServerResponse, value: string): void {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((...args: unknown[]) => {
    const headers = args.find((arg): arg is Record<string, unknown> => typeof arg === 'object' && arg !== null);
    if (headers) for (const name of Object.keys(headers)) if (name.toLowerCase() === 'cache-control') delete headers[name];
    res.setHeader('Cache-Control', value);
    return writeHead(...args);
  });
}
