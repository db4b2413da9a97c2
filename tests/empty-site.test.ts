import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topicNavigation } from '../src/lib/paths.ts';
import { listPublishedObituaries } from '../src/services/obituaries.ts';
import { listPublishedJobs } from '../src/services/jobs.ts';
import { listOpenJobs } from '../src/services/job-board.ts';
import {
  getLeadPublication,
  listMostRead,
  listPublishedByTopicSlug,
} from '../src/services/publications.ts';
import { countPublicationSearch, searchObituaries, searchPublications } from '../src/services/search.ts';
import { createTopic, listTopics } from '../src/services/topic-admin.ts';
import { getTopicBySlug } from '../src/services/topics.ts';
import { startTestBackend, type TestBackend } from './support/test-backend.ts';

// What `supabase db push` alone gives a hosted project (the README's hosted steps): every migration, no seed. The site
// must work and be empty: its navigation's topics are there (a migration makes them), and every reader list answers
// with nothing rather than an error, so the reader pages show their empty states (their component tests show those).

let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend({ seed: false });
}, 120_000);

afterAll(async () => {
  await backend?.stop();
});

describe('a site made by the migrations alone, as an anonymous reader sees it', () => {
  it('has the eight navigation topics, by slug and name, in the navigation\'s order', async () => {
    const client = backend.anon();
    const topics = await Promise.all(topicNavigation.map((entry) => getTopicBySlug(client, entry.slug)));
    expect(topics.map((topic) => topic && [topic.slug, topic.name])).toEqual([
      ['local', 'Porto Ferreira'],
      ['politica', 'Política'],
      ['economia', 'Economia'],
      ['saude', 'Saúde'],
      ['esportes', 'Esportes'],
      ['cultura', 'Cultura'],
      ['educacao', 'Educação'],
      ['tecnologia', 'Tecnologia'],
    ]);
    expect(topics.map((topic) => topic?.id)).toEqual(
      topicNavigation.map((_entry, index) => `11111111-1111-4111-8111-00000000000${index + 1}`),
    );
  });

  it('has no publication, obituary or job: every list is empty, none fails', async () => {
    const client = backend.anon();
    for (const { slug } of topicNavigation) expect(await listPublishedByTopicSlug(client, slug), slug).toEqual([]);
    expect(await getLeadPublication(client)).toBeNull();
    expect(await listMostRead(client)).toEqual([]);
    expect(await listPublishedObituaries(client)).toEqual([]);
    expect(await listPublishedJobs(client)).toEqual([]);
    expect(await listOpenJobs(client)).toEqual({ items: [], next: null });
    expect(await searchPublications(client, { q: 'porto' })).toEqual([]);
    expect(await countPublicationSearch(client, { q: 'porto' })).toEqual({ total: 0, exact: true });
    expect(await searchObituaries(client, { q: 'silva' })).toEqual([]);
  });
});

describe('the newsroom on a site made by the migrations alone', () => {
  it('finds the local topic already there: a story filed under it fills the home page\'s local section', async () => {
    const admin = await backend.admin();
    const local = (await listTopics(admin.client)).filter((topic) => topic.name === 'Porto Ferreira');
    expect(local.map((topic) => topic.slug)).toEqual(['local']);

    const { error } = await admin.client.from('publications').insert({
      title: 'Primeira notícia da redação',
      description: 'Publicada num site novo.',
      content: '<p>Texto.</p>',
      published: true,
      topic_id: local[0]!.id,
    });
    expect(error).toBeNull();
    expect((await listPublishedByTopicSlug(backend.anon(), 'local')).map((story) => story.title)).toEqual([
      'Primeira notícia da redação',
    ]);
  });

  it('gets a topic of another address, never the local section, when it creates "Porto Ferreira" again', async () => {
    const admin = await backend.admin();
    await createTopic(admin.client, { name: 'Porto Ferreira' });
    const named = (await listTopics(admin.client)).filter((topic) => topic.name === 'Porto Ferreira');
    expect(named.map((topic) => topic.slug).sort()).toEqual(['local', 'porto-ferreira']);
    expect((await getTopicBySlug(backend.anon(), 'local'))?.id).toBe('11111111-1111-4111-8111-000000000001');
  });
});
