import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import type { EdgeHandler } from '../edge/types.ts';
import { REPOSITORY_ROOT } from '../local-supabase/src/env.ts';
import { startLocalSupabase } from '../local-supabase/src/server.ts';
import { describeStartFailure } from '../local-supabase/src/start-failure.ts';
import { builtPageRenderer } from './built-page-renderer.ts';
import { distHtmlReader, localEdgeHandler } from './local-edge.ts';
import { createNodeServer } from './node-server.ts';

// `npm start`: the built site (dist/) and the edge handler on one Node server, for a newsroom that hosts itself.
// Without VITE_SUPABASE_URL it also runs the embedded local backend in-process, as `npm run preview` does.

// The files `vite build` read, in Vite's order of precedence, so the server reads the project the bundle was built
// for. The environment wins over every file, and an earlier file over a later one: loadEnvFile never overrides.
for (const name of ['.env.production.local', '.env.production', '.env.local', '.env']) {
  const file = resolve(REPOSITORY_ROOT, name);
  if (existsSync(file)) process.loadEnvFile(file);
}

// The process's environment is read here, once, and handed on; local-supabase/src/env.ts reads its own variables.
// eslint-disable-next-line no-restricted-syntax -- npm start's entry point is where the server's variables come from.
const vars: Readonly<Record<string, string | undefined>> = { ...process.env };

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function portFrom(raw: string | undefined): number {
  const value = raw?.trim() ? Number(raw) : 3000;
  if (!Number.isInteger(value) || value < 0 || value > 65535) fail(`PORT must be a port number, got "${raw ?? ''}"`);
  return value;
}

const distDir = resolve(REPOSITORY_ROOT, 'dist');
if (!existsSync(resolve(distDir, 'index.html'))) fail('No build in dist/: run npm run build first.');

const port = portFrom(vars.PORT);
// Only this machine by default; a server or container that takes requests from outside sets HOST=0.0.0.0.
const host = vars.HOST?.trim() || '127.0.0.1';
const trustProxy = ['1', 'true', 'yes'].includes(vars.TRUST_PROXY?.trim().toLowerCase() ?? '');
const hosted = !!vars.VITE_SUPABASE_URL?.trim();
const backend = hosted
  ? null
  : await startLocalSupabase({ trustedProxy: trustProxy }).catch((error: unknown) => fail(describeStartFailure(error)));

let handler: EdgeHandler;
try {
  handler = localEdgeHandler(vars, backend, distHtmlReader(distDir), builtPageRenderer(distDir));
} catch (error) {
  await backend?.close();
  fail(`Could not start the server: ${error instanceof Error ? error.message : String(error)}`);
}

const { server, close } = createNodeServer({
  distDir,
  handler,
  backend: backend ? (req, res) => backend.handler(req, res) : undefined,
  trustProxy,
  supabaseUrl: hosted ? vars.VITE_SUPABASE_URL : null,
});

server.once('error', (error: NodeJS.ErrnoException) => {
  const reason = error.code === 'EADDRINUSE' ? `port ${port} on ${host} is in use (set PORT)` : error.message;
  void (backend?.close() ?? Promise.resolve()).finally(() => fail(`Could not start the server: ${reason}`));
});
await new Promise<void>((listening) => server.listen(port, host, listening));

const { port: actualPort } = server.address() as AddressInfo;
const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
console.info(
  `Porto Ferreira Notícias on http://${shownHost}:${actualPort} (${hosted ? 'Supabase project at VITE_SUPABASE_URL' : 'local backend'})`,
);

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.info(`[server] ${signal}: finishing the requests under way, then stopping`);
  // Bounded by createNodeServer's grace period (10 s), after which the remaining connections are cut.
  await close();
  await backend?.close();
  process.exit(0);
}

process.once('SIGINT', () => void stop('SIGINT'));
process.once('SIGTERM', () => void stop('SIGTERM'));
