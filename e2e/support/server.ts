import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { edgeConfigFrom } from '../../edge/edge-config.ts';
import { createEdgeHandler } from '../../edge/handler.ts';
import type { EdgeHandler } from '../../edge/types.ts';
import { createNodeServer } from '../../server/node-server.ts';
import { distHtmlReader } from '../../server/local-edge.ts';
import { startTestBackend } from '../../tests/support/test-backend.ts';

export interface RunningApp {
  baseUrl: string;
  anonKey: string;
  adminEmail: string;
  adminPassword: string;
  stop(): Promise<void>;
}

/**
 * The built app as `npm start` serves it (server/node-server.ts with the edge handler) and an in-memory local backend,
 * on one origin on 127.0.0.1. The handler reads the data over HTTP from that same origin, as it would a hosted project.
 */
export async function startBuiltApp(distDir = resolve(import.meta.dirname, '../../dist')): Promise<RunningApp> {
  if (!existsSync(join(distDir, 'index.html'))) throw new Error(`No build in ${distDir}: run "npm run build:app" first`);
  let handler: EdgeHandler | null = null;
  const site = createNodeServer({
    distDir,
    // Set once the backend listens (the origin names its port); no page is asked for before that.
    handler: (request) => (handler ? handler(request) : Promise.reject(new Error('the edge handler is not ready'))),
  });
  // The backend answers /rest/v1, /auth/v1 and /storage/v1; every other request is the site's.
  const backend = await startTestBackend({ otherRequests: site.listener });
  handler = createEdgeHandler(edgeConfigFrom({ VITE_LOCAL_SUPABASE_ANON_KEY: backend.anonKey }, backend.url), {
    readHtml: distHtmlReader(distDir),
    fetch: (input, init) => fetch(input, init),
  });

  return {
    baseUrl: backend.url,
    anonKey: backend.anonKey,
    adminEmail: backend.administrator.email,
    adminPassword: backend.administrator.password,
    stop: () => backend.stop(),
  };
}
