import { defineConfig } from 'vitest/config';

// End-to-end journeys in Debian's Chromium against the built app (dist/) served with an in-memory local backend.
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['e2e/**/*.e2e.ts'],
    // The deploy paths build and serve a copy of their own: vitest.deploy.config.ts.
    exclude: ['e2e/deploy/**'],
    globalSetup: ['e2e/support/global-setup.ts'],
    // One browser journey at a time: the machine has two cores and the backend is one PGlite connection.
    fileParallelism: false,
    execArgv: ['--experimental-websocket'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
