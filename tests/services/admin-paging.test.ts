import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listJobsPage } from '../../src/services/job-admin.ts';
import { listMediaKitRequestsPage } from '../../src/services/media-kit.ts';
import { listObituariesPage } from '../../src/services/obituary-admin.ts';
import { listProfilesPage } from '../../src/services/profiles.ts';
import type { AdminListPage, AdminListQuery, PageCursor } from '../../src/services/admin-paging.ts';
import { listPublicationsPage } from '../../src/services/publication-admin.ts';
import { seed } from '../support/seed.ts';
import { startTestBackend, type TestBackend, type TestUser } from '../support/test-backend.ts';

/**
 * The admin lists' paging (keyset, newest first), search and status filter, through real supabase-js against the
 * local backend. Rows carry an invented word, so other rows never interfere with the searches.
 */

let backend: TestBackend;
let admin: TestUser;
beforeAll(async () => {
  backend = await startTestBackend();
  admin = await backend.admin();
});
afterAll(() => backend.stop());

const base = { q: '', status: 'all', after: null, before: null } satisfies AdminListQuery;

/** Every page forward from the first, following 'Próxima' (the last row's cursor). */
async function walk<T extends { id: string }>(
  list: (query: AdminListQuery) => Promise<AdminListPage<T>>,
  cursorOf: (row: T) => PageCursor,
  query: Omit<AdminListQuery, 'after' | 'before'>,
): Promise<{ pages: string[][]; totals: (number | null)[] }> {
  const pages: string[][] = [];
  const totals: (number | null)[] = [];
  let after: PageCursor | null = null;
  for (;;) {
    const page = await list({ ...query, after, before: null });
    pages.push(page.rows.map((row) => row.id));
    totals.push(page.total);
    const last = page.rows.at(-1);
    if (!page.hasMore || !last) break;
    after = cursorOf(last);
    if (pages.length > 100) throw new Error('no end');
  }
  return { pages, totals };
}

const word = `zorbax${Math.random().toString(36).slice(2, 7)}`;

describe('the admin publication list', () => {
  const ids: string[] = [];
  const drafts = new Set<string>();
  beforeAll(async () => {
    // 40 stories: 20 with distinct dates, 20 sharing one created_at (the id breaks the tie); every third a draft.
    const rows = Array.from({ length: 40 }, (_, index) => ({
      title: `Arquivo ${word} número ${index}`,
      topic_id: seed.topics.local,
      published: index % 3 !== 0,
      published_at: index % 3 !== 0 ? '2020-01-01T12:00:00Z' : null,
      created_at: index < 20 ? new Date(Date.UTC(2019, 0, 1 + index)).toISOString() : '2019-06-01T00:00:00Z',
    }));
    const { data, error } = await admin.client.from('publications').insert(rows).select('id,published');
    if (error) throw new Error(error.message);
    for (const row of data) {
      ids.push(row.id);
      if (!row.published) drafts.add(row.id);
    }
  });
  afterAll(async () => {
    await admin.client.from('publications').delete().in('id', ids);
  });

  const cursorOf = (row: { created_at: string; id: string }) => ({ at: row.created_at, id: row.id });

  it('pages through the whole list without gaps or repeats, with a total that is exact on a small table', async () => {
    const { pages, totals } = await walk((query) => listPublicationsPage(admin.client, query), cursorOf, { ...base, pageSize: 7 });
    const seen = pages.flat();
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expect.arrayContaining(ids));
    expect(pages.slice(0, -1).every((page) => page.length === 7)).toBe(true);
    const { count } = await admin.client.from('publications').select('id', { count: 'exact', head: true });
    expect(totals[0]).toBe(count);
  });

  it('goes back a page with `before` to exactly the previous page', async () => {
    const query = { ...base, pageSize: 6 };
    const first = await listPublicationsPage(admin.client, query);
    const second = await listPublicationsPage(admin.client, { ...query, after: cursorOf(first.rows.at(-1)!) });
    const third = await listPublicationsPage(admin.client, { ...query, after: cursorOf(second.rows.at(-1)!) });
    const back = await listPublicationsPage(admin.client, { ...query, before: cursorOf(third.rows[0]!) });
    expect(back.rows.map((row) => row.id)).toEqual(second.rows.map((row) => row.id));
  });

  it('searches titles (accents and case ignored), drafts included for an administrator, paged without gaps', async () => {
    const { pages, totals } = await walk((query) => listPublicationsPage(admin.client, query), cursorOf, {
      ...base,
      q: `ARQUIVO ${word} numero`,
      pageSize: 9,
    });
    const seen = pages.flat();
    expect(seen).toHaveLength(40);
    expect(new Set(seen)).toEqual(new Set(ids));
    expect(totals.every((total) => total === null)).toBe(true);
  });

  it('filters the search by status on the server-side search', async () => {
    const { pages } = await walk((query) => listPublicationsPage(admin.client, query), cursorOf, {
      ...base,
      q: word,
      status: 'draft',
      pageSize: 5,
    });
    expect(new Set(pages.flat())).toEqual(drafts);
    const published = await walk((query) => listPublicationsPage(admin.client, query), cursorOf, { ...base, q: word, status: 'published', pageSize: 50 });
    expect(published.pages.flat()).toHaveLength(40 - drafts.size);
  });

  it('goes back a page within a status-filtered search to exactly the previous page, in one request a page', async () => {
    const query = { ...base, q: word, status: 'published' as const, pageSize: 5 };
    const first = await listPublicationsPage(admin.client, query);
    const second = await listPublicationsPage(admin.client, { ...query, after: cursorOf(first.rows.at(-1)!) });
    const third = await listPublicationsPage(admin.client, { ...query, after: cursorOf(second.rows.at(-1)!) });
    const back = await listPublicationsPage(admin.client, { ...query, before: cursorOf(third.rows[0]!) });
    expect(back.rows.map((row) => row.id)).toEqual(second.rows.map((row) => row.id));
    expect(back.rows.every((row) => row.published)).toBe(true);
  });

  it('counts and pages the drafts filter without a search', async () => {
    const page = await listPublicationsPage(admin.client, { ...base, status: 'draft', pageSize: 50 });
    expect(page.rows.every((row) => !row.published)).toBe(true);
    expect(page.rows.map((row) => row.id)).toEqual(expect.arrayContaining([...drafts]));
  });

  it('finds no drafts for an account that is not an administrator', async () => {
    const pending = await backend.newUser('Conta pendente');
    const page = await listPublicationsPage(pending.client, { ...base, q: word, pageSize: 50 });
    expect(page.rows.length).toBe(40 - drafts.size);
    expect(page.rows.every((row) => row.published)).toBe(true);
  });
});

describe('the admin obituary list', () => {
  const ids: string[] = [];
  beforeAll(async () => {
    const rows = Array.from({ length: 23 }, (_, index) => ({
      name: `Maria ${word} ${index}`,
      age: 80,
      death_date: index < 10 ? '2018-03-01' : `2018-0${1 + (index % 2)}-1${index % 10}`,
      funeral_location: 'Cemitério Municipal',
      funeral_time: '10:00',
      published: index % 2 === 0,
    }));
    const { data, error } = await admin.client.from('obituaries').insert(rows).select('id');
    if (error) throw new Error(error.message);
    ids.push(...data.map((row) => row.id));
  });
  afterAll(async () => {
    await admin.client.from('obituaries').delete().in('id', ids);
  });
  const cursorOf = (row: { death_date: string; id: string }) => ({ at: row.death_date, id: row.id });

  it('pages the whole list with an exact total, ties on the date broken by id', async () => {
    const { pages, totals } = await walk((query) => listObituariesPage(admin.client, query), cursorOf, { ...base, pageSize: 6 });
    const seen = pages.flat();
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expect.arrayContaining(ids));
    expect(totals[0]).toBe(seen.length);
  });

  it('searches names with drafts included, and filters by status', async () => {
    const all = await walk((query) => listObituariesPage(admin.client, query), cursorOf, { ...base, q: `maria ${word}`, pageSize: 4 });
    expect(new Set(all.pages.flat())).toEqual(new Set(ids));
    const drafts = await walk((query) => listObituariesPage(admin.client, query), cursorOf, { ...base, q: word, status: 'draft', pageSize: 4 });
    expect(drafts.pages.flat()).toHaveLength(11);
  });
});

describe('the admin job list', () => {
  const ids: string[] = [];
  beforeAll(async () => {
    const rows = Array.from({ length: 17 }, (_, index) => ({
      title: `Vaga ${word} ${index}`,
      company: 'Cerâmica',
      location: 'Porto Ferreira',
      published: index % 2 === 0,
      created_at: '2019-02-02T00:00:00Z',
    }));
    const { data, error } = await admin.client.from('jobs').insert(rows).select('id');
    if (error) throw new Error(error.message);
    ids.push(...data.map((row) => row.id));
  });
  afterAll(async () => {
    await admin.client.from('jobs').delete().in('id', ids);
  });
  const cursorOf = (row: { created_at: string; id: string }) => ({ at: row.created_at, id: row.id });

  it('searches titles and filters by status with an exact total, paged without gaps', async () => {
    const { pages, totals } = await walk((query) => listJobsPage(admin.client, query), cursorOf, { ...base, q: word.toUpperCase(), pageSize: 5 });
    expect(new Set(pages.flat())).toEqual(new Set(ids));
    expect(pages.flat()).toHaveLength(17);
    expect(totals[0]).toBe(17);
    const published = await listJobsPage(admin.client, { ...base, q: word, status: 'published', pageSize: 5 });
    expect(published.total).toBe(9);
  });
});

describe('the offset-paged lists', () => {
  it('pages the media-kit requests and the accounts with their exact totals', async () => {
    const requests = Array.from({ length: 4 }, (_, index) => ({
      name: `Anunciante ${index}`,
      company: 'Loja',
      email: `loja${index}@example.com`,
      phone: '19 99999-0000',
      interest: 'outros' as const,
    }));
    // Stored as the database owner: four from one client would pass the form's limit (3 an hour), not what this pages.
    for (const request of requests) {
      await backend.db.query(
        'insert into public.media_kit_requests (name, company, email, phone, interest) values ($1, $2, $3, $4, $5)',
        [request.name, request.company, request.email, request.phone, request.interest],
      );
    }
    const first = await listMediaKitRequestsPage(admin.client, 1, 3);
    const second = await listMediaKitRequestsPage(admin.client, 2, 3);
    expect(first.total).toBeGreaterThanOrEqual(4);
    expect(first.rows).toHaveLength(3);
    expect(second.rows.map((row) => row.id)).not.toContain(first.rows[0]!.id);
    const accounts = await listProfilesPage(admin.client, 1, 1);
    expect(accounts.rows).toHaveLength(1);
    expect(accounts.total).toBeGreaterThanOrEqual(1);
  });

  it('searches the media-kit requests by name, e-mail or company and the accounts by name or e-mail', async () => {
    const { error } = await backend.anon().from('media_kit_requests').insert([
      { name: 'Márcia Prado', company: 'Cerâmica (Alfa), Ltda.', email: 'marcia@alfa.example', phone: '19 3581-0000', interest: 'outros' },
      { name: 'Outro Anunciante', company: 'Padaria 100% Pão', email: 'pao@padaria.example', phone: '19 3581-0001', interest: 'outros' },
    ]);
    if (error) throw new Error(error.message);
    const byCompany = await listMediaKitRequestsPage(admin.client, 1, 25, 'cerâmica (alfa), ltda');
    expect(byCompany.rows.map((row) => row.name)).toEqual(['Márcia Prado']);
    expect(byCompany.total).toBe(1);
    const byEmail = await listMediaKitRequestsPage(admin.client, 1, 25, 'PAO@PADARIA');
    expect(byEmail.rows.map((row) => row.name)).toEqual(['Outro Anunciante']);
    // A typed % is a character, not a wildcard.
    expect((await listMediaKitRequestsPage(admin.client, 1, 25, '100% P')).rows.map((row) => row.name)).toEqual(['Outro Anunciante']);
    expect((await listMediaKitRequestsPage(admin.client, 1, 25, '%')).rows.map((row) => row.name)).toEqual(['Outro Anunciante']);

    const pendingUser = await backend.newUser('Repórter Buscável');
    const byName = await listProfilesPage(admin.client, 1, 25, 'buscável');
    expect(byName.rows.map((row) => row.email)).toEqual([pendingUser.email]);
    expect(byName.total).toBe(1);
    expect((await listProfilesPage(admin.client, 1, 25, pendingUser.email.toUpperCase())).total).toBe(1);
  });
});
