// The audience's reading side (supabase/migrations/20261130140000_audience_reading.sql, docs/decisions/0053) on the
// real local backend through real supabase-js over HTTP: the 'Audiência' screen's figures for each period, a story's
// own, the story list's, the digest's unsubscribes as the reader's link counts them, the editor's own weekly summary
// choice and the summary's figures and recipients. The daily tables are arranged as the database owner (what the
// beacon's function would have written).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceRoleKeyFor } from '../../local-supabase/src/jwt.ts';
import { createDataClient } from '../../src/services/data-client.ts';
import {
  getWeeklySummaryChoice,
  loadAudienceReport,
  readersNow,
  setWeeklySummaryChoice,
  startWeeklySummary,
  storyAudience,
  storyListAudience,
} from '../../src/services/audience.ts';
import { averageDepth } from '../../src/lib/audience-figures.ts';
import { seedAudience, type AudienceFixture } from '../support/audience-fixtures.ts';
import { startTestBackend, type TestBackend, type TestUser } from '../support/test-backend.ts';

let backend: TestBackend;
let admin: TestUser;
let editor: TestUser;
let reporter: TestUser;
let fixture: AudienceFixture;

beforeAll(async () => {
  backend = await startTestBackend();
  admin = await backend.admin();
  editor = await backend.newUser('Editora Elisa');
  reporter = await backend.newUser('Repórter Rui');
  await backend.db.query(`update public.profiles set role = 'editor' where id = $1`, [editor.id]);
  await backend.db.query(`update public.profiles set role = 'reporter' where id = $1`, [reporter.id]);
  fixture = await seedAudience(backend.db, { authorId: editor.id });
});
afterAll(() => backend?.stop());

describe("the 'Audiência' report", () => {
  it('counts today: views, daily readers, depth, top stories with their sources', async () => {
    const report = await loadAudienceReport(editor.client, 1);
    expect(report.totals).toMatchObject({ views: 122, readers: 70, storyViews: 72, read25: 64, read100: 22 });
    expect(report.topStories.map((story) => story.title)).toEqual([fixture.lead.title, fixture.second.title]);
    const [lead] = report.topStories;
    expect(lead).toMatchObject({ views: 60, readers: 45, read25: 54, read50: 44, read75: 30, read100: 20 });
    expect(lead!.sources).toEqual([
      { source: 'whatsapp', views: 40 },
      { source: 'google-search', views: 20 },
    ]);
    expect(averageDepth(lead!, lead!.views)).toBeCloseTo((25 * (54 + 44 + 30 + 20)) / 60);
  });

  it('widens with the period: 7 days add the Facebook visits, 30 days the older story', async () => {
    const week = await loadAudienceReport(editor.client, 7);
    expect(week.totals.views).toBe(152);
    expect(week.totals.readers).toBe(95);
    expect(week.topStories[0]).toMatchObject({ publicationId: fixture.lead.id, views: 90, readers: 70 });
    expect(week.sources.filter((day) => day.source === 'facebook')).toHaveLength(1);
    const month = await loadAudienceReport(editor.client, 30);
    expect(month.topStories.map((story) => story.publicationId)).toEqual([fixture.lead.id, fixture.older.id, fixture.second.id]);
  });

  it('groups by topic and by signature, unsigned stories as Redação', async () => {
    const month = await loadAudienceReport(admin.client, 30);
    expect(month.topics.map((topic) => [topic.name, topic.stories, topic.views])).toEqual([
      ['Porto Ferreira', 1, 90],
      ['Cultura', 1, 80],
      ['Política', 1, 12],
    ]);
    expect(fixture.lead.byline).toBe('Editora Elisa');
    expect(month.authors.find((author) => author.name === 'Editora Elisa')).toMatchObject({ stories: 2, views: 170 });
    expect(month.authors.find((author) => author.name === 'Redação')).toMatchObject({ stories: 1, views: 12 });
  });

  it('shows sources per day, the digest figures and Web Vitals at the 75th percentile', async () => {
    const today = await loadAudienceReport(editor.client, 1);
    expect(today.sources.map((day) => [day.source, day.views])).toEqual([
      ['direct', 50],
      ['whatsapp', 40],
      ['google-search', 20],
      ['digest', 12],
    ]);
    expect(today.digest.sends).toEqual({ sends: 1, recipients: 40, sent: 38, failed: 2 });
    expect(today.digest.unsubscribes).toBe(1);
    expect(today.digest.clicks).toEqual([{ campaign: 'resumo-hoje', publicationId: fixture.second.id, title: fixture.second.title, clicks: 12 }]);
    const lcp = today.vitals.find((vital) => vital.metric === 'LCP');
    expect(lcp).toEqual({ pageType: 'article', device: 'mobile', metric: 'LCP', samples: 10, p75: 2500, good: 8 });
    expect(today.vitals.find((vital) => vital.metric === 'INP')).toMatchObject({ samples: 4, p75: 100, good: 3 });
    expect(today.vitals.find((vital) => vital.metric === 'CLS')).toMatchObject({ samples: 4, good: 4 });
  });

  it('counts readers in the last 5 minutes only', async () => {
    expect(await readersNow(editor.client)).toBe(2);
  });

  it("gives a story's own figures and the story list's", async () => {
    const lead = await storyAudience(editor.client, fixture.lead.id);
    expect(lead).toMatchObject({ views: 90, readers: 70, read25: 74, read100: 25 });
    expect(lead.sources.map((source) => source.source)).toEqual(['whatsapp', 'facebook', 'google-search']);
    const list = await storyListAudience(editor.client, [fixture.lead.id, fixture.older.id, fixture.second.id]);
    expect(list.get(fixture.older.id)).toEqual({ views: 80, readers: 60 });
    expect(list.get(fixture.second.id)).toEqual({ views: 12, readers: 12 });
  });

  it('refuses a period other than today, 7 or 30 days', async () => {
    const { error } = await editor.client.rpc('audience_totals', { days: 365 });
    expect(error?.message).toBe('audience_invalid_period');
  });
});

describe('the digest unsubscribes', () => {
  it("are counted when a confirmed reader uses the link, not for an unconfirmed address's", async () => {
    const before = await backend.db.query<{ n: number }>(`select coalesce(sum(unsubscribes), 0)::integer as n from public.newsletter_unsubscribe_days`);
    const { rows } = await backend.db.query<{ confirmed: string; pending: string }>(
      `with a as (insert into public.newsletter_subscribers (email, consent_text, consent_page, consented_at, confirmed_at)
                  values ('saiu@example.com', 'Aceito', '/', now(), now()) returning unsubscribe_token),
            b as (insert into public.newsletter_subscribers (email, consent_text, consent_page, consented_at)
                  values ('nunca-confirmou@example.com', 'Aceito', '/', now()) returning unsubscribe_token)
       select (select unsubscribe_token from a) as confirmed, (select unsubscribe_token from b) as pending`,
    );
    const anon = backend.anon();
    expect((await anon.rpc('newsletter_unsubscribe', { token: rows[0]!.confirmed })).data).toBe(true);
    expect((await anon.rpc('newsletter_unsubscribe', { token: rows[0]!.pending })).data).toBe(true);
    expect((await anon.rpc('newsletter_unsubscribe', { token: rows[0]!.confirmed })).data).toBe(false);
    const after = await backend.db.query<{ n: number }>(`select coalesce(sum(unsubscribes), 0)::integer as n from public.newsletter_unsubscribe_days`);
    expect(Number(after.rows[0]!.n) - Number(before.rows[0]!.n)).toBe(1);
  });
});

describe('the weekly summary', () => {
  it('is off until an editor asks for it, and a reporter cannot ask', async () => {
    expect(await getWeeklySummaryChoice(editor.client, editor.id)).toBe(false);
    await setWeeklySummaryChoice(editor.client, editor.id, true);
    await setWeeklySummaryChoice(editor.client, editor.id, true);
    expect(await getWeeklySummaryChoice(editor.client, editor.id)).toBe(true);
    await expect(setWeeklySummaryChoice(reporter.client, reporter.id, true)).rejects.toMatchObject({ code: '42501' });
    expect(await getWeeklySummaryChoice(reporter.client, reporter.id)).toBe(false);
  });

  it("goes once a week to those who asked, with last week's figures", async () => {
    const service = createDataClient(backend.url, await serviceRoleKeyFor(backend.jwtSecret), { retry: false });
    await setWeeklySummaryChoice(admin.client, admin.id, true);
    await setWeeklySummaryChoice(admin.client, admin.id, false);
    const summary = await startWeeklySummary(service, true);
    expect(summary?.recipients).toEqual([editor.email]);
    expect(summary?.from).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(new Date(`${summary!.from}T12:00:00Z`).getUTCDay()).toBe(1);
    expect(await startWeeklySummary(service, false)).toBeNull();
    // The API's callers do not reach it.
    const { error } = await editor.client.rpc('audience_weekly_summary', { force: true });
    expect(error).not.toBeNull();
  });
});
