import { defineConfig } from 'vitest/config';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { PREACT_ALIASES } from './server/preact-aliases.ts';

// Node 25+ defines its own global `localStorage` (undefined without --localstorage-file), which would hide jsdom's.
// Node 20 does not know the flag, so it is passed only where Node accepts it.
const WITHOUT_NODE_WEB_STORAGE = process.allowedNodeEnvironmentFlags.has('--no-experimental-webstorage')
  ? ['--no-experimental-webstorage']
  : [];

const ADMIN_TESTS = 'src/features/admin/**/*.test.{ts,tsx}';

/** What both component-test projects share. */
const DOM_TEST: { environment: 'jsdom'; execArgv: string[]; testTimeout: number; setupFiles: string[] } = {
  environment: 'jsdom',
  execArgv: WITHOUT_NODE_WEB_STORAGE,
  // Above the 10 s that findBy* may wait (src/test/setup.ts): on a busy 2-core machine a file's first test also pays
  // for loading its route's modules.
  testTimeout: 20_000,
  setupFiles: ['src/test/setup.ts'],
};

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
        plugins: [react()],
        // The reader's components run on what ships: preact/compat (server/preact-aliases.ts).
        resolve: {
          alias: [
            ...PREACT_ALIASES,
            // The ES module builds of the libraries that import React, so the aliases reach their imports too: Node
            // would load their CommonJS builds, which require React's own runtime beside Preact's.
            { find: /^@testing-library\/react$/, replacement: '@testing-library/react/dist/@testing-library/react.esm.js' },
            { find: /^react-router$/, replacement: fileURLToPath(new URL('node_modules/react-router/dist/development/index.mjs', import.meta.url)) },
          ],
        },
        test: {
          name: 'dom',
          ...DOM_TEST,
          server: { deps: { inline: [/@testing-library\/react/, /react-router/] } },
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: [ADMIN_TESTS],
        },
      },
      {
        // The admin panel's components on React itself. TipTap's React binding requires use-sync-external-store, a
        // CommonJS package that Node loads with React's own runtime whatever the aliases say; the browser build
        // bundles it onto Preact, and the end-to-end journeys drive the admin panel there (docs/decisions/0017).
        plugins: [react()],
        test: { name: 'dom-admin', ...DOM_TEST, include: [ADMIN_TESTS] },
      },
    ],
  },
});
