import { createReadStream, existsSync } from 'node:fs';
import { realpath } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import { BACKEND_POLICY, securityHeaders } from '../edge/security-headers.ts';
import type { EdgeHandler } from '../edge/types.ts';
import { isBackendPath } from '../local-supabase/src/backend-paths.ts';
import { findStaticFile, etagFor, isNotModified, type StaticFile } from './static-files.ts';
import { cacheControlFor, decodePath, isHandlerAddress, looksLikeFile } from './static-policy.ts';
import { BadRequestError, requestOrigin, sendBody, sendWebResponse, toWebRequest } from './web-bridge.ts';

/** A Node (req, res) listener: the embedded local Supabase (LocalSupabase.handler). */
export type NodeListener = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

export interface NodeServerOptions {
  /** The build's folder (dist/). */
  distDir: string;
  handler: EdgeHandler;
  /** The local backend, answering /rest/v1, /auth/v1 and /storage/v1 on the site's own origin. */
  backend?: NodeListener;
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
}

export interface NodeServer {
  server: Server;
  /** The same answers as a (req, res) listener, for a server of another's making (the end-to-end suite's). */
  listener: (req: IncomingMessage, res: ServerResponse) => void;
  /** Stops accepting, lets in-flight requests finish (bounded), closes keep-alive connections. Idempotent. */
  close: () => Promise<void>;
}

function sendText(res: ServerResponse, status: number, text: string): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.end(text);
}

/** Errors of a client that went away mid-answer: nothing to report. */
function isClientGone(error: unknown, res: ServerResponse): boolean {
  const code = error instanceof Error && 'code' in error ? error.code : undefined;
  return res.destroyed || code === 'ERR_STREAM_PREMATURE_CLOSE' || code === 'ECONNRESET' || code === 'EPIPE';
}

export function createNodeServer(options: NodeServerOptions): NodeServer {
  const { handler, backend, trustProxy = false, shutdownGraceMs = 10_000 } = options;
  // Every answer, file, page or API, starts with these (edge/security-headers.ts); the handler's own replace them.
  const siteHeaders = Object.entries(securityHeaders({ supabaseUrl: options.supabaseUrl }));
  const backendHeaders = Object.entries(securityHeaders({ policy: BACKEND_POLICY }));
  const distDir = resolve(options.distDir);
  // Files are checked against dist/'s real path, so a symbolic link inside cannot lead out of it.
  let distRoot: Promise<string> | undefined;
  const root = () => (distRoot ??= realpath(distDir));
  let closing: Promise<void> | undefined;

  async function serveFile(req: IncomingMessage, res: ServerResponse, path: string, found: StaticFile): Promise<void> {
    const { stats } = found;
    res.setHeader('Content-Type', found.contentType);
    res.setHeader('Cache-Control', cacheControlFor(path));
    res.setHeader('ETag', etagFor(stats));
    res.setHeader('Last-Modified', stats.mtime.toUTCString());
    if (isNotModified(req.headers, stats)) {
      res.statusCode = 304;
      await sendBody(req, res, null, { streaming: false });
      return;
    }
    res.statusCode = 200;
    res.setHeader('Content-Length', stats.size);
    await sendBody(req, res, req.method === 'HEAD' ? null : createReadStream(found.file), { streaming: false });
  }

  /** The plain app page for an address the handler left alone: the browser's router takes it from there. */
  async function serveAppPage(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const file = ['app.html', 'index.html'].map((name) => resolve(distDir, name)).find((candidate) => existsSync(candidate));
    if (!file) {
      sendText(res, 404, 'Página não encontrada.');
      return;
    }
    res.statusCode = 200;
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache');
    await sendBody(req, res, req.method === 'HEAD' ? null : createReadStream(file), { streaming: false });
  }

  async function answer(req: IncomingMessage, res: ServerResponse, abort: AbortSignal): Promise<void> {
    const rawPath = (req.url ?? '/').split('?')[0] ?? '/';
    const toBackend = !!backend && isBackendPath(rawPath);
    for (const [name, value] of toBackend ? backendHeaders : siteHeaders) res.setHeader(name, value);
    if (backend && toBackend) {
      await backend(req, res);
      return;
    }
    const path = decodePath(rawPath);
    if (path === null) throw new BadRequestError(`unusable path: ${rawPath}`);
    const readsOnly = req.method === 'GET' || req.method === 'HEAD';
    const file = readsOnly ? await findStaticFile(await root(), path) : null;
    if (file && !isHandlerAddress(path)) {
      await serveFile(req, res, path, file);
      return;
    }
    const origin = options.siteUrl ?? requestOrigin(req, trustProxy);
    const response = await handler(toWebRequest(req, origin, abort));
    if (response) {
      await sendWebResponse(req, res, response);
      return;
    }
    if (file) await serveFile(req, res, path, file);
    else if (!readsOnly || looksLikeFile(path)) sendText(res, 404, 'Não encontrado.');
    else await serveAppPage(req, res);
  }

  const listener = (req: IncomingMessage, res: ServerResponse): void => {
    // Aborts the handler's own fetches when the client leaves before the answer is complete.
    const aborter = new AbortController();
    res.once('close', () => {
      if (!res.writableFinished) aborter.abort();
      // While shutting down, the connection of a finished answer is idle now: close it (keep-alive would hold it).
      if (closing) setImmediate(() => server.closeIdleConnections());
    });
    if (closing) res.setHeader('Connection', 'close');
    answer(req, res, aborter.signal).catch((error: unknown) => {
      if (error instanceof BadRequestError) {
        if (!res.headersSent) sendText(res, 400, 'Endereço inválido.');
        return;
      }
      if (isClientGone(error, res)) return;
      console.error(`[server] ${req.method ?? 'GET'} ${req.url ?? '/'} failed:`, error);
      if (!res.headersSent) sendText(res, 500, 'Erro interno do servidor. Tente novamente em instantes.');
      else res.destroy();
    });
  };
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
