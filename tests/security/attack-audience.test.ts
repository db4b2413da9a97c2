// Attacks on the audience (issue 38, docs/decisions/0052-audience-beacon.md), through real supabase-js over HTTP
// against the local backend: nobody writes the audience tables but public.record_audience; anonymous readers,
// pending accounts and reporters read nothing of them, editors and administrators read them; the beacon's function
// refuses unknown pages, stories that are not live, values out of bounds, and a client over its rate; the reader
// marks and salts are out of the API's reach. Each refusal is checked against what the database owner then sees.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../support/seed.ts';
import { ATTACK_PASSWORD, expectNoRowMatched, expectRefused, ownerCount, permissionDenied, stamp, startAttackers, type Attackers, type Client } from './support/attackers.ts';

type Role = 'anon' | 'pending' | 'reporter' | 'editor' | 'admin';
const TABLES = ['audience_days', 'audience_page_readers', 'audience_vitals_days'] as const;
const STORY = seed.publications.mostRead;

let attackers: Attackers;
const clients = {} as Record<Role, Client>;

const view = (extra: Record<string, unknown> = {}) => ({
  kind: 'view',
  path: `/noticia/${STORY}`,
  page_type: 'article',
  publication_id: STORY,
  source: 'direct',
  source_host: '',
  campaign: '',
  device: 'desktop',
  ...extra,
});

const newRows: Record<(typeof TABLES)[number], () => Record<string, unknown>> = {
  audience_days: () => ({ day: '2026-11-30', path: `/pichado-${stamp()}`, page_type: 'home', source: 'direct', device: 'mobile', views: 1000 }),
  audience_page_readers: () => ({ day: '2026-11-30', path: `/pichado-${stamp()}`, readers: 1000 }),
  audience_vitals_days: () => ({ day: '2026-11-30', page_type: 'home', device: 'mobile', metric: 'LCP', bucket: 250, samples: 1000 }),
};

async function approved(address: string, role: 'editor' | 'reporter'): Promise<Client> {
  const account = await attackers.signUpAt(address, { name: `Conta ${role} ${stamp()}`, role: 'admin' });
  const { error } = await attackers.admin.rpc('set_profile_role', { target_id: account.id, new_role: role });
  if (error) throw new Error(`approval failed: ${error.message}`);
  const signIn = await account.client.auth.signInWithPassword({ email: account.email, password: ATTACK_PASSWORD });
  if (signIn.error) throw new Error(`sign-in failed: ${signIn.error.message}`);
  return account.client;
}

const figures = () => ownerCount(attackers.db, 'select coalesce(sum(views), 0) as count from public.audience_days');

beforeAll(async () => {
  attackers = await startAttackers();
  clients.anon = attackers.anon;
  clients.pending = attackers.pending;
  clients.admin = attackers.admin;
  clients.editor = await approved('127.0.38.1', 'editor');
  clients.reporter = await approved('127.0.38.2', 'reporter');
  // A day of figures as a reader's browser leaves them.
  const { error } = await attackers.browserAt('127.0.38.10').rpc('record_audience', { beacon: view() });
  if (error) throw new Error(`the reader's beacon failed: ${error.message}`);
  await attackers.browserAt('127.0.38.10').rpc('record_audience', { beacon: { kind: 'vitals', page_type: 'article', device: 'desktop', lcp: 1200 } });
});
afterAll(() => attackers?.stop());

describe('the audience tables', () => {
  const roles: Role[] = ['anon', 'pending', 'reporter', 'editor', 'admin'];

  it.each(roles.flatMap((role) => TABLES.map((table) => [role, table] as const)))('%s cannot insert into %s', async (role, table) => {
    const before = await ownerCount(attackers.db, `select count(*) from public.${table}`);
    expectRefused(await clients[role].from(table).insert(newRows[table]()), permissionDenied(role === 'anon' ? 'anon' : 'admin'));
    expect(await ownerCount(attackers.db, `select count(*) from public.${table}`)).toBe(before);
  });

  it.each(roles.flatMap((role) => TABLES.map((table) => [role, table] as const)))('%s cannot change or delete %s', async (role, table) => {
    const before = await ownerCount(attackers.db, `select count(*) from public.${table}`);
    const change = table === 'audience_vitals_days' ? { samples: 999 } : table === 'audience_days' ? { views: 999 } : { readers: 999 };
    const updated = await clients[role].from(table).update(change).neq('day', '1900-01-01').select();
    const deleted = await clients[role].from(table).delete().neq('day', '1900-01-01').select();
    for (const result of [updated, deleted]) {
      if (result.error) expectRefused(result, permissionDenied(role === 'anon' ? 'anon' : 'admin'));
      else expectNoRowMatched(result);
    }
    expect(await ownerCount(attackers.db, `select count(*) from public.${table}`)).toBe(before);
    expect(await ownerCount(attackers.db, `select count(*) from public.${table} where ${Object.keys(change)[0]} = 999`)).toBe(0);
  });

  it.each(TABLES)('an anonymous reader may not read %s at all', async (table) => {
    expectRefused(await clients.anon.from(table).select('*'), permissionDenied('anon'));
  });

  it.each((['pending', 'reporter'] as const).flatMap((role) => TABLES.map((table) => [role, table] as const)))('%s reads nothing of %s', async (role, table) => {
    const { data, error } = await clients[role].from(table).select('*');
    expect(error).toBeNull();
    expect(data).toEqual([]);
  });

  it.each((['editor', 'admin'] as const).flatMap((role) => TABLES.map((table) => [role, table] as const)))('%s reads %s', async (role, table) => {
    const { data, error } = await clients[role].from(table).select('*');
    expect(error).toBeNull();
    expect(data?.length).toBeGreaterThan(0);
  });
});

describe('what the API cannot reach', () => {
  it.each(['audience_marks', 'audience_salts', 'audience_client_minutes'])('private.%s is not exposed', async (table) => {
    for (const role of ['anon', 'admin'] as const) {
      const { data, error } = await clients[role].from(table).select('*');
      expect(data).toBeNull();
      expect(error).not.toBeNull();
    }
  });

  it.each(['audience_forget', 'audience_salt', 'audience_page', 'audience_is_crawler'])('private.%s cannot be called', async (fn) => {
    const { error } = await clients.admin.rpc(fn, {});
    expect(error).not.toBeNull();
  });

  it('the retention job’s forget_audience_marks is the service key’s alone', async () => {
    for (const role of ['anon', 'editor', 'admin'] as const) {
      const { error } = await clients[role].rpc('forget_audience_marks');
      expect(error?.code).toBe('42501');
    }
    expect(await ownerCount(attackers.db, 'select count(*) from private.audience_marks')).toBeGreaterThan(0);
  });
});

describe('the beacon’s function', () => {
  const reader = () => attackers.browserAt(`127.0.38.${20 + Math.floor(Math.random() * 200)}`);

  it.each([
    ['an unknown page', view({ page_type: 'admin-users', path: '/admin/users', publication_id: null })],
    ['an advertiser’s report (a token page)', view({ page_type: 'ad-report', path: '/anuncios/relatorio/segredo', publication_id: null })],
    ['a draft', view({ path: `/noticia/${seed.publications.draft}`, publication_id: seed.publications.draft })],
    ['a story that does not exist', view({ path: '/noticia/22222222-2222-4222-8222-0000000000ff', publication_id: '22222222-2222-4222-8222-0000000000ff' })],
  ])('refuses %s', async (_label, beacon) => {
    const before = await figures();
    const result = await reader().rpc('record_audience', { beacon });
    expectRefused(result, { status: 400, code: '22023' });
    expect(result.error?.message).toBe('audience_page_unknown');
    expect(await figures()).toBe(before);
  });

  it.each([
    ['an unknown source', view({ source: 'tiktok' })],
    ['a depth off the marks', view({ kind: 'leave', depth: 33, depth_before: 0, visible_seconds: 1 })],
    ['a day of visible time', view({ kind: 'leave', depth: 0, depth_before: 0, visible_seconds: 86_400 })],
    ['an LCP of an hour', { kind: 'vitals', page_type: 'article', device: 'desktop', lcp: 3_600_000 }],
    ['a campaign of 100 characters', view({ source: 'campaign', campaign: 'x'.repeat(100) })],
    ['a body of 3 KB', view({ padding: 'x'.repeat(3000) })],
  ])('refuses %s', async (_label, beacon) => {
    const before = await figures();
    const result = await reader().rpc('record_audience', { beacon });
    expectRefused(result, { status: 400, code: '22023' });
    expect(result.error?.message).toBe('audience_beacon_invalid');
    expect(await figures()).toBe(before);
  });

  it('a reader cannot pass for many: the address and browser it names are ignored', async () => {
    const client = attackers.browserAt('127.0.38.250');
    const readersBefore = await ownerCount(attackers.db, `select coalesce(sum(readers), 0) as count from public.audience_page_readers where path = ''`);
    for (const address of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
      const { error } = await client.rpc('record_audience', { beacon: view({ client_address: address, user_agent: `Mozilla/5.0 ${address}` }) });
      expect(error).toBeNull();
    }
    expect(await ownerCount(attackers.db, `select coalesce(sum(readers), 0) as count from public.audience_page_readers where path = ''`)).toBe(readersBefore + 1);
  });

  it('a crawler is answered and counts nothing', async () => {
    const before = await figures();
    const { error } = await attackers.browserAt('127.0.38.251', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)').rpc('record_audience', { beacon: view() });
    expect(error).toBeNull();
    expect(await figures()).toBe(before);
  });

  it('limits a browser to 60 beacons a minute (429), and what it refused is not counted', async () => {
    const client = attackers.browserAt('127.0.38.252');
    const before = await figures();
    let refused: { status: number; code?: string } | null = null;
    let taken = 0;
    for (let n = 0; n < 70 && !refused; n += 1) {
      const result = await client.rpc('record_audience', { beacon: view() });
      if (result.error) refused = { status: result.status, code: result.error.code };
      else taken += 1;
    }
    expect(refused).toEqual({ status: 429, code: 'PT429' });
    expect(taken).toBeLessThanOrEqual(60);
    expect(await figures()).toBe(before + taken);
  }, 60_000);
});
