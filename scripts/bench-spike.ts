// npm run bench:spike [-- --postgres | --worker] [-- --soak MINUTES] — a crowd on the reader pages (issue 37).
//
// A benchmark to read, not a CI test: it prints numbers and fails only when the site cannot be measured.
// Builds a clean copy of this working tree and starts it as a newsroom does (bench-spike-site.ts): `npm start` in
// production configuration on a throwaway data folder with the embedded backend on PGlite (default) or on a throwaway
// PostgreSQL set up by the README's roles block (--postgres), or the Cloudflare Worker under `wrangler dev` on the
// Node LTS in front of a stand-in hosted project (--worker). RENDER_CACHE in this shell is passed to the server.
// It publishes 40 stories through the API as the panel does, then:
// - the spike (default): autocannon, 32 connections, 10 s per address after 3 s not counted, on the same server's
//   hashed stylesheet (the limit: a file read from memory), the home page, a story, a topic, the search and the RSS
//   feed; prints req/s, p50, p99, errors and the share of the stylesheet's req/s, and the server's resident memory
//   after the run;
// - the soak (--soak MINUTES): mixed traffic for MINUTES (bench-spike-soak.ts); prints the memory at 5 minutes and
//   at the end and each correction's time until the story's served HTML has it.
// The load generator runs on this machine, in this process: the numbers are the server's and the generator's
// sharing the cores, as the issue measured them. The 1-minute load average is printed beside them.
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { paths } from '../src/lib/paths.ts';
import { checkAnswers, CONNECTIONS, DURATION_S, spike, spikeTable, type SpikeAddress, type SpikeRow } from './bench-spike-load.ts';
import { readSpikeOptions, SPIKE_USAGE } from './bench-spike-options.ts';
import { startSpikeSite, type SpikeSite } from './bench-spike-site.ts';
import { soak } from './bench-spike-soak.ts';
import { BEACON_SECONDS, BEACONS_PER_SECOND, beaconLoad, beaconReport, countedInDatabase } from './bench-beacons.ts';
import { publishStories, SEARCH_TERM, signedInAdmin, STORY_COUNT, type BenchStory } from './bench-spike-stories.ts';

/** The whole run stops here, whatever it is doing (builds on a shared machine take minutes). */
const HARD_LIMIT_MARGIN_MS = 30 * 60_000;

const log = (line: string) => console.log(`[bench:spike] ${line}`);

/** The hashed stylesheet the home page links: served from the build like every asset. */
async function stylesheetPath(site: SpikeSite): Promise<string> {
  const html = await checkAnswers(site.baseUrl, '/');
  const href = /<link rel="stylesheet"[^>]*href="([^"]+\.css)"/.exec(html)?.[1] ?? /href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
  if (!href) throw new Error('the home page links no stylesheet');
  return href;
}

async function spikeAddresses(site: SpikeSite, stories: readonly BenchStory[]): Promise<SpikeAddress[]> {
  const story = stories[1] ?? stories[0];
  if (!story) throw new Error('no story was published');
  return [
    { name: 'stylesheet', path: await stylesheetPath(site) },
    { name: 'home', path: paths.home() },
    // Not the lead (the home page's first story): an ordinary story, as a shared link brings readers to.
    { name: 'story', path: story.path },
    { name: 'topic', path: paths.topic('local') },
    { name: 'search', path: paths.search(SEARCH_TERM) },
    { name: 'RSS', path: '/rss.xml' },
  ];
}

const machine = () =>
  `${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown'}), Node ${process.version}, load average ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ')} (1 / 5 / 15 min)`;

async function main(): Promise<number> {
  const options = readSpikeOptions(process.argv.slice(2));
  if (options === 'help') {
    console.log(SPIKE_USAGE);
    return 0;
  }
  const hardStop = setTimeout(
    () => {
      console.error('bench:spike: past its time limit; stopping.');
      process.exit(2);
    },
    (options.soakMinutes ?? 0) * 60_000 + HARD_LIMIT_MARGIN_MS,
  );
  hardStop.unref();

  const started = performance.now();
  log(`machine: ${machine()}`);
  log(`RENDER_CACHE: ${process.env.RENDER_CACHE ?? '(not set: the server default)'}`);
  const site = await startSpikeSite(options.host, log);
  const stopSite = () => void site.stop();
  process.once('SIGINT', stopSite);
  process.once('SIGTERM', stopSite);
  try {
    log(`serving: ${site.description} on ${site.baseUrl} (${((performance.now() - started) / 1000).toFixed(0)} s to build and start)`);
    const admin = await signedInAdmin(site);
    const stories = await publishStories(admin);
    log(`published ${STORY_COUNT} stories through the API; memory before the load ${site.memoryMb().toFixed(0)} MB`);

    if (options.soakMinutes !== null) {
      const report = await soak(site, admin, stories, options.soakMinutes, log);
      console.log(`\n${report}`);
    } else if (options.beacons) {
      // The reader pages measured while the beacons arrive: the stylesheet (the limit), the home page and a story.
      log(`beacons: ${BEACONS_PER_SECOND}/s for ${BEACON_SECONDS} s from their readers' own addresses, the spike beside them`);
      const beacons = beaconLoad(site.baseUrl, stories, log);
      const rows: SpikeRow[] = [];
      for (const address of (await spikeAddresses(site, stories)).filter((entry) => ['stylesheet', 'home', 'story'].includes(entry.name))) {
        log(`${address.name}: ${CONNECTIONS} connections, ${DURATION_S} s on ${address.path}, beacons arriving`);
        // A page that does not answer under the beacons is the finding, not the end of the run.
        rows.push(
          await spike(site.baseUrl, address).catch((error: unknown) => {
            log(`${address.name}: not measured: ${error instanceof Error ? error.message : String(error)}`);
            return { ...address, requestsPerSecond: 0, p50Ms: Number.NaN, p99Ms: Number.NaN, errors: Number.NaN, timeouts: Number.NaN, loadAverage: loadavg()[0] ?? Number.NaN };
          }),
        );
      }
      const run = await beacons;
      const counted = await countedInDatabase(admin, stories);
      console.log(`\nreader pages while the beacons arrived:\n${spikeTable(rows)}\n`);
      console.log(`beacons:\n${beaconReport({ ...run, countedViews: counted.views, countedSeconds: counted.seconds })}\n`);
      console.log(`server memory (RSS) after the run: ${site.memoryMb().toFixed(0)} MB`);
    } else {
      const rows: SpikeRow[] = [];
      for (const address of await spikeAddresses(site, stories)) {
        log(`${address.name}: ${CONNECTIONS} connections, ${DURATION_S} s on ${address.path}`);
        rows.push(await spike(site.baseUrl, address));
      }
      console.log(`\n${spikeTable(rows)}\n`);
      console.log(`server memory (RSS) after the run: ${site.memoryMb().toFixed(0)} MB`);
    }
    console.log(`machine at the end: ${machine()}`);
    log(`done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    return 0;
  } finally {
    await site.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
