import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { serviceRoleKeyFor } from '../../local-supabase/src/jwt.ts';
import { startTestBackend, type TestBackend } from '../../tests/support/test-backend.ts';
import { seed } from '../../tests/support/seed.ts';
import { AUDIENCE_BEACON_PATH } from '../../src/lib/audience.ts';
import { createEdgeHandler } from '../handler.ts';
import type { EdgeConfig, EdgeHandler, EdgeRequestContext } from '../types.ts';
import { beaconFrom, ignoredBecause } from './audience-app.ts';

// /api/audiencia on the edge handler against the real local backend over HTTP: what a reader's sendBeacon post
// counts, what it never counts (GPC, a prefetch, a crawler, another site's page), and that the answer is an empty
// 204 nothing keeps. The database's own rules are tests/audience-sql.test.ts's.

const SITE = 'https://portoferreiranoticias.com.br';
const BROWSER = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const STORY = seed.publications.mostRead;

let backend: TestBackend;
let handler: EdgeHandler;

const view = {
  kind: 'view',
  path: `/noticia/${STORY}/titulo`,
  page_type: 'article',
  publication_id: STORY,
  source: 'google-search',
  source_host: '',
  campaign: '',
  device: 'desktop',
};

async function post(body: string, headers: Record<string, string> = {}, context: EdgeRequestContext = { clientAddress: '203.0.113.50' }, on = handler): Promise<Response> {
  const response = await on(
    new Request(`${SITE}${AUDIENCE_BEACON_PATH}`, {
      method: 'POST',
      body,
      headers: { 'Content-Type': 'text/plain;charset=UTF-8', 'User-Agent': BROWSER, ...headers },
    }),
    context,
  );
  if (!response) throw new Error('the handler left the beacon to the host');
  return response;
}

async function views(): Promise<number> {
  const { rows } = await backend.db.query<{ n: number | string | null }>('select sum(views) as n from public.audience_days');
  return Number(rows[0]?.n ?? 0);
}

async function readers(): Promise<number> {
  const { rows } = await backend.db.query<{ readers: number }>(`select readers from public.audience_page_readers where path = ''`);
  return rows[0]?.readers ?? 0;
}

function config(): EdgeConfig {
  return {
    siteUrl: SITE,
    supabaseUrl: backend.url,
    supabaseAnonKey: backend.anonKey,
    newsApiKey: null,
    newsApiUrl: 'http://127.0.0.1:9/v2',
    weatherApiUrl: 'http://127.0.0.1:9/v1',
    siteName: 'Porto Ferreira Notícias',
  };
}

beforeAll(async () => {
  backend = await startTestBackend();
  const host = { readHtml: () => Promise.resolve(null), fetch: (input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init) };
  handler = createEdgeHandler(config(), host, { audienceKey: await serviceRoleKeyFor(backend.jwtSecret) });
}, 60_000);

afterAll(async () => {
  await backend?.stop();
});

beforeEach(async () => {
  await backend.db.query('truncate public.audience_days, public.audience_page_readers, public.audience_vitals_days, private.audience_marks, private.audience_client_minutes');
});

describe('the beacon endpoint', () => {
  it('counts a text/plain beacon for the reader the host names, and answers an empty 204 nothing keeps', async () => {
    const answer = await post(JSON.stringify(view));
    expect(answer.status).toBe(204);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('set-cookie')).toBeNull();
    expect(await answer.text()).toBe('');
    expect(await views()).toBe(1);
    // Another address is another reader; the same one again is not.
    await post(JSON.stringify(view), {}, { clientAddress: '203.0.113.51' });
    await post(JSON.stringify(view));
    expect(await views()).toBe(3);
    expect(await readers()).toBe(2);
  });

  it('takes a JSON body too', async () => {
    expect((await post(JSON.stringify(view), { 'Content-Type': 'application/json' })).status).toBe(204);
    expect(await views()).toBe(1);
  });

  it('a reader cannot name another reader: client_address and user_agent in the body are dropped', async () => {
    for (const address of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
      await post(JSON.stringify({ ...view, client_address: address, user_agent: `${BROWSER} ${address}` }));
    }
    expect(await readers()).toBe(1);
  });

  it.each([
    ['Global Privacy Control', { 'Sec-GPC': '1' }],
    ['a prefetch (Sec-Purpose)', { 'Sec-Purpose': 'prefetch' }],
    ['a prerender (Sec-Purpose)', { 'Sec-Purpose': 'prefetch;prerender' }],
    ['a prefetch (Purpose)', { Purpose: 'prefetch' }],
    ['a crawler', { 'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }],
    ['another site’s page', { Origin: 'https://example.com' }],
    ['a cross-site fetch', { 'Sec-Fetch-Site': 'cross-site' }],
  ])('%s: 204 and nothing counted', async (_label, headers) => {
    const answer = await post(JSON.stringify(view), headers);
    expect(answer.status).toBe(204);
    expect(await views()).toBe(0);
  });

  it('a beacon the database refuses (an unknown page) is a 204 too: the reader never hears of it', async () => {
    const answer = await post(JSON.stringify({ ...view, path: '/admin/users', page_type: 'admin-users', publication_id: undefined }));
    expect(answer.status).toBe(204);
    expect(await views()).toBe(0);
  });

  it('refuses what is no beacon with 400: not JSON, not an object, more than 2 KB', async () => {
    expect((await post('not json')).status).toBe(400);
    expect((await post('[1,2]')).status).toBe(400);
    expect((await post(JSON.stringify({ ...view, padding: 'x'.repeat(2100) }))).status).toBe(400);
    expect(await views()).toBe(0);
  });

  it('answers only POST', async () => {
    const answer = await handler(new Request(`${SITE}${AUDIENCE_BEACON_PATH}`), { clientAddress: '203.0.113.50' });
    expect(answer?.status).toBe(405);
    expect(answer?.headers.get('allow')).toBe('POST');
  });

  it('without the service key the host still answers 204 and counts nothing', async () => {
    const host = { readHtml: () => Promise.resolve(null), fetch: (input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init) };
    const keyless = createEdgeHandler(config(), host);
    expect((await post(JSON.stringify(view), {}, { clientAddress: '203.0.113.50' }, keyless)).status).toBe(204);
    expect(await views()).toBe(0);
  });
});

describe('ignoredBecause and beaconFrom', () => {
  it('says why a request counts nothing', () => {
    expect(ignoredBecause(new Headers({ 'Sec-GPC': '1' }), SITE)).toBe('gpc');
    expect(ignoredBecause(new Headers({ 'X-Moz': 'prefetch' }), SITE)).toBe('prefetch');
    expect(ignoredBecause(new Headers({ Origin: SITE, 'Sec-Fetch-Site': 'same-origin' }), SITE)).toBeNull();
    expect(ignoredBecause(new Headers(), SITE)).toBeNull();
  });

  it('takes one JSON object of at most 2 KB', () => {
    expect(beaconFrom('{"kind":"view"}')).toEqual({ kind: 'view' });
    expect(beaconFrom('null')).toBeNull();
    expect(beaconFrom('"x"')).toBeNull();
    expect(beaconFrom(`{"a":"${'é'.repeat(1100)}"}`)).toBeNull();
  });
});
