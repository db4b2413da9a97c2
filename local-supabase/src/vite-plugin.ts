import type { IncomingMessage, ServerResponse } from 'node:http';
import { loadEnv, type Plugin } from 'vite';
import { isBackendPath } from './backend-paths.ts';
import { readEnv } from './env.ts';
import { anonKeyFor } from './jwt.ts';
import { startLocalSupabase, type LocalSupabase } from './server.ts';
import { describeStartFailure } from './start-failure.ts';

type Next = (error?: unknown) => void;
interface HostServer {
  middlewares: { use(handler: (req: IncomingMessage, res: ServerResponse, next: Next) => void): unknown };
  httpServer: { once(event: 'close', listener: () => void): unknown } | null;
}

/**
 * One backend per process, kept on globalThis: Vite re-imports its config (and so this module) when it restarts
 * the dev server, and a persisted PGlite folder must never be opened twice at once.
 */
interface SharedBackend {
  starting: Promise<LocalSupabase> | null;
  closing: Promise<void> | null;
  users: number;
}
const holder = globalThis as typeof globalThis & { __localSupabaseBackend?: SharedBackend };
const shared: SharedBackend = (holder.__localSupabaseBackend ??= { starting: null, closing: null, users: 0 });

function acquireBackend(jwtSecret: string): Promise<LocalSupabase> {
  shared.users += 1;
  shared.starting ??= (shared.closing ?? Promise.resolve()).then(() => startLocalSupabase({ jwtSecret }));
  return shared.starting;
}

async function releaseBackend(): Promise<void> {
  shared.users -= 1;
  if (shared.users > 0 || !shared.starting) return;
  const starting = shared.starting;
  shared.starting = null;
  shared.closing = starting.then((backend) => backend.close()).catch(() => undefined);
  await shared.closing;
}

/** The backend this process's dev or preview server runs, once it has started; null when it serves a hosted project. */
export function runningLocalBackend(): Promise<LocalSupabase> | null {
  return shared.starting;
}

/**
 * Starts the backend and mounts its handler on a dev or preview server; returns the (idempotent) release of the
 * backend. Vite awaits this hook, so its banner appears only once the API answers. A backend that cannot start
 * ends the process after one line: a page served with every API call failing would pretend to be up.
 */
async function mount(server: HostServer, jwtSecret: string): Promise<() => Promise<void>> {
  const running = await acquireBackend(jwtSecret).catch((error: unknown) => {
    console.error(describeStartFailure(error));
    process.exit(1);
  });
  server.middlewares.use((req, res, next) => {
    if (!isBackendPath(req.url)) return next();
    running.handler(req, res).catch(next);
  });
  let released: Promise<void> | undefined;
  const release = () => (released ??= releaseBackend());
  server.httpServer?.once('close', () => void release());
  return release;
}

/**
 * Serves the local Supabase on the Vite dev and preview servers' own origin, unless VITE_SUPABASE_URL points the
 * app at a hosted project. Also defines VITE_LOCAL_SUPABASE_ANON_KEY, the anon key for the local JWT secret.
 */
export function localSupabase(): Plugin {
  let enabled = false;
  let jwtSecret = '';
  let release: (() => Promise<void>) | undefined;
  return {
    name: 'local-supabase',
    async config(config, { mode }) {
      const envDir = typeof config.envDir === 'string' ? config.envDir : (config.root ?? process.cwd());
      // loadEnv reads .env files and process.env alike (the environment wins), as npm start does
      // (server/start.ts): the secret the bundle's anon key is signed with is the one the server runs with.
      const vars = loadEnv(mode, envDir, ['VITE_', 'LOCAL_SUPABASE_']);
      enabled = !vars.VITE_SUPABASE_URL?.trim();
      if (!enabled) return;
      jwtSecret = readEnv(vars).jwtSecret;
      const anonKey = await anonKeyFor(jwtSecret);
      return { define: { 'import.meta.env.VITE_LOCAL_SUPABASE_ANON_KEY': JSON.stringify(anonKey) } };
    },
    async configureServer(server) {
      if (enabled) release = await mount(server, jwtSecret);
    },
    async configurePreviewServer(server) {
      if (enabled) release = await mount(server, jwtSecret);
    },
    // Vite awaits this when the dev server closes (the HTTP server's close event is not awaited), so the
    // database is shut down cleanly before the process exits.
    async closeBundle() {
      await release?.();
    },
  };
}
