import { afterAll, beforeAll } from 'vitest';
import type { Client } from '../../src/services/client.ts';
import { startBackendInWorker, type WorkerBackend } from './test-backend.ts';

// The admin route tests that run a screen against the local backend (its route's loader and action, its services,
// the database): one backend per test file, in a worker (startBackendInWorker), and the screen's browserClient()
// answering with a client the test chose. Each such file mocks src/services/browser-client.ts with this module's
// stand-in, the one line vi.mock needs in the test file itself:
//
//   vi.mock('../../../services/browser-client', () => import('../../../../tests/support/route-test-backend'));
//   const route = routeTestBackend({ screenSignedIn: 'admin' });

let current: Client | undefined;

/** The client the screen under test uses (setScreenClient): the stand-in for src/services/browser-client.ts's. */
export function screenClient(): Client {
  if (!current) throw new Error('the test backend has not started');
  return current;
}

export { screenClient as browserClient };

/** From now on the screen talks to the backend as this client (a new account signed in, a recovery session). */
export function setScreenClient(client: Client): void {
  current = client;
}

interface RouteTestBackendOptions {
  /**
   * Who the screen is once the backend runs: the local administrator (default), an anonymous visitor, or nobody yet
   * (the test signs someone in with setScreenClient).
   */
  screenSignedIn?: 'admin' | 'anonymous' | 'nobody';
}

/**
 * Starts the local backend before the file's tests and stops it after them. `backend` is there from the first
 * test (and in a `beforeAll` registered after this call) on.
 */
export function routeTestBackend({ screenSignedIn = 'admin' }: RouteTestBackendOptions = {}): { readonly backend: WorkerBackend } {
  let started: WorkerBackend | undefined;
  beforeAll(async () => {
    started = await startBackendInWorker();
    if (screenSignedIn === 'admin') setScreenClient(await started.admin());
    if (screenSignedIn === 'anonymous') setScreenClient(started.anon());
  }, 60_000);
  afterAll(async () => {
    current = undefined;
    await started?.stop();
  });
  return {
    get backend() {
      if (!started) throw new Error('the test backend has not started');
      return started;
    },
  };
}
