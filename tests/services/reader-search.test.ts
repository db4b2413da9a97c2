import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countPublicationSearch,
  cursorAfter,
  listPublishedObituariesOnDate,
  searchObituaries,
  searchPublications,
} from '../../src/services/search.ts';
import { seed } from '../support/seed.ts';
import { startTestBackend, type TestBackend, type TestUser } from '../support/test-backend.ts';

/**
 * The reader's search service (src/services/search.ts) and the obituaries' date filter, through supabase-js on the
 * local backend with the real migrations. Every row here carries an invented word, so the seed never interferes.
 */

let backend: TestBackend;
let admin: TestUser;

beforeAll(async () => {
  backend = await startTestBackend();
  admin = await backend.admin();
  const base = Date.parse('2026-10-01T12:00:00Z');
  const stories = Array.from({ length: 25 }, (_, n) => ({
    title: `Capivarinhal ${String(n).padStart(2, '0')}`,
    description: null,
    content: n === 0 ? '<p>O <strong>jacarandazal</strong> da praça floresceu.</p>' : null,
    published: true,
    published_at: new Date(base + n * 3_600_000).toISOString(),
    topic_id: n % 2 === 0 ? seed.topics.politica : seed.topics.local,
  }));
  const { error } = await admin.client.from('publications').insert(stories);
  if (error) throw new Error(error.message);
  const { error: obituaryError } = await admin.client.from('obituaries').insert([
    { name: 'Ana Capivarinhal', age: 90, death_date: '2026-10-02', funeral_location: 'Velório', funeral_time: '10h', published: true },
    { name: 'Bento Capivarinhal', age: 80, death_date: '2026-10-01', funeral_location: 'Velório', funeral_time: '10h', published: true },
    { name: 'Caio Capivarinhal', age: 70, death_date: '2026-10-01', funeral_location: 'Velório', funeral_time: '10h', published: false },
  ]);
  if (obituaryError) throw new Error(obituaryError.message);
}, 120_000);
afterAll(() => backend.stop());

describe('searchPublications and countPublicationSearch', () => {
  it('pages a search by keyset, newest first, without repeating or losing a story', async () => {
    const first = await searchPublications(backend.anon(), { q: 'capivarinhal' });
    expect(first).toHaveLength(20);
    expect(first[0]).toMatchObject({ title: 'Capivarinhal 24', rank: 3, topics: { slug: 'politica' } });
    const last = first.at(-1)!;
    const second = await searchPublications(backend.anon(), { q: 'capivarinhal', after: cursorAfter(last) });
    expect([...first, ...second].map((row) => row.title)).toEqual(
      Array.from({ length: 25 }, (_, n) => `Capivarinhal ${String(24 - n).padStart(2, '0')}`),
    );
    expect(await countPublicationSearch(backend.anon(), { q: 'capivarinhal' })).toEqual({ total: 25, exact: true });
  });

  it('finds a word of the body and answers a plain-text excerpt', async () => {
    const [row, ...rest] = await searchPublications(backend.anon(), { q: 'jacarandazal' });
    expect(rest).toEqual([]);
    expect(row).toMatchObject({ title: 'Capivarinhal 00', excerpt: 'O jacarandazal da praça floresceu.' });
  });

  it("takes a body's excerpt from its text as last saved (a draft edited, then published), accents and all", async () => {
    const before = `${'Texto de abertura com acentuação e pontuação, sem a palavra. '.repeat(12)}`;
    const { data, error } = await admin.client
      .from('publications')
      .insert({ title: 'Nota da redação', content: `<p>${before}</p>`, published: false, topic_id: seed.topics.local })
      .select('id')
      .single();
    if (error) throw new Error(error.message);
    expect(await searchPublications(backend.anon(), { q: 'tamanduazal' })).toEqual([]);

    const edited = `<p>${before}</p><p>O <em>Tamanduazal</em> da Ação Cultural reabre amanhã.</p>`;
    const { error: editError } = await admin.client.from('publications').update({ content: edited, published: true }).eq('id', data.id);
    if (editError) throw new Error(editError.message);
    const [row] = await searchPublications(backend.anon(), { q: 'tamanduazal' });
    expect(row?.excerpt).toMatch(/^… .*sem a palavra\. O Tamanduazal da Ação Cultural reabre amanhã\.$/);
  });

  it('pages a topic without a query, and filters by a São Paulo calendar day', async () => {
    const politics = await searchPublications(backend.anon(), { topicSlug: 'politica', q: 'capivarinhal', pageSize: 5 });
    expect(politics.map((row) => row.title)).toEqual(['Capivarinhal 24', 'Capivarinhal 22', 'Capivarinhal 20', 'Capivarinhal 18', 'Capivarinhal 16']);
    const archive = await searchPublications(backend.anon(), { topicSlug: 'politica', pageSize: 50, day: '2026-10-01' });
    // 12:00Z + n hours, n even, up to 02:59Z the next day in UTC, is 2026-10-01 in São Paulo (UTC-3) for n <= 14.
    expect(archive.map((row) => row.title)).toEqual(
      [14, 12, 10, 8, 6, 4, 2, 0].map((n) => `Capivarinhal ${String(n).padStart(2, '0')}`),
    );
    expect(await countPublicationSearch(backend.anon(), { topicSlug: 'politica', q: 'capivarinhal', day: '2026-10-01' })).toEqual({
      total: 8,
      exact: true,
    });
  });

  it('sends no argument for an empty query (whitespace only)', async () => {
    const rows = await searchPublications(backend.anon(), { q: '   ', topicSlug: 'local', pageSize: 3 });
    expect(rows).toHaveLength(3);
  });
});

describe('obituaries', () => {
  it('searchObituaries finds published names by a word, ignoring accents and case, paged by keyset', async () => {
    const first = await searchObituaries(backend.anon(), { q: 'CAPIVARINHAL', pageSize: 1 });
    expect(first.map((row) => row.name)).toEqual(['Ana Capivarinhal']);
    const last = first[0]!;
    const next = await searchObituaries(backend.anon(), { q: 'capivarinhal', after: { deathDate: last.death_date, id: last.id } });
    expect(next.map((row) => row.name)).toEqual(['Bento Capivarinhal']);
  });

  it('listPublishedObituariesOnDate keeps the published notices of that death date', async () => {
    const rows = await listPublishedObituariesOnDate(backend.anon(), '2026-10-01');
    expect(rows.map((row) => row.name)).toContain('Bento Capivarinhal');
    expect(rows.every((row) => row.death_date === '2026-10-01' && row.published)).toBe(true);
  });
});
