import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { anonKeyFor } from '../local-supabase/src/jwt.ts';
import { baseEnv, runToEnd } from '../e2e/deploy/support/child-process.ts';
import { buildForHostedProject } from '../e2e/deploy/support/hosted-build.ts';
import { setUpAsReadme, startPostgresCluster, type PostgresCluster } from '../e2e/deploy/support/postgres-cluster.ts';
import { copyWorkingTree } from '../e2e/deploy/support/site-copy.ts';
import { randomText, startStandInProject, type StandInProject } from '../e2e/deploy/support/stand-in-project.ts';
import { startWorker, type WranglerServer } from '../e2e/deploy/support/wrangler-server.ts';
import { startWeatherStandIn, type WeatherStandIn } from '../tests/support/weather-stand-in.ts';
import { memoryOfProcessesInMb, serverMemoryMb } from './bench-spike-memory.ts';
import { freePort } from './free-port.ts';

// The site under measurement, built and started from a clean copy of this working tree as the README has a newsroom
// do it: `npm start` in production configuration on a throwaway data folder (PGlite, or a throwaway PostgreSQL set up
// by the README's roles block), or the Worker under `wrangler dev` in front of a stand-in hosted project
// (`npm run backend`). Nothing of the developer's own dist/, data folder or .env is used.

export type SpikeHost = 'node' | 'postgres' | 'worker';

export interface SpikeSite {
  /** Where readers ask, e.g. http://127.0.0.1:41234. */
  baseUrl: string;
  /** The Supabase API the browser talks to: the same origin under npm start, the project's under the Worker. */
  apiUrl: string;
  anonKey: string;
  admin: { email: string; password: string };
  /** What serves the pages, for the report. */
  description: string;
  /** The serving process's resident memory now (MB). */
  memoryMb(): number;
  /** Stops what was started, by process group, and removes the temporary folders; safe to call twice. */
  stop(): Promise<void>;
}

const BUILD_TIMEOUT_MS = 900_000;
const START_TIMEOUT_MS = 180_000;
const STOP_GRACE_MS = 10_000;

/** What the server was started with beyond the README's variables: RENDER_CACHE=off when the caller's shell sets it. */
function passedThrough(): Record<string, string> {
  const renderCache = process.env.RENDER_CACHE;
  return renderCache ? { RENDER_CACHE: renderCache } : {};
}

async function waitUntilReady(url: string, exited: () => boolean, logFile: string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    const tail = () => readFileSync(logFile, 'utf8').slice(-4000);
    if (exited()) throw new Error(`the server exited before it was ready:\n${tail()}`);
    const ready = await fetch(url, { signal: AbortSignal.timeout(5_000) }).then((response) => response.ok, () => false);
    if (ready) return;
    if (Date.now() > deadline) throw new Error(`the server was not ready at ${url} within ${START_TIMEOUT_MS / 1000} s:\n${tail()}`);
    await new Promise((done) => setTimeout(done, 250));
  }
}

/**
 * `npm start` in `siteDir`, its log (a JSON line a request) written to a file: the benchmark's own process does not
 * read it, so it neither slows the server through a full pipe nor spends the load generator's time.
 */
async function startNpmStart(siteDir: string, env: Record<string, string>, logFile: string) {
  const log = openSync(logFile, 'a');
  const child = spawn('npm', ['start'], { cwd: siteDir, env, detached: true, stdio: ['ignore', log, log] });
  closeSync(log);
  if (child.pid === undefined) throw new Error('could not start npm start');
  const pid = child.pid;
  let gone = false;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  void exited.then(() => (gone = true));
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-pid, name);
    } catch {
      // Already gone.
    }
  };
  const stop = async () => {
    signal('SIGTERM');
    if (gone) return;
    const timer = setTimeout(() => signal('SIGKILL'), STOP_GRACE_MS);
    await exited;
    clearTimeout(timer);
  };
  try {
    await waitUntilReady(`${env.SITE_URL}/readyz`, () => gone, logFile);
  } catch (error) {
    await stop();
    throw error;
  }
  return { pid, stop };
}

/** Runs the steps of `stop` in order, each even if one before it failed. */
async function stopAll(steps: readonly (() => unknown)[]): Promise<void> {
  for (const step of steps) {
    try {
      await step();
    } catch (error) {
      console.error(`bench:spike: stopping: ${String(error)}`);
    }
  }
}

async function startNodeSite(postgres: boolean, log: (line: string) => void): Promise<SpikeSite> {
  const workDir = mkdtempSync(join(tmpdir(), 'pfn-bench-spike-'));
  const siteDir = join(workDir, 'site');
  let cluster: PostgresCluster | undefined;
  let weather: WeatherStandIn | undefined;
  let server: { pid: number; stop(): Promise<void> } | undefined;
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= stopAll([() => server?.stop(), () => cluster?.stop(), () => weather?.stop(), () => rmSync(workDir, { recursive: true, force: true })]));
  try {
    copyWorkingTree(siteDir);
    const jwtSecret = randomText(48);
    const admin = { email: 'redacao.bench@portoferreiranoticias.com.br', password: `Bench-${randomText(16)}` };
    log('building (npm run build:app) with the production secret...');
    await runToEnd('npm', ['run', 'build:app'], { cwd: siteDir, name: 'npm run build:app', env: { ...baseEnv(), LOCAL_SUPABASE_JWT_SECRET: jwtSecret } }, BUILD_TIMEOUT_MS);
    const database = postgres ? setUpAsReadme((cluster = await startPostgresCluster()), siteDir) : null;
    weather = await startWeatherStandIn();
    const siteUrl = `http://127.0.0.1:${await freePort()}`;
    log(`starting npm start on ${siteUrl}...`);
    server = await startNpmStart(
      siteDir,
      {
        ...baseEnv(),
        ...passedThrough(),
        SITE_URL: siteUrl,
        PORT: new URL(siteUrl).port,
        LOCAL_SUPABASE_DATA_DIR: join(workDir, 'data'),
        LOCAL_SUPABASE_JWT_SECRET: jwtSecret,
        LOCAL_ADMIN_EMAIL: admin.email,
        LOCAL_ADMIN_PASSWORD: admin.password,
        WEATHER_API_URL: weather.url,
        ...(database ? { DATABASE_URL: database.ownerUrl, DATABASE_API_URL: database.apiUrl } : {}),
      },
      join(workDir, 'server.log'),
    );
    const pid = server.pid;
    return {
      baseUrl: siteUrl,
      apiUrl: siteUrl,
      anonKey: await anonKeyFor(jwtSecret),
      admin,
      description: `npm start (production configuration, embedded backend on ${postgres ? 'a throwaway PostgreSQL' : 'PGlite in a throwaway data folder'})`,
      memoryMb: () => serverMemoryMb(pid, 'server/start.ts'),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function startWorkerSite(log: (line: string) => void): Promise<SpikeSite> {
  const workDir = mkdtempSync(join(tmpdir(), 'pfn-bench-spike-'));
  const siteDir = join(workDir, 'site');
  let project: StandInProject | undefined;
  let weather: WeatherStandIn | undefined;
  let worker: WranglerServer | undefined;
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= stopAll([() => worker?.stop(), () => project?.process.stop(), () => weather?.stop(), () => rmSync(workDir, { recursive: true, force: true })]));
  try {
    copyWorkingTree(siteDir);
    log('starting the stand-in hosted project (npm run backend)...');
    const standIn = (project = await startStandInProject(siteDir, join(workDir, 'project-data')));
    log('building (npm run build:app) for the hosted project...');
    await buildForHostedProject(siteDir, standIn);
    weather = await startWeatherStandIn();
    const weatherUrl = weather.url;
    log('starting wrangler dev (LTS node)...');
    worker = await startWorker({
      siteDir,
      vars: (port) => ({
        ...passedThrough(),
        SITE_URL: `http://127.0.0.1:${port}`,
        VITE_SUPABASE_URL: standIn.url,
        VITE_SUPABASE_ANON_KEY: standIn.anonKey,
        WEATHER_API_URL: weatherUrl,
      }),
    });
    return {
      baseUrl: worker.baseUrl,
      apiUrl: standIn.url,
      anonKey: standIn.anonKey,
      admin: { email: standIn.adminEmail, password: standIn.adminPassword },
      description: 'the Cloudflare Worker under wrangler dev (workerd, LTS node), a stand-in hosted project (npm run backend) behind it',
      memoryMb: () => memoryOfProcessesInMb(siteDir, 'workerd'),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

export function startSpikeSite(host: SpikeHost, log: (line: string) => void): Promise<SpikeSite> {
  return host === 'worker' ? startWorkerSite(log) : startNodeSite(host === 'postgres', log);
}
