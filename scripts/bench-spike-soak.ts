import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { paths } from '../src/lib/paths.ts';
import { countAdEvent, listCampaigns } from '../src/services/ad-campaigns.ts';
import type { Client, DataClient } from '../src/services/client.ts';
import { createDataClient } from '../src/services/data-client.ts';
import { revisePublication, savePublication } from '../src/services/publication-admin.ts';
import { incrementViews } from '../src/services/publications.ts';
import { listTopics } from '../src/services/topic-admin.ts';
import { BROWSER_USER_AGENT, fetchFromAddress, loopbackClientAddress } from '../tests/support/fetch-from-address.ts';
import { activateCampaigns } from './perf/campaigns.ts';
import type { SpikeSite } from './bench-spike-site.ts';
import { SEARCH_TERM, storyBody, type BenchStory } from './bench-spike-stories.ts';

// The soak: mixed traffic for a while, to see the memory settle (or not) and corrections reach readers.
// - READERS readers, each reading one of 50 reader pages after another (no think time), anonymous; after a story
//   page each counts its view and an ad impression as the reader's browser does (increment_views and
//   count_ad_event through the API), each reader from its own loopback address (the backend counts per client);
// - an editor saving a draft every 30 s (the panel's save);
// - a correction every 5 minutes (the first at 2.5), recorded as the panel records one (revise_publication), its
//   text then polled on the story's served HTML until there: its time to visible.
// Reports the memory at 5 minutes and at the end, the readers' rates and each correction's time to visible.

const READERS = 16;
const PAGES = 50;
/** Distinct reader addresses the visits rotate over (a browser each). */
const READER_ADDRESSES = 512;
const EDITOR_SAVE_EVERY_MS = 30_000;
const FIRST_CORRECTION_MS = 150_000;
const CORRECTION_EVERY_MS = 300_000;
const MEMORY_MARK_MS = 300_000;
const PROGRESS_EVERY_MS = 60_000;
/** A correction not in the served HTML after this long is reported as not visible. */
const VISIBLE_TIMEOUT_MS = 60_000;
const POLL_EVERY_MS = 100;

interface Tally {
  ok: number;
  failed: number;
  reasons: Set<string>;
}

const tally = (): Tally => ({ ok: 0, failed: 0, reasons: new Set() });

async function counted(into: Tally, action: () => Promise<unknown>): Promise<void> {
  try {
    await action();
    into.ok += 1;
  } catch (error) {
    into.failed += 1;
    if (into.reasons.size < 5) into.reasons.add(error instanceof Error ? error.message : String(error));
  }
}

interface Correction {
  atS: number;
  story: string;
  /** Seconds from the save's answer to the first served HTML holding the corrected text; null: not within the timeout. */
  visibleAfterS: number | null;
  /** Why saving it failed (then nothing was polled). */
  failed?: string;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** The nearest-rank percentile (q from 0 to 1) of ascending `sorted`; NaN when it is empty. */
const nearestRank = (sorted: readonly number[], q: number): number =>
  sorted.length === 0 ? Number.NaN : sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)]!;

/** The 50 pages: home, search, feed, obituaries, corrections, the 40 stories, topics to fill up. */
async function readerPages(admin: Client, stories: readonly BenchStory[]): Promise<{ paths: string[]; storyIds: Map<string, string> }> {
  const fixed = [paths.home(), paths.search(SEARCH_TERM), '/rss.xml', paths.obituaries(), paths.corrections()];
  const topics = (await listTopics(admin)).map((topic) => paths.topic(topic.slug));
  const storyPaths = stories.map((story) => story.path);
  const all = [...fixed, ...storyPaths, ...topics].slice(0, PAGES);
  return { paths: all, storyIds: new Map(stories.map((story) => [story.path, story.id])) };
}

function describeCorrection({ visibleAfterS, failed }: Correction): string {
  if (failed) return `saving it failed: ${failed}`;
  return visibleAfterS === null ? `not in the served HTML within ${VISIBLE_TIMEOUT_MS / 1000} s` : `in the served HTML after ${visibleAfterS.toFixed(2)} s`;
}

/** Polls the story's HTML, as a reader without a session gets it, until it holds `text`. */
async function timeToVisible(site: SpikeSite, path: string, text: string, since: number): Promise<number | null> {
  while (performance.now() - since < VISIBLE_TIMEOUT_MS) {
    const html = await fetch(`${site.baseUrl}${path}`, { signal: AbortSignal.timeout(10_000) }).then(
      (response) => response.text(),
      () => '',
    );
    if (html.includes(text)) return (performance.now() - since) / 1000;
    await sleep(POLL_EVERY_MS);
  }
  return null;
}

export async function soak(site: SpikeSite, admin: Client, stories: readonly BenchStory[], minutes: number, log: (line: string) => void): Promise<string> {
  await activateCampaigns({ baseUrl: site.apiUrl, anonKey: site.anonKey, admin: site.admin });
  const campaigns = (await listCampaigns(admin)).map((campaign) => campaign.id);
  const pages = await readerPages(admin, stories);
  const topicId = (await listTopics(admin))[0]?.id;
  if (!topicId) throw new Error('the site has no topic for the draft');
  const readers: DataClient[] = Array.from({ length: READER_ADDRESSES }, (_, n) =>
    createDataClient(site.apiUrl, site.anonKey, { fetch: fetchFromAddress(loopbackClientAddress(n), { userAgent: BROWSER_USER_AGENT, maxSockets: 2 }), retry: false }),
  );

  const start = performance.now();
  const deadline = start + minutes * 60_000;
  const elapsedS = () => (performance.now() - start) / 1000;
  const latencies: number[] = [];
  const pageLoads = tally();
  const views = tally();
  const impressions = tally();
  const saves = tally();
  const corrections: Correction[] = [];
  /** The server's memory at the 5-minute mark (set by the monitor). */
  const mark: { memoryMb: number | null } = { memoryMb: null };
  let visits = 0;

  const reader = async (n: number) => {
    while (performance.now() < deadline) {
      const path = pages.paths[Math.floor(Math.random() * pages.paths.length)]!;
      const sent = performance.now();
      await counted(pageLoads, async () => {
        const response = await fetch(`${site.baseUrl}${path}`, { signal: AbortSignal.timeout(30_000) });
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`GET ${path}: ${response.status}`);
      });
      latencies.push(performance.now() - sent);
      const storyId = pages.storyIds.get(path);
      const client = readers[(visits += 1) % READER_ADDRESSES]!;
      if (storyId) {
        await counted(views, () => incrementViews(client, storyId));
        const campaign = campaigns[(visits + n) % campaigns.length];
        if (campaign) await counted(impressions, () => countAdEvent(client, campaign, 'impression'));
      }
    }
  };

  const editor = async () => {
    let draftId: string | undefined;
    for (let save = 0; ; save += 1) {
      // On the clock (every 30 s from the start), however long a save takes under the load.
      const at = start + save * EDITOR_SAVE_EVERY_MS;
      if (at >= deadline) return;
      await sleep(at - performance.now());
      await counted(saves, async () => {
        const saved = await savePublication(
          admin,
          {
            title: 'Rascunho: obras na Avenida Brasil',
            description: 'A redação apura o cronograma com a prefeitura.',
            content: `${storyBody(save)}<p>Versão ${save + 1}.</p>`,
            image_url: null,
            image_alt: null,
            image_credit: null,
            youtube_url: null,
            topic_id: topicId,
            published: false,
            publish_at: null,
            is_lead: false,
            signed: false,
            sponsor_name: null,
          },
          draftId,
        );
        draftId = saved.id;
      });
    }
  };

  const corrector = async () => {
    for (let n = 0; ; n += 1) {
      const at = start + FIRST_CORRECTION_MS + n * CORRECTION_EVERY_MS;
      if (at >= deadline) return;
      await sleep(at - performance.now());
      const story = stories[(n + 2) % stories.length]!;
      const text = `Correção ${n + 1}: o investimento é de R$ ${500 + n} mil.`;
      const content = `${story.content}<p>${text}</p>`;
      const savedAtS = elapsedS();
      try {
        await revisePublication(admin, story.id, { title: story.title, description: story.description, content }, {
          kind: 'correction',
          wrong: 'O valor do investimento.',
          correct: text,
          correctedAt: null,
        });
      } catch (error) {
        corrections.push({ atS: savedAtS, story: story.path, visibleAfterS: null, failed: String(error) });
        continue;
      }
      const visibleAfterS = await timeToVisible(site, story.path, text, performance.now());
      corrections.push({ atS: savedAtS, story: story.path, visibleAfterS });
      log(`correction ${n + 1} at ${savedAtS.toFixed(0)} s on ${story.path}: ${visibleAfterS === null ? `not in the HTML within ${VISIBLE_TIMEOUT_MS / 1000} s` : `visible after ${visibleAfterS.toFixed(2)} s`}`);
    }
  };

  const monitor = async () => {
    let lastCount = 0;
    for (let tick = 1; ; tick += 1) {
      const at = start + tick * PROGRESS_EVERY_MS;
      if (at > deadline) return;
      await sleep(at - performance.now());
      const memory = site.memoryMb();
      if (mark.memoryMb === null && performance.now() - start >= MEMORY_MARK_MS) mark.memoryMb = memory;
      const count = pageLoads.ok + pageLoads.failed;
      log(`${tick} min: ${((count - lastCount) / (PROGRESS_EVERY_MS / 1000)).toFixed(0)} pages/s, errors ${pageLoads.failed}, memory ${memory.toFixed(0)} MB, load average ${loadavg()[0]?.toFixed(2)}`);
      lastCount = count;
    }
  };

  log(`soak: ${READERS} readers over ${pages.paths.length} pages, views and ${campaigns.length} campaigns counted, an editor saving every 30 s, a correction every 5 min, for ${minutes} min`);
  await Promise.all([...Array.from({ length: READERS }, (_, n) => reader(n)), editor(), corrector(), monitor()]);
  const memoryAtEnd = site.memoryMb();
  const durationS = elapsedS();
  const sorted = latencies.sort((a, b) => a - b);
  const reasons = (into: Tally) => (into.reasons.size > 0 ? ` (${[...into.reasons].join(' | ')})` : '');
  const atMark = mark.memoryMb;
  const change = atMark === null ? 'no 5-minute mark (shorter soak)' : `${(((memoryAtEnd - atMark) / atMark) * 100).toFixed(1)}% from the 5-minute mark`;
  return [
    `| soak, ${minutes} min | value |`,
    '|---|---|',
    `| readers, pages | ${READERS} readers over ${pages.paths.length} pages |`,
    `| page loads | ${pageLoads.ok + pageLoads.failed} (${((pageLoads.ok + pageLoads.failed) / durationS).toFixed(0)}/s), p50 ${nearestRank(sorted, 0.5).toFixed(0)} ms, p99 ${nearestRank(sorted, 0.99).toFixed(0)} ms |`,
    `| page errors | ${pageLoads.failed}${reasons(pageLoads)} |`,
    `| views counted | ${views.ok}, errors ${views.failed}${reasons(views)} |`,
    `| ad impressions counted | ${impressions.ok}, errors ${impressions.failed}${reasons(impressions)} |`,
    `| editor saves | ${saves.ok}, errors ${saves.failed}${reasons(saves)} |`,
    `| memory at 5 min | ${atMark === null ? '-' : `${atMark.toFixed(0)} MB`} |`,
    `| memory at the end | ${memoryAtEnd.toFixed(0)} MB (${change}) |`,
    ...corrections.map(
      (correction, index) =>
        `| correction ${index + 1} (at ${correction.atS.toFixed(0)} s) | ${describeCorrection(correction)} |`,
    ),
  ].join('\n');
}
