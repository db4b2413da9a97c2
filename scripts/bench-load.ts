// npm run bench:load [-- --duration=20 --readers=50] — the local backend under the home page's load (docs/decisions/0016).
//
// Starts the local backend in a worker thread of this process on 127.0.0.1 (in-memory PGlite, migrated and seeded as
// `npm run dev` starts it: tests/support/test-backend.ts startBackendInWorker), then:
//  1. `--readers` readers (default 50) arrive over 2 s and visit the home page once (the warm-up, reported apart),
//     then visit it over and over for `--duration` seconds (default 20, at least 20). Each visit sends, all at
//     once, the backend requests of the home page's loader
//     (src/features/reader/reader-data.ts loadHomeSections) through the same service functions and reader client
//     the page uses; a reader waits for its five answers, then visits again (no think time). Each reader has its own
//     loopback address and at most six connections, as a browser has per host. Prints requests per second, p50/p95/
//     p99 latency and errors.
//  2. 1,000 concurrent increment_views on one story from 1,000 distinct clients (loopback source addresses
//     127.0.x.y; the backend takes the client's address from the TCP peer): the count must rise by exactly 1,000.
//     Then 20 rapid calls from one client: it must rise by 1.
// Exits non-zero on any error or a wrong count. Loopback only; the whole run stops at a hard time limit.
//
// Why a worker thread: with the backend on the load generator's own event loop, the generator's work starved some
// requests for over 10 s (the reader client's timeout) although the backend answered each within 0.3 s once it
// had read it; in use, the backend never shares its event loop with the browsers that load it.
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { env } from '../local-supabase/src/env.ts';
import type { DataClient } from '../src/services/client.ts';
import { createDataClient } from '../src/services/data-client.ts';
import { listPublishedJobs } from '../src/services/jobs.ts';
import { COMMUNITY_OBITUARIES_LIMIT, listPublishedObituaries } from '../src/services/obituaries.ts';
import { getLeadPublication, incrementViews, listMostRead, listPublishedByTopicSlug } from '../src/services/publications.ts';
import { fetchFromAddress, loopbackClientAddress } from '../tests/support/fetch-from-address.ts';
import { seed } from '../tests/support/seed.ts';
import { startBackendInWorker } from '../tests/support/test-backend.ts';

/** src/features/reader/home/home-page.tsx HOME_SECTION_SIZE (not imported: that module is a React page). */
const HOME_SECTION_SIZE = 6;
const MIN_DURATION_S = 20;
const VIEW_CLIENTS = 1000;
const RAPID_CALLS = 20;
const COUNTING_TIMEOUT_MS = 30_000;
/**
 * The readers' arrival, one every 40 ms (2 s for 50): a freshly started backend that gets 250 requests on 250 new
 * connections in one instant blocks its event loop for seconds on first-time work, and some of those first requests
 * waited past the reader client's 10 s timeout.
 */
const WARM_UP_STEP_MS = 40;
/** The story whose count the second part raises. */
const STORY = seed.publications.mostRead;

interface Settings {
  durationS: number;
  readers: number;
}

function readSettings(argv: readonly string[]): Settings {
  const settings: Settings = { durationS: MIN_DURATION_S, readers: 50 };
  for (const arg of argv) {
    const [name, value] = arg.replace(/^--/, '').split('=');
    const number = Number(value);
    if (name === 'duration' && number >= MIN_DURATION_S && number <= 120) settings.durationS = number;
    else if (name === 'readers' && Number.isInteger(number) && number >= 1 && number <= 500) settings.readers = number;
    else throw new Error(`unknown or out-of-range option ${arg} (--duration=${MIN_DURATION_S}..120 seconds, --readers=1..500)`);
  }
  return settings;
}

/**
 * The backend requests of one home-page visit, as its loader sends them (the three national/sports/technology
 * sections ask the edge's news proxy, /api/news, not the backend, and are left out).
 */
const HOME_REQUESTS: readonly ((client: DataClient) => Promise<unknown>)[] = [
  (client) => getLeadPublication(client),
  (client) => listPublishedByTopicSlug(client, 'local', HOME_SECTION_SIZE),
  (client) => listMostRead(client),
  (client) => listPublishedJobs(client),
  (client) => listPublishedObituaries(client, COMMUNITY_OBITUARIES_LIMIT),
];

interface LoadResult {
  visits: number;
  latenciesMs: number[];
  errors: string[];
  elapsedS: number;
}

const emptyResult = (): LoadResult => ({ visits: 0, latenciesMs: [], errors: [], elapsedS: 0 });

/** One home-page visit: its requests all at once; each one's time from sending to its parsed answer, or its error. */
async function visit(client: DataClient, into: LoadResult): Promise<void> {
  await Promise.all(
    HOME_REQUESTS.map(async (request) => {
      const sent = performance.now();
      try {
        await request(client);
        into.latenciesMs.push(performance.now() - sent);
      } catch (error) {
        into.errors.push(error instanceof Error ? error.message : String(error));
      }
    }),
  );
  into.visits += 1;
}

/**
 * The readers arrive one every WARM_UP_STEP_MS and each visits once (the warm-up: measured apart, its errors count
 * too); then every reader visits the home page over and over until the duration is up.
 */
async function driveHomePage(url: string, anonKey: string, settings: Settings): Promise<{ warmUp: LoadResult; load: LoadResult }> {
  // No retries: every failure counts.
  const clients = Array.from({ length: settings.readers }, (_, n) =>
    createDataClient(url, anonKey, { fetch: fetchFromAddress(loopbackClientAddress(n), { maxSockets: 6 }), retry: false }),
  );
  const warmUp = emptyResult();
  const warmUpStart = performance.now();
  await Promise.all(
    clients.map(async (client, n) => {
      await new Promise((resolve) => setTimeout(resolve, n * WARM_UP_STEP_MS));
      await visit(client, warmUp);
    }),
  );
  warmUp.elapsedS = (performance.now() - warmUpStart) / 1000;

  const load = emptyResult();
  const start = performance.now();
  const deadline = start + settings.durationS * 1000;
  await Promise.all(
    clients.map(async (client) => {
      while (performance.now() < deadline) await visit(client, load);
    }),
  );
  load.elapsedS = (performance.now() - start) / 1000;
  return { warmUp, load };
}

function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

/** Visits, requests and requests per second; p50/p95/p99/max latency; errors (with the first few reasons). */
function describe(result: LoadResult): string {
  const sorted = [...result.latenciesMs].sort((a, b) => a - b);
  const requests = sorted.length + result.errors.length;
  const reasons = [...new Set(result.errors)].slice(0, 5).join(' | ');
  return [
    `${result.visits} visits, ${requests} requests in ${result.elapsedS.toFixed(1)} s: ${(requests / result.elapsedS).toFixed(0)} requests/s`,
    `latency p50 ${ms(percentile(sorted, 0.5))}, p95 ${ms(percentile(sorted, 0.95))}, p99 ${ms(percentile(sorted, 0.99))}, max ${ms(sorted.at(-1) ?? Number.NaN)}`,
    `errors ${result.errors.length}${reasons ? ` (${reasons})` : ''}`,
  ].join('\n    ');
}

async function main(): Promise<number> {
  const settings = readSettings(process.argv.slice(2));
  // The hard stop: the load phase, the counting phase and start-up, with room to spare; never left running.
  const limitS = settings.durationS + 60;
  const hardStop = setTimeout(() => {
    console.error(`bench:load: still running after ${limitS} s; stopping.`);
    process.exit(2);
  }, limitS * 1000);
  hardStop.unref();

  console.log(`machine: ${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown'}), Node ${process.version}, load average ${loadavg()[0]?.toFixed(2)}`);
  const startedAt = performance.now();
  const backend = await startBackendInWorker();
  const { url, anonKey } = backend;
  // startBackendInWorker's database: in-memory PGlite, or a throwaway database on DATABASE_URL's server when it is set.
  const database = env().databaseUrl ? 'a throwaway PostgreSQL database (DATABASE_URL)' : 'PGlite in memory';
  console.log(`backend: local backend in a worker thread on ${url}, ${database}, migrated and seeded (${((performance.now() - startedAt) / 1000).toFixed(1)} s)`);

  let failed = false;
  try {
    console.log(`\nhome page: ${settings.readers} readers for ${settings.durationS} s, ${HOME_REQUESTS.length} backend requests a visit`);
    const { warmUp, load } = await driveHomePage(url, anonKey, settings);
    console.log(`  warm-up (the readers arrive over ${(((settings.readers - 1) * WARM_UP_STEP_MS) / 1000).toFixed(1)} s, one visit each):\n    ${describe(warmUp)}`);
    console.log(`  measured (every reader visits again and again):\n    ${describe(load)}`);
    if (warmUp.errors.length > 0 || load.errors.length > 0) failed = true;

    // 1,000 calls queue for one PGlite connection: on a busy machine the last may wait past the reader client's 10 s,
    // and this part is about the count, not the wait (the first part measures that).
    const reader = (address: string) =>
      createDataClient(url, anonKey, { fetch: fetchFromAddress(address), retry: false, timeoutMs: COUNTING_TIMEOUT_MS });
    // The count as readers see it (the story is published); asked from an address no counting call uses.
    const observer = reader('127.0.1.1');
    const viewsOf = async () => {
      const { data, error } = await observer.from('publications').select('views').eq('id', STORY).single();
      if (error) throw new Error(`reading the views failed: ${error.message}`);
      return data.views;
    };

    console.log(`\nincrement_views: ${VIEW_CLIENTS} concurrent calls from ${VIEW_CLIENTS} distinct clients`);
    const before = await viewsOf();
    const sent = performance.now();
    // Addresses after the readers' own, so no reader's earlier visit counts as one of these clients.
    const first = settings.readers;
    const results = await Promise.allSettled(
      Array.from({ length: VIEW_CLIENTS }, (_, n) => incrementViews(reader(loopbackClientAddress(first + n)), STORY)),
    );
    const took = (performance.now() - sent) / 1000;
    const refused = results.filter((result) => result.status === 'rejected');
    const added = (await viewsOf()) - before;
    console.log(`  ${took.toFixed(2)} s (${(VIEW_CLIENTS / took).toFixed(0)} calls/s), errors ${refused.length}, views +${added} (expected +${VIEW_CLIENTS})`);
    if (refused.length > 0 || added !== VIEW_CLIENTS) failed = true;

    console.log(`\nincrement_views: ${RAPID_CALLS} rapid calls from one client`);
    const beforeRapid = await viewsOf();
    const oneClient = reader(loopbackClientAddress(first + VIEW_CLIENTS));
    const rapid = await Promise.allSettled(Array.from({ length: RAPID_CALLS }, () => incrementViews(oneClient, STORY)));
    const rapidRefused = rapid.filter((result) => result.status === 'rejected').length;
    const rapidAdded = (await viewsOf()) - beforeRapid;
    console.log(`  errors ${rapidRefused}, views +${rapidAdded} (expected +1)`);
    if (rapidRefused > 0 || rapidAdded !== 1) failed = true;
  } finally {
    await backend.stop();
  }
  console.log(`\n${failed ? 'FAILED' : 'ok'} (${((performance.now() - startedAt) / 1000).toFixed(1)} s in all)`);
  return failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
