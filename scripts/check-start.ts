// Proves the README's front door as a newcomer meets it: `npm run dev`, `npm run preview` (after a build) or
// `npm run backend` started with no data folder creates it, seeds, prints the sign-in, serves the home page and the
// API, and the printed credentials sign in through supabase-js; `npm run dev` prints no warning. Then the server is
// stopped by its PID.
// Usage: tsx scripts/check-start.ts dev|preview|backend   (run by .ci/run in its own fresh clone)
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { env } from '../local-supabase/src/env.ts';
import { anonKeyFor } from '../local-supabase/src/jwt.ts';
import { createSupabaseClient } from '../src/services/client.ts';
import { freePort } from './free-port.ts';

const COMMANDS = ['dev', 'preview', 'backend'] as const;
type Command = (typeof COMMANDS)[number];
const START_TIMEOUT_MS = 180_000;
const EXPECTED_TOPICS = 8;

function fail(message: string): never {
  console.error(`check-start: FAILED: ${message}`);
  process.exit(1);
}

async function poll<T>(what: string, attempt: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await attempt().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) fail(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 250));
  }
}

async function main(): Promise<void> {
  const command = process.argv[2] as Command;
  if (!COMMANDS.includes(command)) fail(`usage: check-start ${COMMANDS.join('|')}`);
  const settings = env();
  if (settings.databaseUrl) fail('DATABASE_URL is set: this check is about the embedded PGlite start');
  if (existsSync(settings.dataDir)) fail(`${settings.dataDir} exists: the check starts from a state with no data folder`);

  const port = await freePort();
  const args = command === 'backend' ? ['run', 'backend'] : ['run', command, '--', '--port', String(port), '--strictPort'];
  const child = spawn('npm', args, {
    // Its own process group, so stopping it by its PID also stops npm's child processes.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, LOCAL_SUPABASE_PORT: String(port) },
  });
  let output = '';
  let exited: number | null | undefined;
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.once('exit', (code) => (exited = code));
  const stop = () => {
    if (exited === undefined && child.pid) process.kill(-child.pid, 'SIGTERM');
  };
  process.once('exit', stop);

  const started = Date.now();
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    const [, email, password] = await poll(
      'the printed sign-in',
      () => {
        if (exited !== undefined) fail(`npm run ${command} exited (${exited}) before printing the sign-in:\n${output}`);
        return Promise.resolve(/e-mail: (\S+)\s[\s\S]*password: (\S+)/.exec(output) ?? undefined);
      },
      START_TIMEOUT_MS,
    );
    if (!email || !password) fail('no e-mail or password in the output');

    const printedKey = /VITE_SUPABASE_ANON_KEY=(\S+)/.exec(output)?.[1];
    const anonKey = printedKey ?? (await anonKeyFor(settings.jwtSecret));
    const topics = await poll(
      'the API',
      async () => {
        const response = await fetch(`${baseUrl}/rest/v1/topics?select=slug`, { headers: { apikey: anonKey } });
        return response.ok ? ((await response.json()) as { slug: string }[]) : undefined;
      },
      30_000,
    );
    if (topics.length !== EXPECTED_TOPICS) fail(`GET /rest/v1/topics listed ${topics.length} topics, not ${EXPECTED_TOPICS}`);

    if (command !== 'backend') {
      const home = await fetch(`${baseUrl}/`);
      const html = await home.text();
      if (!home.ok || !html.includes('id="root"')) fail(`the home page answered ${home.status} without the app`);
    }

    const client = createSupabaseClient(baseUrl, anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
    const { data, error } = await client.auth.signInWithPassword({ email, password });
    if (error || data.user?.email !== email) fail(`the printed sign-in was refused: ${error?.message ?? 'no user'}`);
    if (!existsSync(settings.dataDir)) fail(`${settings.dataDir} was not created`);

    // Vite prints its warnings as '(!) …' (e.g. the config loader's list of imports without a file extension): a
    // newcomer's first `npm run dev` should have nothing to worry about.
    const warnings = output.split('\n').filter((line) => /\(!\)|\bwarn(ing)?\b/i.test(line));
    if (command === 'dev' && warnings.length > 0) fail(`npm run dev printed warnings:\n${warnings.join('\n')}`);

    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const served = command === 'backend' ? '' : 'home page served, ';
    console.log(`check-start: npm run ${command}: ${served}${topics.length} topics, ${email} signed in (${seconds} s)`);
  } finally {
    stop();
    await poll('the server to stop', () => Promise.resolve(exited === undefined ? undefined : true), 15_000);
  }
}

await main();
