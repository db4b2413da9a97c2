// Worker-thread entry of startBackendInWorker (worker-backend.ts): a local backend on in-memory PGlite, or on a fresh
// database when DATABASE_URL is set, listening on 127.0.0.1. It answers the parent's first message by stopping.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parentPort } from 'node:worker_threads';
import { createFreshDatabase } from '../../local-supabase/src/db/fresh-database.ts';
import { startLocalSupabase } from '../../local-supabase/src/server.ts';

export interface WorkerBackendReady {
  url: string;
  anonKey: string;
  adminEmail: string;
  adminPassword: string;
}

const port = parentPort;
if (!port) throw new Error('backend-worker.ts runs only as a worker thread');

const fresh = await createFreshDatabase();
const backend = await startLocalSupabase({ dataDir: null, databaseUrl: fresh.databaseUrl, quiet: true });
const server: Server = createServer((req, res) => void backend.handler(req, res));
await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));

port.once('message', () => {
  server.closeAllConnections();
  server.close(() => {
    void backend
      .close()
      .then(() => fresh.drop())
      .then(() => port.postMessage('stopped'));
  });
});

const ready: WorkerBackendReady = {
  url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
  anonKey: backend.anonKey,
  adminEmail: backend.adminEmail,
  adminPassword: backend.adminPassword,
};
port.postMessage(ready);
