import { defineConfig } from 'vitest/config';
import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';

// Node 25+ defines its own global `localStorage` (undefined without --localstorage-file), which would hide jsdom's.
// Node 20 does not know the flag, so it is passed only where Node accepts it.
const WITHOUT_NODE_WEB_STORAGE = process.allowedNodeEnvironmentFlags.has('--no-experimental-webstorage')
  ? ['--no-experimental-webstorage']
  : [];

export default defineConfig({
  test: {
    // One test file per core, not Vitest's default of one fewer: the local backend of an integration test runs in
    // that test's own worker, so the main process is nearly idle (on a 2-core machine, `npm test` 287 s → about 205 s).
    maxWorkers: availableParallelism(),
    projects: [
      {
        // The local backend and the integration tests: real supabase-js over HTTP against the local backend.
        test: {
          name: 'node',
          environment: 'node',
          include: ['local-supabase/**/*.test.ts', 'tests/**/*.test.ts', 'edge/**/*.test.ts'],
          // supabase-js needs a global WebSocket on Node 20 (see the README's version pins).
          execArgv: ['--experimental-websocket'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The components, reader's and admin's, on React as the browser runs them.
        plugins: [react()],
        test: {
          name: 'dom',
          environment: 'jsdom',
          execArgv: WITHOUT_NODE_WEB_STORAGE,
          // Above the 10 s that findBy* may wait (src/test/setup.ts): on a busy 2-core machine a file's first test
          // also pays for loading its route's modules.
          testTimeout: 20_000,
          setupFiles: ['src/test/setup.ts'],
          include: ['src/**/*.test.{ts,tsx}'],
        },
      },
    ],
  },
});
