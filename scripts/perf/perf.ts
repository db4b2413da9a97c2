// npm run perf — Lighthouse budgets for the reader pages, measured on the built app served by `vite preview` (with
// the local backend on the same origin and a fresh seed) in Debian's Chromium.
//
// Full mode: mobile and desktop, 3 runs each (--runs N), median of each number; a static no-JavaScript page with the
// home page's hero image is measured alongside as the baseline that LCP is budgeted against.
// --ci: one mobile run per page, no baseline, and only the checks that do not depend on the machine's speed.
// --worker: the same pages and budgets under the Cloudflare Worker (`wrangler dev`, scripts/perf/worker-site.ts).
// Usage: npm run perf [-- --ci] [--worker] [--runs N] [--pages home,article,...] [--json out.json]
// Exit code: 0 within budget, 1 on a budget miss, 2 when the measurement itself failed.
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { BASELINE_PATH, BASELINE_TITLE, writeBaselinePage } from './baseline-page.ts';
import { findMisses, type Mode } from './budgets.ts';
import { ensureBuild, snapshotBuild } from './build-output.ts';
import { killAllChromium } from './chromium.ts';
import { parseOptions, type Options } from './cli-options.ts';
import { runLighthouse, type FormFactor, type Measurement } from './lighthouse-run.ts';
import { pagePath, type PageId, type SeededPaths } from './pages.ts';
import { openSupport } from './support.ts';
import { seededPaths, startPreviewServer } from './preview-server.ts';
import type { MeasuredSite } from './measured-site.ts';
import { startWorkerSite } from './worker-site.ts';
import { activateCampaigns } from './campaigns.ts';
import { baselineWarnings, formatFindings, formatMisses, formatTable } from './report.ts';
import { median, summarize, type Row } from './summary.ts';

const REPOSITORY_ROOT = resolve(import.meta.dirname, '../..');

interface Target {
  page: PageId;
  path: string;
  formFactor: FormFactor;
}

/** Cleanups run last-in first-out on the way out: normal end, failure, or Ctrl-C. */
const cleanups: (() => void | Promise<void>)[] = [];
async function cleanUp(): Promise<void> {
  for (let cleanup = cleanups.pop(); cleanup; cleanup = cleanups.pop()) await cleanup();
}

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
const loadAverage = () => loadavg()[0]!.toFixed(2);

function targetsFor(options: Options, seeded: SeededPaths): Target[] {
  const pages: PageId[] = options.ci ? options.pages : ['baseline', ...options.pages];
  const formFactors: FormFactor[] = options.ci ? ['mobile'] : ['mobile', 'desktop'];
  return formFactors.flatMap((formFactor) => pages.map((page) => ({ page, path: pagePath(page, seeded), formFactor })));
}

/**
 * The baseline must be the static page, never the app's fallback HTML for an unknown address: a "baseline" that
 * loads JavaScript would make the LCP budget meaningless, so the run stops instead.
 */
async function assertBaselineServed(baseUrl: string): Promise<void> {
  const html = await (await fetch(`${baseUrl}${BASELINE_PATH}`)).text();
  if (!html.includes(BASELINE_TITLE)) throw new Error(`${BASELINE_PATH} does not serve the baseline page`);
}

function assertBaselineMeasured(target: Target, measurement: Measurement): void {
  if (target.page === 'baseline' && measurement.scriptBytes > 0) {
    throw new Error(`${BASELINE_PATH} loaded JavaScript: the app answered instead of the baseline page`);
  }
}

async function measureOnce(url: string, formFactor: FormFactor): Promise<Measurement> {
  try {
    return await runLighthouse(url, formFactor);
  } catch (error) {
    // One retry: on a busy 2-core machine a run can time out (e.g. NO_FCP) without anything being wrong with the page.
    console.error(`perf: ${error instanceof Error ? error.message : String(error)}; retrying once`);
    return runLighthouse(url, formFactor);
  }
}

/**
 * Runs are interleaved (every target once, then again), so a burst of load on the machine spreads over all pages
 * instead of skewing one page against the baseline.
 */
async function measureAll(baseUrl: string, targets: Target[], runs: number): Promise<Measurement[][]> {
  const results: Measurement[][] = targets.map(() => []);
  const total = targets.length * runs;
  for (let run = 1; run <= runs; run += 1) {
    for (const [index, target] of targets.entries()) {
      const started = Date.now();
      const measurement = await measureOnce(`${baseUrl}${target.path}`, target.formFactor);
      assertBaselineMeasured(target, measurement);
      results[index]!.push(measurement);
      const done = (run - 1) * targets.length + index + 1;
      console.error(`perf: [${done}/${total}] ${target.page} ${target.formFactor} run ${run}/${runs} (${seconds(started)})`);
    }
  }
  return results;
}

function header(rows: Row[], mode: Mode, runs: number, load: { before: string; after: string }, host: string): string {
  const first = rows[0]?.runs[0];
  const browser = /HeadlessChrome\/[\d.]+/.exec(first?.userAgent ?? '')?.[0] ?? first?.userAgent ?? '?';
  const benchmark = median(rows.flatMap((row) => row.runs.map((run) => run.benchmarkIndex))).toFixed(0);
  const how =
    mode === 'ci'
      ? 'CI mode: one mobile run per page; checks CLS, Accessibility, Best Practices and SEO only (check-bundle holds the JavaScript bytes)'
      : `${runs} run(s) per page and form factor; each number is the median of its runs, taken separately`;
  return [
    `Lighthouse ${first?.lighthouseVersion ?? '?'}, ${browser}, pages served by ${host}; ${how}`,
    `load average ${load.before} before, ${load.after} after, on ${cpus().length} cores; Lighthouse CPU benchmark index ${benchmark}`,
    `pages: ${[...new Map(rows.map((row) => [row.page, row.path])).entries()].map(([page, path]) => `${page} ${path}`).join(', ')}`,
  ].join('\n');
}

/** The measured pages the server renders with their data (decision 0019). */
const SERVER_RENDERED_PAGES = new Set(['home', 'article', 'topic', 'obituaries', 'search', 'job', 'obituary', 'privacy', 'corrections']);

/** The measured pages with a banner space (decision 0030). */
const AD_PAGES = new Set(['home', 'article']);

/**
 * Asks for each page once before measuring: a server's first answers (its modules loading, the database's first
 * queries) are not what readers meet, and would land in whichever page Lighthouse happened to open first. A data
 * page that comes without its server render means a broken build or server, not a slow page: said at once.
 */
async function warmUp(site: MeasuredSite, targets: readonly { page: string; path: string }[]): Promise<void> {
  for (const { page, path } of new Map(targets.map((target) => [target.path, target])).values()) {
    const response = await fetch(new URL(path, site.pagesUrl), { headers: { Accept: 'text/html' } });
    const html = await response.text();
    const rendered = html.includes('data-prerendered="server"');
    if (SERVER_RENDERED_PAGES.has(page) && !rendered) {
      const message = `${path} came without its server render: see the log of ${site.host}`;
      // The Worker of main before issue 37 sends these pages as built: measured anyway, as the before of that issue.
      if (site.requiresServerRender) throw new Error(message);
      console.error(`perf: warning: ${message}; its numbers include the browser's own data requests`);
    }
    // A page sent without its render gets its campaigns from the browser's requests, not in its HTML.
    if (AD_PAGES.has(page) && rendered && !html.includes('data-ad-campaign=')) {
      throw new Error(`${path} shows no campaign's creative: the budgets must hold with campaigns active`);
    }
  }
}

/** The built app (dist/, built when missing) under `vite preview`, with the local backend on the same origin. */
async function startPreviewSite(): Promise<MeasuredSite> {
  const build = await snapshotBuild(ensureBuild(REPOSITORY_ROOT));
  writeBaselinePage(build.dir);
  const server = await startPreviewServer(REPOSITORY_ROOT, build.dir);
  const stop = async () => {
    await server.stop();
    build.remove();
  };
  // A server that never became ready has stopped itself; its build copy goes too.
  await server.ready().catch((error: unknown) => {
    build.remove();
    throw error;
  });
  return { pagesUrl: server.baseUrl, api: server, host: 'vite preview', requiresServerRender: true, stop };
}

async function main(): Promise<number> {
  const started = Date.now();
  const options = parseOptions(process.argv.slice(2));
  const mode: Mode = options.ci ? 'ci' : 'full';
  const site = options.worker ? await startWorkerSite((message) => console.error(`perf: ${message}`)) : await startPreviewSite();
  cleanups.push(() => site.stop());
  if (mode === 'full') await assertBaselineServed(site.pagesUrl);
  await activateCampaigns(site.api);
  await openSupport(site.api);
  const targets = targetsFor(options, await seededPaths(site.api));
  console.error(`perf: ${site.host} ready at ${site.pagesUrl} (${seconds(started)}); ${targets.length * options.runs} Lighthouse runs`);

  await warmUp(site, targets);

  const load = { before: loadAverage(), after: '' };
  const measurements = await measureAll(site.pagesUrl, targets, options.runs);
  load.after = loadAverage();
  await cleanUp();

  const rows = targets.map((target, index) => summarize(target.page, target.path, target.formFactor, measurements[index]!));
  const misses = findMisses(rows, mode);
  const sections = [
    header(rows, mode, options.runs, load, site.host),
    formatTable(rows),
    [...baselineWarnings(rows), formatMisses(misses)].join('\n'),
    formatFindings(rows, misses, mode),
  ];
  console.log(sections.filter(Boolean).join('\n\n'));
  if (options.jsonFile) {
    writeFileSync(options.jsonFile, `${JSON.stringify({ mode, runs: options.runs, load, rows, misses }, null, 2)}\n`);
    console.log(`results written to ${options.jsonFile}`);
  }
  console.log(`perf: ${misses.length} budget miss(es), ${targets.length * options.runs} runs in ${seconds(started)}`);
  return misses.length > 0 ? 1 : 0;
}

for (const [signal, number] of [['SIGINT', 2], ['SIGTERM', 15]] as const) {
  process.once(signal, () => {
    console.error(`perf: ${signal}, stopping Chromium and the preview server`);
    killAllChromium();
    void cleanUp().finally(() => process.exit(128 + number));
  });
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error(`perf: FAILED: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 2;
} finally {
  killAllChromium();
  await cleanUp();
}
