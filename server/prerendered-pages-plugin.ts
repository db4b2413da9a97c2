import { createReadStream, existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { APP_SHELL_FILE, prerenderedPageFor } from '../src/app/prerendered-pages.ts';

type Next = (error?: unknown) => void;

/** Vite's build names every asset by its content hash: it never changes under the same name. */
const HASHED_ASSET = /^\/assets\/[\w.-]+$/;
/** Seed and fallback images are not content-hashed (scripts/make-images.sh may redraw one under its name). */
const PUBLIC_IMAGE = /^\/images\/[\w/.-]+$/;

/** The caching of a built file, or null to leave it to Vite (a missing file falls through to a page, never cached). */
export function staticCacheControl(distDir: string, pathname: string): string | null {
  if (pathname.includes('..')) return null;
  if (HASHED_ASSET.test(pathname)) return 'public, max-age=31536000, immutable';
  if (PUBLIC_IMAGE.test(pathname) && existsSync(resolve(distDir, `.${pathname}`))) return 'public, max-age=86400';
  return null;
}

/** The HTML file of dist/ that answers a page address: its prerendered page, else the plain app page. */
export function htmlFileFor(distDir: string, pathname: string): string {
  const page = prerenderedPageFor(pathname);
  return resolve(distDir, page?.file ?? APP_SHELL_FILE);
}

/** Sets Cache-Control for good: Vite's preview serves files in sirv's dev mode, whose writeHead says no-cache. */
function fixCacheControl(res: ServerResponse, value: string): void {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((...args: unknown[]) => {
    const headers = args.find((arg): arg is Record<string, unknown> => typeof arg === 'object' && arg !== null);
    if (headers) for (const name of Object.keys(headers)) if (name.toLowerCase() === 'cache-control') delete headers[name];
    res.setHeader('Cache-Control', value);
    return writeHead(...args);
  });
}

/**
 * `vite preview` answers each page address with its prerendered HTML (scripts/prerender.ts) instead of one
 * index.html for all, so a topic or a story paints its frame before the JavaScript runs and the app hydrates the
 * page it expects. HTML is revalidated on every visit (a new build replaces it); hashed assets are cached for good
 * and the public images for a day.
 */
export function prerenderedPages(): Plugin {
  return {
    name: 'porto-ferreira:prerendered-pages',
    configurePreviewServer(server) {
      const distDir = resolve(server.config.root, server.config.build.outDir);
      server.middlewares.use((req: IncomingMessage, res: ServerResponse, next: Next) => {
        const cacheControl = staticCacheControl(distDir, new URL(req.url ?? '/', 'http://localhost').pathname);
        if (cacheControl) fixCacheControl(res, cacheControl);
        next();
      });
      // After Vite's own middlewares (compression, files, the SPA fallback, which has rewritten a page address to
      // /index.html by then): the page's own HTML instead, still compressed.
      return () => {
        server.middlewares.use((req: IncomingMessage & { originalUrl?: string }, res: ServerResponse, next: Next) => {
          if (req.url !== '/index.html' || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
          const { pathname } = new URL(req.originalUrl ?? '/', 'http://localhost');
          const file = htmlFileFor(distDir, pathname);
          // A build without the prerender step (plain `vite build`) still works: Vite's own index.html.
          if (!existsSync(file)) return next();
          res.statusCode = 200;
          res.setHeader('Content-Type', 'text/html; charset=utf-8');
          res.setHeader('Cache-Control', 'no-cache');
          if (req.method === 'HEAD') return res.end();
          createReadStream(file).pipe(res);
        });
      };
    },
  };
}
