import { defineConfig } from 'vitest/config';

// The deploy paths the README documents, each proven on a clean copy of the working tree built for a stand-in
// hosted Supabase project (e2e/deploy/global-setup.ts): `npm run test:deploy`.
export default defineConfig({
  test: {
    name: 'deploy',
    environment: 'node',
    include: ['e2e/deploy/**/*.e2e.ts'],
    globalSetup: ['e2e/deploy/global-setup.ts'],
    // One deploy path at a time: each starts servers and a browser, and the machine has two cores.
    fileParallelism: false,
    // supabase-js needs a global WebSocket on Node 20 (see the README's version pins).
    execArgv: ['--experimental-websocket'],
    // A path may build again or start a server that renders its first pages cold.
    testTimeout: 180_000,
    hookTimeout: 300_000,
  },
});
