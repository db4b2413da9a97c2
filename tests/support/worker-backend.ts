import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { createSupabaseClient, type Client } from '../../src/services/client.ts';
import type { WorkerBackendReady } from './backend-worker.ts';

export interface WorkerBackend {
  /** A client with no session: an anonymous reader. */
  anon(): Client;
  /** The seeded administrator, signed in. */
  admin(): Promise<Client>;
  stop(): Promise<void>;
}

/**
 * A local backend in a worker thread, for tests that run in jsdom (screens): jsdom's globals (its typed arrays, its
 * URL resolution) break the backend's JWT checks and file lookups, and a worker keeps Node's own. The parent only
 * talks to it over HTTP, as a browser would.
 */
export async function startBackendInWorker(): Promise<WorkerBackend> {
  const here = fileURLToPath(import.meta.url);
  const entry = pathToFileURL(join(dirname(here), 'backend-worker.ts')).href;
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

  // A storage key per client: jsdom looks like one browser, where supabase-js warns about clients sharing a key.
  let clients = 0;
  const newClient = () =>
    createSupabaseClient(ready.url, ready.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, storageKey: `worker-backend-${(clients += 1)}` },
    });

  return {
    anon: newClient,
    async admin() {
      const client = newClient();
      const { error } = await client.auth.signInWithPassword({ email: ready.adminEmail, password: ready.adminPassword });
      if (error) throw new Error(`sign-in of the administrator failed: ${error.message}`);
      return client;
    },
    async stop() {
      const stopped = new Promise<void>((resolve) => worker.once('message', () => resolve()));
      worker.postMessage('stop');
      await stopped;
      await worker.terminate();
    },
  };
}
