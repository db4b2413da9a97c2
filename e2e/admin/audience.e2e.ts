import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { serviceRoleKeyFor } from '../../local-supabase/src/jwt.ts';
import type { Database } from '../../src/types/database.ts';
import { todayInputValue } from '../../src/lib/dates.ts';
import { adminApiClient, publishLocalStory, type PublishedStory } from '../support/api.ts';
import { accessibilityViolations, app, screenshot, useBrowser, type ViewportName } from '../support/browser.ts';
import { signInToPanel, unique } from '../support/fixtures.ts';

// 'Audiência' (issue 38, docs/decisions/0053) in Chromium. The journey: readers visit a story from WhatsApp, Google and
// the digest's link at 390 and 1280 px, one reads it to the end, and an Editor finds each visit, its source, the depth
// and a Web Vitals figure on the screen (the beacon, decision 0052, counts them for real). Then the screen's figures
// as the daily tables hold them (arranged with the hosts' service key) at 390 and 1280 px, with no accessibility
// violation; a Repórter is neither offered the screen nor shown its data.

const PASSWORD = 'senha-segura-123';
const createdAccounts: string[] = [];
const createdStories: string[] = [];
/** The fixture's rows that are not a story's (those go with it): removed after each test, with the service key. */
const cleanups: (() => PromiseLike<unknown>)[] = [];

async function service(): Promise<SupabaseClient<Database>> {
  return createClient<Database>(app().baseUrl, await serviceRoleKeyFor(inject('jwtSecret')), { auth: { persistSession: false, autoRefreshToken: false } });
}

async function staffAccount(name: string, role: 'editor' | 'reporter'): Promise<{ email: string; password: string }> {
  const email = `${name.toLowerCase().normalize('NFD').replace(/[^a-z0-9]+/g, '-')}@example.com`;
  const anon = createClient<Database>(app().baseUrl, app().anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
  const { data, error } = await anon.auth.signUp({ email, password: PASSWORD, options: { data: { name } } });
  if (error || !data.user) throw new Error(`sign-up of ${email} failed: ${error?.message}`);
  createdAccounts.push(data.user.id);
  const approval = await (await adminApiClient()).rpc('set_profile_role', { target_id: data.user.id, new_role: role });
  if (approval.error) throw new Error(`approval failed: ${approval.error.message}`);
  return { email, password: PASSWORD };
}

afterEach(async () => {
  const admin = await adminApiClient();
  // A story's figures go with it (on delete cascade).
  for (const id of createdStories.splice(0)) await admin.from('publications').delete().eq('id', id);
  for (const cleanup of cleanups.splice(0)) await cleanup();
  for (const id of createdAccounts.splice(0)) {
    await admin.rpc('set_profile_role', { target_id: id, new_role: 'pending' });
    await admin.rpc('reject_pending_account', { target_id: id });
  }
});

/** Today's figures for a story: WhatsApp on phones and Google on computers, read to the end by some; digest clicks. */
async function arrangeFigures(story: PublishedStory): Promise<void> {
  const day = todayInputValue();
  const db = await service();
  const base = { day, path: story.path, page_type: 'article', publication_id: story.id, source_host: '', campaign: '' };
  const days = await db.from('audience_days').insert([
    { ...base, source: 'whatsapp', device: 'mobile', views: 40, readers: 30, read_25: 36, read_50: 30, read_75: 20, read_100: 12 },
    { ...base, source: 'google-search', device: 'desktop', views: 20, readers: 18, read_25: 18, read_50: 14, read_75: 10, read_100: 8 },
    { ...base, source: 'digest', campaign: `resumo-${day}`, device: 'mobile', views: 7, readers: 7, read_25: 6, read_50: 4, read_75: 2, read_100: 1 },
  ]);
  expect(days.error).toBeNull();
  const readers = await db.from('audience_page_readers').upsert([{ day, path: base.path, readers: 52 }]);
  expect(readers.error).toBeNull();
  // The site's readers today include the story's: the screen's total is never below a story's own.
  await addSiteReaders(day, 52);
  // Story pages on tablets (no journey's browser is one): LCP 1.2 s ×6 and 3.0 s ×2 → p75 1.2 s, 75% good.
  const vitals = await db.from('audience_vitals_days').insert([
    { day, page_type: 'article', device: 'tablet', metric: 'LCP', bucket: 1200, samples: 6 },
    { day, page_type: 'article', device: 'tablet', metric: 'LCP', bucket: 3000, samples: 2 },
  ]);
  expect(vitals.error).toBeNull();
  cleanups.push(
    () => db.from('audience_page_readers').delete().eq('day', day).eq('path', base.path),
    () => addSiteReaders(day, -52),
    () => db.from('audience_vitals_days').delete().eq('day', day).eq('page_type', 'article').eq('device', 'tablet').eq('metric', 'LCP').in('bucket', [1200, 3000]),
  );
}

/** Moves today's site-wide distinct readers (the row whose path is '') by `change`, as the beacon would have. */
async function addSiteReaders(day: string, change: number): Promise<void> {
  const db = await service();
  const { data, error } = await db.from('audience_page_readers').select('readers').eq('day', day).eq('path', '').maybeSingle();
  expect(error).toBeNull();
  const readers = Math.max((data?.readers ?? 0) + change, 0);
  expect((await db.from('audience_page_readers').upsert([{ day, path: '', readers }])).error).toBeNull();
}

/** Each cell as a sighted reader sees it, without the column names a phone's cards repeat for their eyes only. */
function cellsOf(row: Locator): Promise<string[]> {
  return row.getByRole('cell').evaluateAll((cells) =>
    cells.map((cell) => {
      const copy = cell.cloneNode(true) as Element;
      for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
      return (copy.textContent ?? '').trim();
    }),
  );
}

async function openAudience(page: Page): Promise<void> {
  await page.goto('/admin/audiencia?periodo=1');
  await page.getByRole('heading', { name: 'Audiência', level: 1 }).waitFor();
}

/** A story long enough to be read in stages: the beacon marks 25, 50, 75 and 100% of its text as it scrolls past. */
const LONG_STORY = Array.from({ length: 40 }, (_, n) => `<p>Parágrafo ${n + 1} da reportagem sobre a ponte reaberta, com o que os moradores contaram à redação.</p>`).join('');

/** The story's rows of today as the administrator reads them (the journey waits for the beacons to be counted). */
async function storyRows(storyId: string) {
  const { data, error } = await (await adminApiClient()).from('audience_days').select('source, campaign, views, read_100').eq('publication_id', storyId);
  if (error) throw error;
  return data;
}

describe("'Audiência'", () => {
  const browser = useBrowser();

  it('finds each visit from WhatsApp, Google and the digest at 390 and 1280 px, its source, the depth and Web Vitals', async () => {
    const admin = await adminApiClient();
    const story = await publishLocalStory(admin, unique('Jornada da audiência'), { description: 'Linha fina', content: LONG_STORY });
    createdStories.push(story.id);
    const campaign = `digest-${todayInputValue()}`;
    const visits: { referer?: string; path: string }[] = [
      { referer: 'https://l.wl.co/', path: story.path },
      { referer: 'https://www.google.com/', path: story.path },
      { path: `${story.path}?utm_source=digest&utm_medium=email&utm_campaign=${campaign}` },
    ];
    let readToTheEnd = false;
    for (const viewport of ['phone', 'desktop'] as const) {
      for (const visit of visits) {
        const page = await browser.newPage(viewport);
        const counted = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/audiencia' && response.request().method() === 'POST');
        await page.goto(visit.path, visit.referer ? { referer: visit.referer } : undefined);
        await page.getByRole('heading', { level: 1, name: story.title }).waitFor();
        expect((await counted).status()).toBe(204);
        if (!readToTheEnd) {
          // One reader reads it all: down to the story's end, a screen at a time, as a thumb does.
          readToTheEnd = true;
          await page.getByText('Parágrafo 40 da reportagem').scrollIntoViewIfNeeded();
          await page.mouse.wheel(0, 4000);
        }
        // Leaving hides the page: the beacon reports the depth and the load's Web Vitals then.
        await page.goto('about:blank');
        await page.close();
      }
    }
    await expect
      .poll(async () => {
        const rows = await storyRows(story.id);
        return { views: rows.reduce((sum, row) => sum + row.views, 0), readToTheEnd: rows.some((row) => row.read_100 > 0) };
      }, { timeout: 20_000 })
      .toEqual({ views: 6, readToTheEnd: true });

    const editor = await staffAccount(unique('Edu Editor'), 'editor');
    const page = await browser.newPage('desktop');
    await signInToPanel(page, editor);
    await openAudience(page);
    const row = page.getByRole('table', { name: 'Matérias mais lidas no período' }).getByRole('row', { name: new RegExp(story.title) });
    await row.waitFor();
    const [views, , , , , , read100, sources] = (await cellsOf(row)).slice(1);
    expect(views).toBe('6');
    expect(read100).toBe('17%');
    expect(sources?.split(', ').sort()).toEqual(['Busca do Google (2)', 'Newsletter (resumo diário) (2)', 'WhatsApp (2)']);
    const clicks = page.getByRole('table', { name: 'Cliques da newsletter por matéria' }).getByRole('row', { name: new RegExp(story.title) });
    expect(await cellsOf(clicks)).toEqual([story.title, campaign, '2']);
    // The visits' own Web Vitals: story pages, by phone and by computer, each rated.
    const vitals = page.getByRole('table', { name: 'Web Vitals por página e dispositivo' });
    for (const device of ['Celular', 'Computador']) {
      const lcp = await cellsOf(vitals.getByRole('row', { name: new RegExp(`^Matéria ${device} LCP`) }));
      expect(lcp[4]).toMatch(/^(Bom|Precisa melhorar|Ruim)$/);
      expect(Number(lcp[6])).toBeGreaterThanOrEqual(3);
    }
    await screenshot(page, 'audience-journey-1280');
  });

  for (const [viewport, width] of [['phone', 390], ['desktop', 1280]] as [ViewportName, number][]) {
    it(`shows an editor each story's views, readers, depth and sources, the digest and Web Vitals (${width} px)`, async () => {
      const admin = await adminApiClient();
      const story = await publishLocalStory(admin, unique('Ponte do rio reaberta'), { description: 'Linha fina', content: '<p>Texto.</p>' });
      createdStories.push(story.id);
      await arrangeFigures(story);
      const editor = await staffAccount(unique('Edu Editor'), 'editor');

      const page = await browser.newPage(viewport);
      await signInToPanel(page, editor);
      await openAudience(page);

      const stories = page.getByRole('table', { name: 'Matérias mais lidas no período' });
      const row = stories.getByRole('row', { name: new RegExp(story.title) });
      await row.waitFor();
      expect((await cellsOf(row)).slice(1)).toEqual([
        '67', '52', '60%', '90%', '72%', '48%', '31%', 'WhatsApp (40), Busca do Google (20), Newsletter (resumo diário) (7)',
      ]);
      const sources = page.getByRole('table', { name: 'Visualizações por dia e fonte' });
      expect(await sources.getByRole('columnheader').allTextContents()).toEqual(expect.arrayContaining(['WhatsApp', 'Busca do Google', 'Newsletter (resumo diário)']));
      const clicks = page.getByRole('table', { name: 'Cliques da newsletter por matéria' });
      await clicks.getByRole('row', { name: new RegExp(story.title) }).getByRole('cell', { name: '7', exact: true }).waitFor();
      const lcp = page.getByRole('table', { name: 'Web Vitals por página e dispositivo' }).getByRole('row', { name: /Matéria Tablet LCP/ });
      expect(await cellsOf(lcp)).toEqual(['Matéria', 'Tablet', 'LCP (maior conteúdo visível)', '1,2 s', 'Bom', '75%', '8']);

      const csv = await page.getByRole('link', { name: 'Baixar CSV: Matérias mais lidas no período' }).getAttribute('href');
      expect(decodeURIComponent(csv ?? '')).toContain(`${story.title};67;52;60%;60;48;32;21;`);

      expect(await accessibilityViolations(page)).toEqual([]);
      await screenshot(page, `audience-${width}`);
    });
  }

  it('is not offered to a Repórter, and its address shows no figure', async () => {
    const reporter = await staffAccount(unique('Rita Reporter'), 'reporter');
    const page = await browser.newPage('desktop');
    await signInToPanel(page, reporter);
    expect(await page.getByRole('navigation', { name: 'Painel administrativo' }).getByRole('link', { name: 'Audiência' }).count()).toBe(0);
    await page.goto('/admin/audiencia');
    await page.getByRole('heading', { name: 'Sem permissão' }).waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
  });
});
