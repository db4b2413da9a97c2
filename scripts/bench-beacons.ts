import { Agent, request } from 'node:http';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { Client } from '../src/services/client.ts';
import { AUDIENCE_BEACON_PATH } from '../src/lib/audience.ts';
import type { BenchStory } from './bench-spike-stories.ts';

// `npm run bench:beacons` (bench:spike --beacons; README § Spike): the audience beacon's load (issue 38). Readers'
// browsers post BEACONS_PER_SECOND beacons a second for BEACON_SECONDS to /api/audiencia, each reader from its own
// loopback address (the server tells clients apart by the TCP peer, as on the internet), half of them a story's view
// and half the same visit's later report (1 visible second); meanwhile bench-spike.ts measures the reader pages as
// its spike does. At the end, what arrived is counted in the database (an administrator reads the audience's
// figures): views and visible seconds against the beacons sent, so a beacon the edge answered but the database
// never counted is a lost one.

export const BEACONS_PER_SECOND = 500;
export const BEACON_SECONDS = 60;
/** Readers: enough that none passes its 60 beacons a minute (500/s over 1,200 readers: 25 a minute each). */
const READERS = 1_200;
const TICK_MS = 20;
const BROWSER = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

export interface BeaconRun {
  sent: number;
  views: number;
  leaves: number;
  answered204: number;
  otherAnswers: number;
  failures: number;
  p50Ms: number;
  p99Ms: number;
  /** What the database has: views and visible seconds of the run's stories today. */
  countedViews: number;
  countedSeconds: number;
  /** The rate the generator kept, beacons a second. */
  achievedPerSecond: number;
  loadAverage: number;
}

interface Reader {
  address: string;
  agent: Agent;
  userAgent: string;
  /** The story of its visit, once it viewed one and has not yet reported. */
  open: BenchStory | null;
}

/** 127.1.x.y: one loopback address per reader. */
function readerAddress(n: number): string {
  return `127.1.${Math.floor(n / 250)}.${(n % 250) + 1}`;
}

function post(baseUrl: URL, reader: Reader, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: baseUrl.hostname,
        port: baseUrl.port,
        path: AUDIENCE_BEACON_PATH,
        method: 'POST',
        agent: reader.agent,
        localAddress: reader.address,
        headers: { 'Content-Type': 'text/plain;charset=UTF-8', 'Content-Length': Buffer.byteLength(body), 'User-Agent': reader.userAgent },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.setTimeout(10_000, () => req.destroy(new Error('no answer within 10 s')));
    req.on('error', reject);
    req.end(body);
  });
}

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN;

function beaconFor(story: BenchStory, kind: 'view' | 'leave'): string {
  const page = { path: story.path, page_type: 'article', publication_id: story.id, source: 'whatsapp', source_host: '', campaign: '', device: 'mobile' };
  return JSON.stringify(kind === 'view' ? { kind, ...page } : { kind, ...page, depth: 25, depth_before: 0, visible_seconds: 1 });
}

/** Sends the beacons at the set rate; resolves when every one has its answer (or its failure). */
export async function beaconLoad(baseUrl: string, stories: readonly BenchStory[], log: (line: string) => void): Promise<Omit<BeaconRun, 'countedViews' | 'countedSeconds'>> {
  const url = new URL(baseUrl);
  const readers: Reader[] = Array.from({ length: READERS }, (_, n) => ({
    address: readerAddress(n),
    agent: new Agent({ keepAlive: true, maxSockets: 1 }),
    userAgent: `${BROWSER} bench/${n}`,
    open: null,
  }));
  const latencies: number[] = [];
  const run = { sent: 0, views: 0, leaves: 0, answered204: 0, otherAnswers: 0, failures: 0 };
  const pending: Promise<void>[] = [];
  const total = BEACONS_PER_SECOND * BEACON_SECONDS;
  const started = performance.now();
  let next = 0;

  const sendOne = () => {
    const reader = readers[next % READERS]!;
    const story = reader.open ?? stories[next % stories.length]!;
    const kind = reader.open ? 'leave' : 'view';
    reader.open = kind === 'view' ? story : null;
    next += 1;
    run.sent += 1;
    if (kind === 'view') run.views += 1;
    else run.leaves += 1;
    const at = performance.now();
    pending.push(
      post(url, reader, beaconFor(story, kind)).then(
        (status) => {
          latencies.push(performance.now() - at);
          if (status === 204) run.answered204 += 1;
          else run.otherAnswers += 1;
        },
        () => {
          run.failures += 1;
        },
      ),
    );
  };

  // Open loop: each tick sends what the schedule says is due by now, whatever the answers' pace.
  await new Promise<void>((done) => {
    const timer = setInterval(() => {
      const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * BEACONS_PER_SECOND));
      while (run.sent < due) sendOne();
      if (run.sent >= total) {
        clearInterval(timer);
        done();
      }
    }, TICK_MS);
  });
  const sendingSeconds = (performance.now() - started) / 1000;
  log(`beacons: ${run.sent} sent in ${sendingSeconds.toFixed(1)} s; waiting for the last answers`);
  await Promise.all(pending);
  for (const reader of readers) reader.agent.destroy();
  const sorted = latencies.sort((a, b) => a - b);
  return {
    ...run,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    achievedPerSecond: run.sent / sendingSeconds,
    loadAverage: loadavg()[0] ?? Number.NaN,
  };
}

/** The run's stories' views and visible seconds as the database counted them (read as the administrator). */
export async function countedInDatabase(admin: Client, stories: readonly BenchStory[]): Promise<{ views: number; seconds: number }> {
  const { data, error } = await admin
    .from('audience_days')
    .select('views, visible_seconds')
    .in('publication_id', stories.map((story) => story.id));
  if (error) throw new Error(`reading the audience's figures failed: ${error.message}`);
  return {
    views: data.reduce((sum, row) => sum + row.views, 0),
    seconds: data.reduce((sum, row) => sum + Number(row.visible_seconds), 0),
  };
}

export function beaconReport(run: BeaconRun): string {
  const lostViews = run.views - run.countedViews;
  const lostLeaves = run.leaves - run.countedSeconds;
  return [
    `| beacons sent | rate kept | 204 | other answers | failures | p50 | p99 | views sent / counted | visits' reports sent / counted | load avg (1 min) |`,
    '|---|---|---|---|---|---|---|---|---|---|',
    `| ${run.sent} | ${run.achievedPerSecond.toFixed(0)}/s | ${run.answered204} | ${run.otherAnswers} | ${run.failures} | ${run.p50Ms.toFixed(0)} ms | ${run.p99Ms.toFixed(0)} ms | ${run.views} / ${run.countedViews} | ${run.leaves} / ${run.countedSeconds} | ${run.loadAverage.toFixed(2)} |`,
    '',
    lostViews === 0 && lostLeaves === 0 ? 'no beacon lost: every one sent was counted.' : `LOST: ${lostViews} view(s) and ${lostLeaves} report(s) sent were not counted.`,
  ].join('\n');
}
