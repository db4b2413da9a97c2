// Starts `vite preview` on the built app (which mounts the local backend on the same origin) with a fresh data
// folder, as scripts/check-start.ts does: its own process group, so stopping it by its PID also stops npx's child.
import { paths } from '../../src/lib/paths.ts';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readEnv } from '../../local-supabase/src/env.ts';
import { anonKeyFor } from '../../local-supabase/src/jwt.ts';
import { freePort } from '../free-port.ts';
import { startWeatherStandIn } from '../../tests/support/weather-stand-in.ts';
import type { CampaignSite } from './campaigns.ts';
import type { SeededPaths } from './pages.ts';

const START_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 15_000;

export interface PreviewServer {
  baseUrl: string;
  anonKey: string;
  /** The local administrator this server started with (its development defaults unless the environment sets them). */
  admin: { email: string; password: string };
  /** Resolves once `/` and the API answer; rejects (having stopped the server) if it exits or times out first. */
  ready(): Promise<void>;
  /** Stops the server's process group and removes its data folder; safe to call twice. */
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

function exitOf(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

async function answers(url: string, accept: (body: string) => boolean, headers: Record<string, string> = {}): Promise<boolean> {
  try {
    const response = await fetch(url, { headers, signal: AbortSignal.timeout(5_000) });
    return response.ok && accept(await response.text());
  } catch {
    return false;
  }
}

const servesTheApp = (html: string) => html.includes('id="root"');
const listsTopics = (json: string) => (JSON.parse(json) as unknown[]).length > 0;

/**
 * Serves `buildDir` (vite preview --outDir) with the project's Vite config and plugins. Returns as soon as the
 * process is started, so the caller can register its stop before waiting for it to be ready.
 */
export async function startPreviewServer(repositoryRoot: string, buildDir: string): Promise<PreviewServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'perf-local-supabase-'));
  // The home page shows a weather reading, as it does on the internet: from a stand-in serving a recorded answer.
  const weather = await startWeatherStandIn();
  const childEnv: NodeJS.ProcessEnv = { ...process.env, LOCAL_SUPABASE_DATA_DIR: dataDir, WEATHER_API_URL: weather.url };
  // The measurement is of the embedded backend with its fresh seed, never of a database someone pointed us at.
  delete childEnv.DATABASE_URL;
  const backendEnv = readEnv(childEnv);
  const anonKey = await anonKeyFor(backendEnv.jwtSecret);
  const admin = { email: backendEnv.adminEmail, password: backendEnv.adminPassword };
  const child = spawn('npx', ['vite', 'preview', '--outDir', buildDir, '--port', String(port), '--strictPort'], {
    cwd: repositoryRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: childEnv,
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      if (child.pid && child.exitCode === null && child.signalCode === null) {
        process.kill(-child.pid, 'SIGTERM');
        if (!(await exitOf(child, STOP_TIMEOUT_MS))) process.kill(-child.pid, 'SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
      await weather.stop();
    })());

  const baseUrl = `http://127.0.0.1:${port}`;
  const ready = async () => {
    const deadline = Date.now() + START_TIMEOUT_MS;
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) {
        await stop();
        throw new Error(`vite preview exited (${child.exitCode ?? child.signalCode}) before serving:\n${output}`);
      }
      const serving =
        (await answers(`${baseUrl}/`, servesTheApp)) &&
        (await answers(`${baseUrl}/rest/v1/topics?select=slug`, listsTopics, { apikey: anonKey }));
      if (serving) return;
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`vite preview did not serve / and /rest/v1/topics within ${START_TIMEOUT_MS / 1000} s:\n${output}`);
      }
      await sleep(250);
    }
  };
  return { baseUrl, anonKey, admin, ready, stop };
}

async function newestRow<Row>(server: CampaignSite, table: string, query: string): Promise<Row> {
  const url = `${server.baseUrl}/rest/v1/${table}?${query}&limit=1`;
  const response = await fetch(url, { headers: { apikey: server.anonKey } });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  const [newest] = (await response.json()) as Row[];
  if (!newest) throw new Error(`the seed has no row of ${table} matching ${query} to measure`);
  return newest;
}

/**
 * The readable addresses (a bare id would answer a redirect first, and time it too) of the newest published story
 * with a YouTube video, the newest published job and the newest published obituary, read through the API as a
 * reader's browser would.
 */
export async function seededPaths(server: CampaignSite): Promise<SeededPaths> {
  const [story, job, obituary] = await Promise.all([
    newestRow<{ id: string; title: string }>(
      server,
      'publications',
      'select=id,title&published=eq.true&youtube_url=not.is.null&order=published_at.desc',
    ),
    newestRow<{ id: string; title: string }>(server, 'jobs', 'select=id,title&published=eq.true&order=created_at.desc'),
    newestRow<{ id: string; name: string }>(server, 'obituaries', 'select=id,name&published=eq.true&order=created_at.desc'),
  ]);
  return {
    article: paths.article(story.id, story.title),
    job: paths.job(job.id, job.title),
    obituary: paths.obituary(obituary.id, obituary.name),
  };
}
