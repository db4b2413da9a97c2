import { createReadStream, existsSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { htmlFileFor } from '../../server/prerendered-pages-plugin.ts';
import { startTestBackend } from '../../tests/support/test-backend.ts';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

export interface RunningApp {
  baseUrl: string;
  anonKey: string;
  adminEmail: string;
  adminPassword: string;
  stop(): Promise<void>;
}

/**
 * Serves the built app and the local backend on one origin, 127.0.0.1 only. A page address gets its prerendered HTML
 * as `vite preview` answers it (server/prerendered-pages-plugin.ts), else index.html.
 */
export async function startBuiltApp(distDir = resolve(import.meta.dirname, '../../dist')): Promise<RunningApp> {
  if (!existsSync(join(distDir, 'index.html'))) throw new Error(`No build in ${distDir}: run "npx vite build" first`);
  const root = resolve(distDir);

  const serveFile = (req: IncomingMessage, res: ServerResponse) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const candidate = normalize(join(root, pathname));
    const inside = candidate === root || candidate.startsWith(root + sep);
    const page = htmlFileFor(root, pathname);
    const fallback = existsSync(page) ? page : join(root, 'index.html');
    const file = inside && existsSync(candidate) && statSync(candidate).isFile() ? candidate : fallback;
    const type = CONTENT_TYPES[extname(file)] ?? 'application/octet-stream';
    res.writeHead(200, {
      'Content-Type': type,
      'Cache-Control': file.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    createReadStream(file).pipe(res);
  };

  // The backend answers /rest/v1, /auth/v1 and /storage/v1; every other request gets a file of the build.
  const backend = await startTestBackend({ otherRequests: serveFile });

  return {
    baseUrl: backend.url,
    anonKey: backend.anonKey,
    adminEmail: backend.administrator.email,
    adminPassword: backend.administrator.password,
    stop: () => backend.stop(),
  };
}
