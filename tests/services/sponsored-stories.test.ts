// Sponsored stories (docs/product.md §12; supabase/migrations/20261127100000_sponsored_stories.sql) through the services
// against the local backend: the newsroom saves and clears a sponsor, readers read it wherever a card or a page needs
// it, the database keeps the name's shape, and only an administrator can write it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPublication, savePublication } from '../../src/services/publication-admin.ts';
import { listPublishedByTopicSlug } from '../../src/services/publications.ts';
import { getPublishedPublication } from '../../src/services/published-story.ts';
import { listRelatedStories } from '../../src/services/related-stories.ts';
import { searchPublications } from '../../src/services/search.ts';
import { listFeedStories } from '../../src/services/site-index.ts';
import { localArticle } from '../../src/services/news/local-article.ts';
import { buildPublicationInput } from '../support/row-factories.ts';
import { seed } from '../support/seed.ts';
import { startTestBackend, type TestBackend, type TestUser } from '../support/test-backend.ts';

let backend: TestBackend;
let admin: TestUser;
let pending: TestUser;

beforeAll(async () => {
  backend = await startTestBackend();
  admin = await backend.admin();
  pending = await backend.newUser('Conta Pendente');
}, 120_000);
afterAll(() => backend.stop());

/** A word no seeded story has, so a search finds only the stories under test. */
const WORD = 'Jabuticabeira';

async function sponsorOf(id: string): Promise<string | null> {
  const { rows } = await backend.db.query<{ sponsor_name: string | null }>('select sponsor_name from public.publications where id = $1', [id]);
  return rows[0]!.sponsor_name;
}

describe('the newsroom', () => {
  it('saves a sponsor trimmed, reads it back, and clears it by saving none', async () => {
    const input = buildPublicationInput({ title: `Guia de reformas ${WORD}`, published: true, sponsor_name: '  Casa & Obra Materiais  ' });
    const saved = await savePublication(admin.client, input);
    expect(saved.sponsor_name).toBe('Casa & Obra Materiais');
    expect((await getPublication(admin.client, saved.id))?.sponsor_name).toBe('Casa & Obra Materiais');

    await savePublication(admin.client, { ...input, sponsor_name: null }, saved.id);
    expect((await getPublication(admin.client, saved.id))?.sponsor_name).toBeNull();
  });
});

describe('readers', () => {
  let sponsored: string;
  let plain: string;

  beforeAll(async () => {
    sponsored = (await savePublication(admin.client, buildPublicationInput({ title: `Ofertas da feira ${WORD}`, published: true, sponsor_name: 'Mercado Central' }))).id;
    plain = (await savePublication(admin.client, buildPublicationInput({ title: `Feira da praça ${WORD}`, published: true }))).id;
  });

  it('read the sponsor on the story’s page and in its mapping, and none on a story of the newsroom’s own', async () => {
    const page = await getPublishedPublication(backend.anon(), sponsored);
    expect(page?.sponsor_name).toBe('Mercado Central');
    expect(localArticle(page!, 'Porto Ferreira Notícias').sponsorName).toBe('Mercado Central');
    const own = await getPublishedPublication(backend.anon(), plain);
    expect(own?.sponsor_name).toBeNull();
    expect(localArticle(own!, 'Porto Ferreira Notícias').sponsorName).toBeNull();
  });

  it('read it in every list a card is made from: a topic, the search, "Leia também" and the feeds', async () => {
    const expected = { [sponsored]: 'Mercado Central', [plain]: null };
    const sponsorsIn = (rows: readonly { id: string; sponsor_name: string | null }[]) =>
      Object.fromEntries(rows.filter((row) => row.id in expected).map((row) => [row.id, row.sponsor_name]));

    expect(sponsorsIn(await listPublishedByTopicSlug(backend.anon(), 'local'))).toEqual(expected);
    expect(sponsorsIn(await searchPublications(backend.anon(), { q: WORD }))).toEqual(expected);
    // Without words, as the topic page lists its stories.
    expect(sponsorsIn(await searchPublications(backend.anon(), { topicSlug: 'local' }))).toEqual(expected);
    expect(sponsorsIn(await listRelatedStories(backend.anon(), { topicId: seed.topics.local, excludeId: 'ffffffff-ffff-4fff-8fff-ffffffffffff' }))).toEqual(expected);
    expect(sponsorsIn(await listFeedStories(backend.anon(), null))).toEqual(expected);
  });
});

describe('the database', () => {
  it.each([
    ['empty', ''],
    ['untrimmed', ' Mercado Central'],
    ['longer than 120 characters', 'M'.repeat(121)],
    ['on two lines', 'Mercado\nCentral'],
  ])('refuses a sponsor name %s', async (_case, sponsorName) => {
    const { error } = await admin.client
      .from('publications')
      .insert({ title: 'Patrocínio inválido', topic_id: seed.topics.local, sponsor_name: sponsorName })
      .select('id');
    expect(error?.code).toBe('23514');
  });

  it('takes 120 characters', async () => {
    const saved = await savePublication(admin.client, buildPublicationInput({ sponsor_name: 'M'.repeat(120) }));
    expect(saved.sponsor_name).toHaveLength(120);
  });
});

describe('who may write the sponsor', () => {
  let id: string;
  beforeAll(async () => {
    id = (await savePublication(admin.client, buildPublicationInput({ title: 'Matéria da redação', published: true }))).id;
  });

  it('acting as anonymous, setting it on a story or inserting a sponsored one is denied', async () => {
    const update = await backend.anon().from('publications').update({ sponsor_name: 'Invasor' }).eq('id', id);
    expect(update.error?.code).toBe('42501');
    const insert = await backend.anon().from('publications').insert({ title: 'Falsa', published: true, sponsor_name: 'Invasor' });
    expect(insert.error?.code).toBe('42501');
    expect(await sponsorOf(id)).toBeNull();
  });

  it('acting as a pending account, setting it touches no row', async () => {
    const update = await pending.client.from('publications').update({ sponsor_name: 'Invasor' }).eq('id', id).select('id');
    expect(update.error).toBeNull();
    expect(update.data).toEqual([]);
    expect(await sponsorOf(id)).toBeNull();
  });
});
