import { createServer } from 'node:http';
import { env } from './env.ts';
import { startLocalSupabase } from './server.ts';
import { describeStartFailure } from './start-failure.ts';

// `npm run backend`: the local Supabase on its own (for tests against a built bundle, or other clients).

const settings = env();
// No options: the database, data folder and secret come from the environment (env.ts).
const backend = await startLocalSupabase().catch((error: unknown) => {
  console.error(describeStartFailure(error));
  process.exit(1);
});

const server = createServer((req, res) => void backend.handler(req, res));
server.listen(settings.port, settings.host, () => {
  const address = server.address();
  const url = `http://${settings.host}:${typeof address === 'object' && address ? address.port : settings.port}`;
  console.log(`[local-supabase] listening on ${url}`);
  console.log(`[local-supabase] VITE_SUPABASE_URL=${url}`);
  console.log(`[local-supabase] VITE_SUPABASE_ANON_KEY=${backend.anonKey}`);
});

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`[local-supabase] ${signal}: stopping`);
  server.closeAllConnections();
  await new Promise<void>((done) => server.close(() => done()));
  await backend.close();
  process.exit(0);
}

process.once('SIGINT', () => void stop('SIGINT'));
process.once('SIGTERM', () => void stop('SIGTERM'));
