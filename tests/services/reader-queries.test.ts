import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listPublishedJobs } from '../../src/services/jobs.ts';
import { listPublishedObituaries } from '../../src/services/obituaries.ts';
import { getPublishedPublication } from '../../src/services/published-story.ts';
import {
  incrementViews,
  listMostRead,
  listPublishedByTopic,
  listPublishedByTopicSlug,
} from '../../src/services/publications.ts';
import { listTopics } from '../../src/services/topic-admin.ts';
import { getTopicBySlug } from '../../src/services/topics.ts';
import { seed } from '../support/seed.ts';
import { startTestBackend, type TestBackend } from '../support/test-backend.ts';

let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.stop());

describe('what an anonymous reader gets', () => {
  it('lists the eight topics by name, with Porto Ferreira as slug local', async () => {
    const topics = await listTopics(backend.anon());
    expect(topics).toHaveLength(8);
    expect(topics.map((t) => t.name)).toEqual([...topics.map((t) => t.name)].sort((a, b) => a.localeCompare(b, 'pt-BR')));
    expect(topics.find((t) => t.slug === 'local')?.name).toBe('Porto Ferreira');
  });

  it('finds a topic by slug and yields null for an unknown slug (PGRST116 tolerated)', async () => {
    expect(await getTopicBySlug(backend.anon(), 'economia')).toEqual({ id: seed.topics.economia, name: 'Economia', slug: 'economia' });
    expect(await getTopicBySlug(backend.anon(), 'nao-existe')).toBeNull();
  });

  it('lists a topic’s published publications newest first with the embedded topic', async () => {
    const rows = await listPublishedByTopic(backend.anon(), seed.topics.local);
    expect(rows).toHaveLength(seed.publishedLocalCount);
    expect(rows.every((r) => r.topics?.slug === 'local')).toBe(true);
    const dates = rows.map((r) => Date.parse(r.published_at ?? ''));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(rows.some((r) => r.id === seed.publications.draft)).toBe(false);
    // Cards never show the body: lists leave it out to keep the home page's responses small.
    expect(rows[0]).not.toHaveProperty('content');
  });

  it('lists by topic slug in one request, the same rows as by id', async () => {
    const bySlug = await listPublishedByTopicSlug(backend.anon(), 'local');
    const byId = await listPublishedByTopic(backend.anon(), seed.topics.local);
    expect(bySlug.map((r) => r.id)).toEqual(byId.map((r) => r.id));
    expect(await listPublishedByTopicSlug(backend.anon(), 'nao-existe')).toEqual([]);
  });

  it('bounds a topic list by the given limit', async () => {
    expect(await listPublishedByTopic(backend.anon(), seed.topics.local, 2)).toHaveLength(2);
  });

  it('lists the five most read, by views descending', async () => {
    const rows = await listMostRead(backend.anon());
    expect(rows).toHaveLength(5);
    expect(rows[0]?.id).toBe(seed.publications.mostRead);
    const views = rows.map((r) => r.views);
    expect(views).toEqual([...views].sort((a, b) => b - a));
  });

  it('opens a published publication, and a draft or unknown id is not found', async () => {
    const article = await getPublishedPublication(backend.anon(), seed.publications.publishedLocal);
    expect(article?.title.length).toBeGreaterThan(0);
    expect(article?.topics?.slug).toBe('local');
    // Not found is an expected answer (null), never an error: nothing for the reader's console.
    await expect(getPublishedPublication(backend.anon(), seed.publications.draft)).resolves.toBeNull();
    await expect(getPublishedPublication(backend.anon(), '00000000-0000-4000-8000-000000000000')).resolves.toBeNull();
    await expect(getPublishedPublication(backend.anon(), 'not-a-uuid')).resolves.toBeNull();
  });

  it('increments views by exactly one per call, and never for a draft', async () => {
    const client = backend.anon();
    const before = (await getPublishedPublication(client, seed.publications.publishedLocal))!.views;
    await incrementViews(client, seed.publications.publishedLocal);
    expect((await getPublishedPublication(client, seed.publications.publishedLocal))?.views).toBe(before + 1);

    await incrementViews(client, seed.publications.draft);
    const admin = await backend.admin();
    const { data } = await admin.client.from('publications').select('views').eq('id', seed.publications.draft).single();
    expect(data?.views).toBe(0);
  });

  it('lists published obituaries by death date, most recent first, bounded', async () => {
    const all = await listPublishedObituaries(backend.anon());
    expect(all).toHaveLength(seed.publishedObituaryCount);
    expect(all.every((o) => o.published)).toBe(true);
    const dates = all.map((o) => o.death_date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(await listPublishedObituaries(backend.anon(), 2)).toHaveLength(2);
  });

  it('lists the three newest published jobs', async () => {
    const jobs = await listPublishedJobs(backend.anon());
    expect(jobs).toHaveLength(seed.publishedJobCount);
    expect(jobs.every((j) => j.published)).toBe(true);
    const created = jobs.map((j) => Date.parse(j.created_at));
    expect(created).toEqual([...created].sort((a, b) => b - a));
  });
});
