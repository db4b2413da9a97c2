import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Database } from '../../local-supabase/src/db/database.ts';
import type { AdminAccountState } from '../../local-supabase/src/server.ts';
import type { BlobStore } from '../../local-supabase/src/storage/blob-store.ts';
import { isBackendPath } from '../../local-supabase/src/backend-paths.ts';
import { createSupabaseClient, type Client } from '../../src/services/client.ts';

// The one way a test starts the local backend: real HTTP on 127.0.0.1, real supabase-js clients. Suites in jsdom
// (screens) use startBackendInWorker, which runs startTestBackend in a worker thread.

export interface StartTestBackendOptions {
  /**
   * 'project' (default): every migration, the seed and the local administrator, as `npm run dev` starts it.
   * 'base': Supabase's own schema only (roles, auth, storage; no project migration, no seed, no account), for the
   * auth and storage suites, which must not depend on the project's tables and policies.
   */
  schema?: 'project' | 'base';
  /**
   * On the project schema: run supabase/seed.sql (default true). false gives what `supabase db push` alone gives a
   * hosted project: the structure from the migrations and no demo content.
   */
  seed?: boolean;
  /**
   * Keeps the database and the uploads in this folder (PGlite), so a test can restart the backend on them.
   * Default: a fresh database, in memory or, when DATABASE_URL is set, a throwaway one on that server.
   */
  dataDir?: string;
  /** Answers every request outside /rest/v1, /auth/v1, /storage/v1 and /__mailbox (the end-to-end suite serves the built app). */
  otherRequests?: (req: IncomingMessage, res: ServerResponse) => void;
  /**
   * Sees each request for the backend first; true when it dealt with it instead (the end-to-end suite's switch that
   * stops the backend or makes it hang: e2e/support/server.ts).
   */
  interceptBackend?: (req: IncomingMessage, res: ServerResponse) => boolean;
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  /** Signed in as this user. */
  client: Client;
}

/** The local administrator account, as start-up left it. */
export interface Administrator {
  email: string;
  password: string;
  account: AdminAccountState;
}

/** A running backend; on the base schema (no accounts) `administrator` is null. */
export interface TestBackend<Admin extends Administrator | null = Administrator> {
  url: string;
  anonKey: string;
  jwtSecret: string;
  /** The database itself, as its owner: for arranging rows and checking what a request did. */
  db: Database;
  /** Where uploaded files' bytes live. */
  blobs: BlobStore;
  administrator: Admin;
  /** A client with no session: an anonymous reader. */
  anon(): Client;
  /** The local administrator, signed in. */
  admin(): Promise<TestUser>;
  /** Registers a new account (pending on the project schema, since the administrator exists) and signs it in. */
  newUser(name?: string): Promise<TestUser>;
  stop(): Promise<void>;
}

let emailCounter = 0;
/** A unique address per call, so tests never depend on each other's accounts. */
export function uniqueEmail(label = 'user'): string {
  emailCounter += 1;
  return `${label}-${Date.now().toString(36)}-${emailCounter}@example.com`;
}

const TEST_PASSWORD = 'senha-segura-123';

// supabase-js refuses to start without a WebSocket (Node 20 has none unless --experimental-websocket); realtime is
// never used by these tests.
class NoRealtime {
  constructor() {
    throw new Error('realtime is not available in these tests');
  }
}

let clientCounter = 0;
function clientsOf(url: string, anonKey: string) {
  const anon = (): Client =>
    createSupabaseClient(url, anonKey, {
      // A storage key per client: in jsdom every client lives in one "browser", where supabase-js warns about
      // clients sharing a key.
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, storageKey: `test-${(clientCounter += 1)}` },
      realtime: { transport: globalThis.WebSocket ?? NoRealtime },
    });
  async function signedIn(email: string, password: string): Promise<TestUser> {
    const client = anon();
    const { data, error } = await client.auth.signInWithPassword({ email, password });
    if (error || !data.user) throw new Error(`sign-in of ${email} failed: ${error?.message}`);
    return { id: data.user.id, email, password, client };
  }
  async function newUser(name = 'Repórter de Teste'): Promise<TestUser> {
    const email = uniqueEmail();
    // The role in the metadata is what the app's sign-up form sends; the database never grants it from there.
    const { error } = await anon().auth.signUp({ email, password: TEST_PASSWORD, options: { data: { name, role: 'admin' } } });
    if (error) throw new Error(`sign-up failed: ${error.message}`);
    return signedIn(email, TEST_PASSWORD);
  }
  return { anon, signedIn, newUser };
}

/** The backend before it listens: what start-up made, and the Node handler that serves it. */
interface Started extends Pick<TestBackend<Administrator | null>, 'anonKey' | 'jwtSecret' | 'db' | 'blobs' | 'administrator'> {
  handler(req: IncomingMessage, res: ServerResponse): void;
  /** Closes every connection it opened (on PostgreSQL, the owner's and the API's). */
  close(): Promise<void>;
}

/** Starts a local backend for one test file (see StartTestBackendOptions); stop() releases everything it made. */
export function startTestBackend(options: StartTestBackendOptions & { schema: 'base' }): Promise<TestBackend<null>>;
export function startTestBackend(options?: StartTestBackendOptions & { schema?: 'project' }): Promise<TestBackend>;
export async function startTestBackend(options: StartTestBackendOptions = {}): Promise<TestBackend<Administrator | null>> {
  // Loaded here rather than at the top: a jsdom suite imports this module for startBackendInWorker only, and the
  // backend must not load into jsdom's globals.
  const [{ getRequestListener }, { createApp }, { applyBaseSchema }, { env }, { anonKeyFor }, { startLocalSupabase }, blobStores, fresh] =
    await Promise.all([
      import('@hono/node-server'),
      import('../../local-supabase/src/app.ts'),
      import('../../local-supabase/src/db/migrate.ts'),
      import('../../local-supabase/src/env.ts'),
      import('../../local-supabase/src/jwt.ts'),
      import('../../local-supabase/src/server.ts'),
      import('../../local-supabase/src/storage/blob-store.ts'),
      import('./fresh-database.ts'),
    ]);

  async function project(databaseUrl: string | undefined, apiDatabaseUrl: string | undefined): Promise<Started> {
    const local = await startLocalSupabase(
      options.dataDir
        ? { dataDir: options.dataDir, quiet: true, seed: options.seed }
        : { dataDir: null, databaseUrl, apiDatabaseUrl, quiet: true, seed: options.seed },
    );
    return {
      ...local,
      administrator: { email: local.adminEmail, password: local.adminPassword, account: local.adminAccount },
      handler: (req, res) => void local.handler(req, res),
      close: () => local.close(),
    };
  }

  // The production app (createApp) over the base schema: what startLocalSupabase does, minus the project.
  async function base(db: Database): Promise<Started> {
    await applyBaseSchema(db).catch(async (error: unknown) => {
      await db.close();
      throw error;
    });
    const { jwtSecret } = env();
    const blobs = blobStores.createMemoryBlobStore();
    const listener = getRequestListener(createApp({ db, jwtSecret, blobs }).fetch);
    return {
      anonKey: await anonKeyFor(jwtSecret),
      jwtSecret,
      db,
      blobs,
      administrator: null,
      handler: (req, res) => void listener(req, res),
      close: () => db.close(),
    };
  }

  if (options.schema === 'base' && options.dataDir) throw new Error('startTestBackend: dataDir is only for the project schema');
  const database = options.dataDir ? null : await fresh.createFreshDatabase();
  const started = await (options.schema === 'base' && database ? database.open().then(base) : project(database?.databaseUrl, database?.apiDatabaseUrl)).catch(
    async (error: unknown) => {
      await database?.drop();
      throw error;
    },
  );

  const server: Server = createServer((req, res) => {
    if (!options.otherRequests || isBackendPath(req.url ?? '/')) {
      if (!options.interceptBackend?.(req, res)) started.handler(req, res);
    } else options.otherRequests(req, res);
  });
  // A backlog above Node's 511: the view-count suite opens 1,000 connections at once, and each one the kernel drops
  // for a full accept queue costs its client a second or more of SYN retries.
  await new Promise<void>((done) => server.listen({ port: 0, host: '127.0.0.1', backlog: 2048 }, done));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clients = clientsOf(url, started.anonKey);
  const { administrator } = started;

  let stopping: Promise<void> | undefined;
  return {
    url,
    anonKey: started.anonKey,
    jwtSecret: started.jwtSecret,
    db: started.db,
    blobs: started.blobs,
    administrator,
    anon: clients.anon,
    admin: () =>
      administrator
        ? clients.signedIn(administrator.email, administrator.password)
        : Promise.reject(new Error('the base schema has no administrator')),
    newUser: clients.newUser,
    stop: () =>
      (stopping ??= (async () => {
        server.closeAllConnections();
        await new Promise<void>((done) => server.close(() => done()));
        await started.close();
        await database?.drop();
      })()),
  };
}

/** What the worker thread reports once its backend listens (test-backend-worker.ts). */
export interface WorkerBackendReady {
  url: string;
  anonKey: string;
  adminEmail: string;
  adminPassword: string;
}

/** A backend in a worker thread, reached over HTTP only. */
export interface WorkerBackend {
  url: string;
  anonKey: string;
  /** A client with no session: an anonymous reader. */
  anon(): Client;
  /** A client signed in as the local administrator. */
  admin(): Promise<Client>;
  stop(): Promise<void>;
}

/**
 * startTestBackend() in a worker thread, for suites that run in jsdom (screens): jsdom's globals (its typed arrays,
 * its URL resolution) break the backend's JWT checks and file lookups, and a worker keeps Node's own. The test talks
 * to it over HTTP only, as a browser would.
 */
export async function startBackendInWorker(): Promise<WorkerBackend> {
  const entry = pathToFileURL(join(dirname(fileURLToPath(import.meta.url)), 'test-backend-worker.ts')).href;
  // The worker loads TypeScript through tsx's API: a `--import tsx` in a worker's execArgv is not honoured on Node 20.
  const worker = new Worker(
    `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(entry)}, ${JSON.stringify(entry)}))`,
    { eval: true },
  );
  // A suite that fails before stop() must not keep the test process alive.
  worker.unref();
  const ready = await new Promise<WorkerBackendReady>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  const clients = clientsOf(ready.url, ready.anonKey);
  return {
    url: ready.url,
    anonKey: ready.anonKey,
    anon: clients.anon,
    admin: async () => (await clients.signedIn(ready.adminEmail, ready.adminPassword)).client,
    async stop() {
      const stopped = new Promise<void>((resolve) => worker.once('message', () => resolve()));
      worker.postMessage('stop');
      await stopped;
      await worker.terminate();
    },
  };
}
