import { existsSync } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import { getRequestListener, RequestError, type HttpBindings } from '@hono/node-server';
import { Hono, type Context } from 'hono';
import { mount } from 'hono/mount';
import { ANSWER_HEADERS, BACKEND_POLICY, securityHeaders, withAnswerHeaders, withHeaders } from '../edge/security-headers.ts';
import type { EdgeHandler, ReportError } from '../edge/types.ts';
import { BACKEND_PREFIXES } from '../local-supabase/src/backend-paths.ts';
import type { Logger } from 'pino';
import { redactTarget } from '../edge/log-redaction.ts';
import { compress } from './compression.ts';
import { withRequestLog } from './request-log.ts';
import { BadRequestError, originForm, readerAddress, requestAt, requestOrigin, urlOnOrigin } from './request-url.ts';
import { findStaticFile, sendStaticFile } from './static-files.ts';
import { cacheControlFor, decodePath, isHandlerAddress, looksLikeFile } from './static-policy.ts';

/** An app answering Web requests: the embedded local Supabase's Hono app (LocalSupabase.app), mounted as it is. */
export interface MountedApp {
  fetch(request: Request, env?: unknown): Response | Promise<Response>;
}

export interface NodeServerOptions {
  /** The build's folder (dist/). */
  distDir: string;
  handler: EdgeHandler;
  /** The local backend's app, answering /rest/v1, /auth/v1 and /storage/v1 on the site's own origin. */
  backend?: MountedApp;
  /** Take the origin from X-Forwarded-Proto/-Host (only behind a reverse proxy that sets them). */
  trustProxy?: boolean;
  /** How long close() lets in-flight requests run before cutting their connections (default 10 s). */
  shutdownGraceMs?: number;
  /** The hosted project the browser talks to (VITE_SUPABASE_URL), for the page policy; absent: the local backend. */
  supabaseUrl?: string | null;
  /**
   * The site's public origin (production's SITE_URL): every request is taken to be on it, whatever its Host or
   * X-Forwarded-Host says. Absent: each request's own origin (development and the end-to-end suite's server).
   */
  siteUrl?: string | null;
  /** The request log's logger (npm start): one line per request (server/request-log.ts). Absent: no request lines. */
  log?: () => Logger;
  /** The error reports (server/error-reports.ts): told of every request that failed with a 500. Absent: logged only. */
  reportError?: ReportError;
  /** The browser's error reports' origin (VITE_SENTRY_DSN's), for the page policy; absent: none. */
  errorReportOrigin?: string | null;
}

export interface NodeServer {
  server: Server;
  /** The same answers as a (req, res) listener, for a server of another's making (the end-to-end suite's). */
  listener: (req: IncomingMessage, res: ServerResponse) => void;
  /** Stops accepting, lets in-flight requests finish (bounded), closes keep-alive connections. Idempotent. */
  close: () => Promise<void>;
}

function plainText(status: number, text: string): Response {
  return new Response(text, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });
}

const BAD_REQUEST = 'Endereço inválido.';

type SiteEnv = { Bindings: HttpBindings };

/**
 * The site's answers (every address but the local backend's) as a Hono app: a built file, the edge handler's
 * answer, the app page, or a 404; compressed (server/compression.ts).
 */
function siteApp(options: NodeServerOptions): Hono<SiteEnv> {
  const { handler, trustProxy = false } = options;
  const distDir = resolve(options.distDir);
  // Files are checked against dist/'s real path, so a symbolic link inside cannot lead out of it.
  let distRoot: Promise<string> | undefined;
  const root = () => (distRoot ??= realpath(distDir));

  /** The plain app page for an address the handler left alone: the browser's router takes it from there. */
  async function appPage(c: Context<SiteEnv, string>): Promise<Response> {
    // The templates are private build files under their own address (static-policy.ts), so not found through it.
    const file = ['app.html', 'index.html'].map((name) => resolve(distDir, name)).find((candidate) => existsSync(candidate));
    const stats = file ? await stat(file).catch(() => null) : null;
    const sent = file && stats ? await sendStaticFile(c, { file, stats }, 'no-cache') : undefined;
    return sent ?? plainText(404, 'Página não encontrada.');
  }

  // Documents (the handler's pages, the app page, an SVG) carry the page policy and its companions; the handler's
  // own policy (its script hashes) stays. Every other answer has only ANSWER_HEADERS, set before it is written.
  const documentHeaders = securityHeaders({ supabaseUrl: options.supabaseUrl, errorReportOrigin: options.errorReportOrigin });
  const app = new Hono<SiteEnv>();
  app.use(compress());
  app.use(async (c, next) => {
    await next();
    c.res = withAnswerHeaders(c.res, documentHeaders);
  });
  app.all('*', async (c) => {
    // Every request is on the site's origin (SITE_URL when set); the target contributes only its path.
    const origin = options.siteUrl ?? requestOrigin(c.env.incoming, trustProxy);
    const url = urlOnOrigin(c.env.incoming.url ?? '/', origin);
    const path = decodePath(url.pathname);
    if (path === null) throw new BadRequestError(`unusable path: ${url.pathname}`);
    const readsOnly = c.req.method === 'GET' || c.req.method === 'HEAD';
    const file = readsOnly ? await findStaticFile(await root(), path) : null;
    const sendFile = () => (file ? sendStaticFile(c, file, cacheControlFor(path)) : Promise.resolve(undefined));
    if (file && !isHandlerAddress(path)) {
      const sent = await sendFile();
      if (sent) return sent;
    }
    const response = await handler(requestAt(c.req.raw, url), { clientAddress: readerAddress(c.env.incoming, trustProxy) });
    if (response) return response;
    const fallback = await sendFile();
    if (fallback) return fallback;
    if (!readsOnly || looksLikeFile(path)) return plainText(404, 'Não encontrado.');
    return appPage(c);
  });
  app.onError((error, c) => {
    if (error instanceof BadRequestError) return plainText(400, BAD_REQUEST);
    console.error(`[server] ${c.req.method} ${redactTarget(c.env.incoming.url ?? '/')} failed:`, error);
    options.reportError?.(error, { method: c.req.method, path: c.env.incoming.url ?? '/' });
    return plainText(500, 'Erro interno do servidor. Tente novamente em instantes.');
  });
  return app;
}

/**
 * npm start's one Hono app: the embedded backend's app mounted on its prefixes as it is (its own middleware, errors
 * and 404s; its answers sandboxed by BACKEND_POLICY, never compressed), and the site's answers for every other
 * address (decision 0051).
 */
function hostApp(options: NodeServerOptions): Hono<SiteEnv> {
  const app = new Hono<SiteEnv>();
  const { backend } = options;
  if (backend) {
    const backendHeaders = securityHeaders({ policy: BACKEND_POLICY });
    // The request as it came (its full path, its peer through the Node bindings): the backend routes on its prefixes.
    // Its options are the bindings alone: mount's default also asks for the execution context, which Node's requests
    // lack, and Hono answers that with a thrown error, caught, on every API request.
    const toBackend = mount((request, env) => backend.fetch(request, env), { replaceRequest: false, optionHandler: (c): HttpBindings => (c as Context<SiteEnv>).env });
    for (const prefix of BACKEND_PREFIXES) {
      // `/rest/v1/*` is `/rest/v1` and everything under it, never `/rest/v10`. The answer's own headers win over the
      // sandbox's companions, as they did when Node merged them.
      app.use(`${prefix}/*`, async (c, next) => {
        await next();
        const own = c.res.headers;
        c.res = withHeaders(c.res, Object.fromEntries(Object.entries(backendHeaders).filter(([name]) => !own.has(name))));
      });
      app.all(`${prefix}/*`, toBackend);
    }
  }
  app.route('/', siteApp(options));
  return app;
}

export function createNodeServer(options: NodeServerOptions): NodeServer {
  const { shutdownGraceMs = 10_000 } = options;
  // Every answer starts with these (edge/security-headers.ts): the site's documents add the page policy in siteApp,
  // the backend's answers its sandbox in hostApp (Node merges the headers set here under those of the answer's own).
  const answerHeaders = Object.entries(ANSWER_HEADERS);
  const listen = getRequestListener(hostApp(options).fetch, {
    // What @hono/node-server refuses before the app sees it: an unusable Host, a backslash in the path.
    errorHandler: (error) => {
      if (error instanceof RequestError) return plainText(400, BAD_REQUEST);
      options.reportError?.(error, { method: '?', path: '?' });
      return plainText(500, 'Erro interno do servidor.');
    },
  });
  let closing: Promise<void> | undefined;

  const answer = (req: IncomingMessage, res: ServerResponse): void => {
    res.once('close', () => {
      // While shutting down, the connection of a finished answer is idle now: close it (keep-alive would hold it).
      if (closing) setImmediate(() => server.closeIdleConnections());
    });
    if (closing) res.setHeader('Connection', 'close');
    // An absolute-form target (`GET http://other.example/x`) is taken as its path, for the backend as for the site.
    req.url = originForm(req.url ?? '/');
    for (const [name, value] of answerHeaders) res.setHeader(name, value);
    Promise.resolve(listen(req, res)).catch((error: unknown) => {
      console.error(`[server] ${req.method ?? 'GET'} ${redactTarget(req.url ?? '/')} failed:`, error);
      options.reportError?.(error, { method: req.method ?? 'GET', path: req.url ?? '/' });
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Erro interno do servidor.');
      else res.destroy();
    });
  };
  // Every answer carries its request id; with a logger, every request leaves its line.
  const listener = withRequestLog(answer, { log: options.log, trustProxy: options.trustProxy ?? false });
  const server = createServer(listener);

  function close(): Promise<void> {
    closing ??= new Promise<void>((done, fail) => {
      const timer = setTimeout(() => server.closeAllConnections(), shutdownGraceMs);
      timer.unref();
      server.close((error) => {
        clearTimeout(timer);
        // Closing a server that never listened is not a failure of shutting down.
        if (error && (error as NodeJS.ErrnoException).code !== 'ERR_SERVER_NOT_RUNNING') fail(error);
        else done();
      });
      server.closeIdleConnections();
    });
    return closing;
  }

  return { server, listener, close };
}
