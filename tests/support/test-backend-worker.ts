// Worker-thread entry of startBackendInWorker (test-backend.ts): startTestBackend() here, on Node's own globals. It
// reports where the backend listens, and answers the parent's first message by stopping it.
import { parentPort } from 'node:worker_threads';
import { startTestBackend, type WorkerBackendReady } from './test-backend.ts';

const port = parentPort;
if (!port) throw new Error('test-backend-worker.ts runs only as a worker thread');

const backend = await startTestBackend();

port.once('message', () => {
  void backend.stop().then(() => port.postMessage('stopped'));
});

const ready: WorkerBackendReady = {
  url: backend.url,
  anonKey: backend.anonKey,
  adminEmail: backend.administrator.email,
  adminPassword: backend.administrator.password,
};
port.postMessage(ready);
