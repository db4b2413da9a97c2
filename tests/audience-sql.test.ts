import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { applyMigrations } from '../local-supabase/src/db/migrate.ts';
import type { Database } from '../local-supabase/src/db/database.ts';
import { runAsCaller, type CallerContext } from '../local-supabase/src/db/request-context.ts';
import { READER_PAGES } from '../src/app/route-table.ts';
import { AUDIENCE_PAGE_TYPES, UNCOUNTED_PAGE_TYPES, type AudienceBeacon } from '../src/lib/audience.ts';
import { resetDatabaseClock, setDatabaseClock } from './support/database-clock.ts';
import { openFreshDatabase, type FreshSqlDatabase } from './support/fresh-database.ts';
import { seed } from './support/seed.ts';

// public.record_audience (supabase/migrations/20261130130000_audience_beacon.sql) straight in SQL, as PostgREST runs
// it: what it counts, what it refuses, the daily hash and its forgetting. The HTTP attacks are in
// tests/security/attack-audience.test.ts, the endpoint's in edge/app/audience-app.test.ts.

const BROWSER = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const OTHER_BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const STORY = seed.publications.mostRead;
const NOON = new Date('2026-11-30T15:00:00Z'); // 12:00 in São Paulo

let fresh: FreshSqlDatabase;
let db: Database;
let topicSlug = '';

const anonFrom = (address: string, agent = BROWSER): CallerContext => ({
  role: 'anon',
  claims: { role: 'anon' },
  headers: { 'x-forwarded-for': address, 'user-agent': agent },
});
const edge: CallerContext = { role: 'service_role', claims: { role: 'service_role' }, headers: {} };

function sqlStateOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** Sends a beacon as the caller: null when it was taken, else the refusal's SQLSTATE and message. */
async function send(caller: CallerContext, beacon: unknown): Promise<{ code: string | undefined; message: string } | null> {
  try {
    await runAsCaller(db, caller, (tx) => tx.query('select public.record_audience($1::jsonb)', [JSON.stringify(beacon)]));
    return null;
  } catch (error) {
    return { code: sqlStateOf(error), message: error instanceof Error ? error.message : String(error) };
  }
}

const storyView = (extra: Partial<AudienceBeacon> = {}): AudienceBeacon => ({
  kind: 'view',
  path: `/noticia/${STORY}/titulo-da-materia`,
  page_type: 'article',
  publication_id: STORY,
  source: 'whatsapp',
  source_host: '',
  campaign: '',
  device: 'mobile',
  ...extra,
} as AudienceBeacon);

async function days(): Promise<Record<string, unknown>[]> {
  const { rows } = await db.query<Record<string, unknown>>(
    `select day::text, path, page_type, publication_id, source, source_host, campaign, device, views, readers,
            read_25, read_50, read_75, read_100, visible_seconds::int
       from public.audience_days order by path, source, device`,
  );
  return rows;
}

async function pageReaders(): Promise<Record<string, number>> {
  const { rows } = await db.query<{ path: string; readers: number }>('select path, readers from public.audience_page_readers');
  return Object.fromEntries(rows.map((row) => [row.path, row.readers]));
}

async function countOf(sql: string): Promise<number> {
  const { rows } = await db.query<{ n: number | string }>(sql);
  return Number(rows[0]?.n ?? 0);
}

beforeAll(async () => {
  fresh = await openFreshDatabase();
  db = fresh.db;
  await applyMigrations(db);
  const { rows } = await db.query<{ slug: string }>('select slug from public.topics order by slug limit 1');
  topicSlug = rows[0]!.slug;
}, 120_000);

afterAll(async () => {
  await fresh?.dispose();
});

beforeEach(async () => {
  await db.query(`truncate public.audience_days, public.audience_page_readers, public.audience_vitals_days,
                           private.audience_marks, private.audience_salts, private.audience_client_minutes`);
  await setDatabaseClock(db, NOON);
});

afterAll(async () => {
  if (db) await resetDatabaseClock(db);
});

describe('page views', () => {
  it('counts each view and each new reader: the same reader twice is one reader, another browser another', async () => {
    expect(await send(anonFrom('198.51.100.1'), storyView())).toBeNull();
    expect(await send(anonFrom('198.51.100.1'), storyView())).toBeNull();
    expect(await send(anonFrom('198.51.100.1', OTHER_BROWSER), storyView())).toBeNull();
    expect(await days()).toEqual([
      expect.objectContaining({ day: '2026-11-30', path: `/noticia/${STORY}`, page_type: 'article', publication_id: STORY, source: 'whatsapp', device: 'mobile', views: 3, readers: 2 }),
    ]);
    expect(await pageReaders()).toEqual({ [`/noticia/${STORY}`]: 2, '': 2 });
  });

  it('counts a reader once per page and once for the site whatever the source and device', async () => {
    await send(anonFrom('198.51.100.2'), storyView());
    await send(anonFrom('198.51.100.2'), storyView({ source: 'direct', device: 'desktop' }));
    await send(anonFrom('198.51.100.2'), { kind: 'view', path: '/', page_type: 'home', source: 'direct', source_host: '', campaign: '', device: 'mobile' });
    const rows = await days();
    expect(rows.map((row) => [row.path, row.source, row.device, row.views, row.readers])).toEqual([
      ['/', 'direct', 'mobile', 1, 1],
      [`/noticia/${STORY}`, 'direct', 'desktop', 1, 1],
      [`/noticia/${STORY}`, 'whatsapp', 'mobile', 1, 1],
    ]);
    expect(await pageReaders()).toEqual({ [`/noticia/${STORY}`]: 1, '/': 1, '': 1 });
  });

  it('keeps no address and no browser: marks hold a hash made with the day’s salt', async () => {
    await send(anonFrom('198.51.100.3'), storyView());
    const { rows } = await db.query<{ reader_hash: string }>('select reader_hash from private.audience_marks');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.reader_hash).toMatch(/^[0-9a-f]{64}$/);
    const dump = JSON.stringify((await db.query('select * from private.audience_marks')).rows) + JSON.stringify(await days());
    expect(dump).not.toContain('198.51.100.3');
    expect(dump).not.toContain('Pixel 8');
    expect(await countOf(`select count(*) as n from private.audience_salts where day = '2026-11-30'`)).toBe(1);
  });

  it('the next day the same reader has another hash (the salt rotates), so yesterday cannot be linked to today', async () => {
    await send(anonFrom('198.51.100.4'), storyView());
    await setDatabaseClock(db, new Date(NOON.getTime() + 24 * 3600_000));
    await send(anonFrom('198.51.100.4'), storyView());
    const { rows } = await db.query<{ day: string; reader_hash: string }>('select day::text, reader_hash from private.audience_marks order by day');
    expect(rows.map((row) => row.day)).toEqual(['2026-11-30', '2026-12-01']);
    expect(rows[0]!.reader_hash).not.toBe(rows[1]!.reader_hash);
  });

  it('takes the reader the site’s edge vouches for with the service key', async () => {
    const withReader = (address: string) => ({ ...storyView(), client_address: address, user_agent: BROWSER });
    expect(await send(edge, withReader('203.0.113.1'))).toBeNull();
    expect(await send(edge, withReader('203.0.113.2'))).toBeNull();
    expect(await pageReaders()).toEqual({ [`/noticia/${STORY}`]: 2, '': 2 });
  });

  it('the edge may send beacons together: each taken or refused on its own', async () => {
    const vouched = (address: string, extra: Record<string, unknown> = {}) => ({ ...storyView(), client_address: address, user_agent: BROWSER, ...extra });
    expect(await send(edge, [vouched('203.0.113.20'), vouched('203.0.113.21', { page_type: 'admin-users' }), vouched('203.0.113.22')])).toBeNull();
    expect(await pageReaders()).toEqual({ [`/noticia/${STORY}`]: 2, '': 2 });
  });

  it('a malformed value in one beacon of a batch (an id, a depth, a Web Vitals figure) refuses that beacon alone', async () => {
    const vouched = (address: string, extra: Record<string, unknown> = {}) => ({ ...storyView(), client_address: address, user_agent: BROWSER, ...extra });
    const batch = [
      vouched('203.0.113.30', { publication_id: 'not-a-uuid' }),
      vouched('203.0.113.31', { kind: 'leave', depth: 'fifty', depth_before: 0, visible_seconds: 1 }),
      { kind: 'vitals', page_type: 'article', device: 'mobile', lcp: 'fast', client_address: '203.0.113.32', user_agent: BROWSER },
      { kind: 'vitals', page_type: 'article', device: 'mobile', cls: -0.1, client_address: '203.0.113.33', user_agent: BROWSER },
      vouched('203.0.113.34'),
    ];
    expect(await send(edge, batch)).toBeNull();
    expect(await pageReaders()).toEqual({ [`/noticia/${STORY}`]: 1, '': 1 });
  });

  it('only the service key sends beacons together, at most 200', async () => {
    expect(await send(anonFrom('198.51.100.30'), [storyView()])).toMatchObject({ code: '22023', message: 'audience_beacon_invalid' });
    const many = Array.from({ length: 201 }, (_, n) => ({ ...storyView(), client_address: `203.0.113.${n % 250}`, user_agent: BROWSER }));
    expect(await send(edge, many)).toMatchObject({ code: '22023', message: 'audience_beacon_invalid' });
    expect(await days()).toEqual([]);
  });

  it('an anonymous caller cannot choose its reader: client_address and user_agent are ignored', async () => {
    for (const address of ['203.0.113.10', '203.0.113.11']) {
      expect(await send(anonFrom('198.51.100.5'), { ...storyView(), client_address: address, user_agent: OTHER_BROWSER })).toBeNull();
    }
    expect(await pageReaders()).toEqual({ [`/noticia/${STORY}`]: 1, '': 1 });
  });
});

describe('crawlers', () => {
  it.each([
    ['Googlebot', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'],
    ['Bingbot', 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)'],
    ['Facebook’s preview', 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)'],
    ['WhatsApp’s preview', 'WhatsApp/2.23.20.0 A'],
    ['Twitterbot', 'Twitterbot/1.0'],
    ['curl', 'curl/8.5.0'],
    ['no User-Agent', ''],
    ['Lighthouse', 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36 Chrome-Lighthouse'],
  ])('%s counts nothing and hears no refusal', async (_label, agent) => {
    expect(await send(anonFrom('198.51.100.6', agent), storyView())).toBeNull();
    expect(await days()).toEqual([]);
  });

  it.each([
    ['headless Chromium (the journeys)', 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36'],
    ['WhatsApp’s in-app browser', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 WhatsApp/23.20.79'],
    ['Facebook’s in-app browser', 'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/480.0.0.0;]'],
  ])('%s counts', async (_label, agent) => {
    expect(await send(anonFrom('198.51.100.7', agent), storyView())).toBeNull();
    expect((await days()).map((row) => row.views)).toEqual([1]);
  });
});

describe('pages', () => {
  it('the counted page types are READER_PAGES but the token pages and not-found', async () => {
    const { rows } = await db.query<{ types: string[] }>('select private.audience_page_types() as types');
    expect(rows[0]!.types).toEqual([...AUDIENCE_PAGE_TYPES]);
    expect([...AUDIENCE_PAGE_TYPES, ...UNCOUNTED_PAGE_TYPES].sort()).toEqual(READER_PAGES.map((page) => page.id).sort());
  });

  it('takes every counted page at its own address', async () => {
    const { rows: obituaries } = await db.query<{ id: string }>('select id from public.obituaries where published limit 1');
    const { rows: jobs } = await db.query<{ id: string }>('select id from public.jobs where published limit 1');
    const pages: [string, string][] = [
      ['home', '/'], ['topic', `/topic/${topicSlug}`], ['external-article', '/noticia/externa'], ['obituaries', '/obituarios'],
      ['obituary', `/obituarios/${obituaries[0]!.id}/maria`], ['jobs', '/vagas'], ['job', `/vagas/${jobs[0]!.id}`], ['search', '/busca'],
      ['advertising', '/anuncie'], ['tip-line', '/envie-sua-noticia'], ['privacy', '/privacidade'], ['accessibility', '/acessibilidade'],
      ['corrections', '/correcoes'],
    ];
    for (const [pageType, path] of pages) {
      const refused = await send(anonFrom('198.51.100.8'), { kind: 'view', path, page_type: pageType, source: 'direct', source_host: '', campaign: '', device: 'desktop' });
      expect(refused, `${pageType} at ${path}`).toBeNull();
    }
    expect((await days()).map((row) => row.path)).toEqual(
      expect.arrayContaining(['/', `/obituarios/${obituaries[0]!.id}`, `/vagas/${jobs[0]!.id}`, `/topic/${topicSlug}`]),
    );
  });

  it.each([
    ['an unknown page type', { page_type: 'admin-users', path: '/admin/users', publication_id: undefined }],
    ['a token page', { page_type: 'ad-report', path: '/anuncios/relatorio/abc', publication_id: undefined }],
    ['not-found', { page_type: 'not-found', path: '/nada', publication_id: undefined }],
    ['a page at another page’s address', { page_type: 'home', path: '/busca', publication_id: undefined }],
    ['a story that does not exist', { path: '/noticia/22222222-2222-4222-8222-0000000000ff', publication_id: '22222222-2222-4222-8222-0000000000ff' }],
    ['a draft', { path: `/noticia/${seed.publications.draft}`, publication_id: seed.publications.draft }],
    ['a story whose address names another', { path: `/noticia/${seed.publications.publishedLocal}` }],
    ['a topic that does not exist', { page_type: 'topic', path: '/topic/nao-existe', publication_id: undefined }],
  ])('refuses %s', async (_label, change) => {
    const refused = await send(anonFrom('198.51.100.9'), { ...storyView(), ...change });
    expect(refused).toMatchObject({ code: '22023', message: 'audience_page_unknown' });
    expect(await days()).toEqual([]);
  });

  it('refuses a story scheduled for later until its time comes', async () => {
    await db.query(`update public.publications set published_at = $2 where id = $1`, [STORY, new Date(NOON.getTime() + 3600_000).toISOString()]);
    try {
      expect(await send(anonFrom('198.51.100.10'), storyView())).toMatchObject({ message: 'audience_page_unknown' });
      await setDatabaseClock(db, new Date(NOON.getTime() + 2 * 3600_000));
      expect(await send(anonFrom('198.51.100.10'), storyView())).toBeNull();
    } finally {
      await db.query(`update public.publications set published_at = '2026-11-20T12:00:00Z' where id = $1`, [STORY]);
    }
  });
});

describe('bounds', () => {
  it.each([
    ['not an object', '"view"'],
    ['an unknown kind', { ...storyView(), kind: 'click' }],
    ['an unknown source', { ...storyView(), source: 'tiktok' }],
    ['an unknown device', { ...storyView(), device: 'watch' }],
    ['a host that is no host', { ...storyView(), source: 'site', source_host: 'a b' }],
    ['a long campaign', { ...storyView(), source: 'campaign', campaign: 'x'.repeat(81) }],
    ['a path without its slash', { ...storyView(), path: 'noticia' }],
    ['a story id that is no id', { ...storyView(), publication_id: 'abc' }],
    ['more than 2 KB', { ...storyView(), padding: 'x'.repeat(2100) }],
    ['a depth off the marks', { ...storyView(), kind: 'leave', depth: 30, depth_before: 0, visible_seconds: 5 }],
    ['a depth below what was reported', { ...storyView(), kind: 'leave', depth: 25, depth_before: 50, visible_seconds: 5 }],
    ['too many visible seconds', { ...storyView(), kind: 'leave', depth: 0, depth_before: 0, visible_seconds: 1801 }],
    ['negative visible seconds', { ...storyView(), kind: 'leave', depth: 0, depth_before: 0, visible_seconds: -1 }],
    ['a depth on a page that is no story', { kind: 'leave', path: '/', page_type: 'home', source: 'direct', source_host: '', campaign: '', device: 'mobile', depth: 25, depth_before: 0, visible_seconds: 1 }],
    ['an LCP over a minute', { kind: 'vitals', page_type: 'article', device: 'mobile', lcp: 60001 }],
    ['a negative INP', { kind: 'vitals', page_type: 'article', device: 'mobile', inp: -1 }],
    ['a CLS over 10', { kind: 'vitals', page_type: 'article', device: 'mobile', cls: 11 }],
    ['a vitals beacon without a figure', { kind: 'vitals', page_type: 'article', device: 'mobile' }],
    ['a figure that is no number', { kind: 'vitals', page_type: 'article', device: 'mobile', lcp: 'fast' }],
  ])('refuses %s', async (_label, beacon) => {
    expect(await send(anonFrom('198.51.100.11'), beacon)).toMatchObject({ code: '22023', message: 'audience_beacon_invalid' });
  });
});

describe('the rest of a visit', () => {
  const leave = (depth: number, depthBefore: number, seconds: number) => ({ ...storyView(), kind: 'leave', depth, depth_before: depthBefore, visible_seconds: seconds });

  it('adds each new depth mark once and the visible seconds to the view’s row', async () => {
    const reader = anonFrom('198.51.100.12');
    await send(reader, storyView());
    expect(await send(reader, leave(50, 0, 20))).toBeNull();
    expect(await send(reader, leave(100, 50, 40))).toBeNull();
    expect(await send(reader, leave(100, 100, 5))).toBeNull();
    expect(await days()).toEqual([expect.objectContaining({ views: 1, read_25: 1, read_50: 1, read_75: 1, read_100: 1, visible_seconds: 65 })]);
  });

  it('counts nothing for a visit that never had its view', async () => {
    await send(anonFrom('198.51.100.13'), storyView());
    expect(await send(anonFrom('198.51.100.14'), leave(100, 0, 30))).toBeNull();
    expect(await days()).toEqual([expect.objectContaining({ read_25: 0, read_100: 0, visible_seconds: 0 })]);
  });

  it('a visit that crossed midnight adds to yesterday’s row', async () => {
    const reader = anonFrom('198.51.100.15');
    await setDatabaseClock(db, new Date('2026-12-01T02:55:00Z')); // 23:55 in São Paulo
    await send(reader, storyView());
    await setDatabaseClock(db, new Date('2026-12-01T03:10:00Z')); // 00:10
    expect(await send(reader, leave(25, 0, 600))).toBeNull();
    expect(await days()).toEqual([expect.objectContaining({ day: '2026-11-30', read_25: 1, visible_seconds: 600 })]);
  });
});

describe('Web Vitals', () => {
  it('bins each figure, the good thresholds being bounds, for a reader who viewed a page today', async () => {
    const reader = anonFrom('198.51.100.16');
    expect(await send(reader, { kind: 'vitals', page_type: 'article', device: 'mobile', lcp: 1800, inp: 200, cls: 0.1 })).toBeNull();
    expect(await countOf('select count(*) as n from public.audience_vitals_days')).toBe(0);
    await send(reader, storyView());
    expect(await send(reader, { kind: 'vitals', page_type: 'article', device: 'mobile', lcp: 2500, inp: 200, cls: 0.1 })).toBeNull();
    expect(await send(reader, { kind: 'vitals', page_type: 'article', device: 'mobile', lcp: 2501, inp: 201, cls: 0.11 })).toBeNull();
    const { rows } = await db.query<{ metric: string; bucket: string; samples: number }>(
      'select metric, bucket::text, samples from public.audience_vitals_days order by metric, bucket',
    );
    expect(rows).toEqual([
      { metric: 'CLS', bucket: '0.1', samples: 1 },
      { metric: 'CLS', bucket: '0.15', samples: 1 },
      { metric: 'INP', bucket: '200', samples: 1 },
      { metric: 'INP', bucket: '250', samples: 1 },
      { metric: 'LCP', bucket: '2500', samples: 1 },
      { metric: 'LCP', bucket: '2750', samples: 1 },
    ]);
  });
});

describe('the rate limit', () => {
  it('takes 60 beacons a minute from one browser, then refuses until the next minute', async () => {
    const reader = anonFrom('198.51.100.17');
    for (let n = 0; n < 60; n += 1) expect(await send(reader, storyView())).toBeNull();
    expect(await send(reader, storyView())).toMatchObject({ code: 'PT429', message: 'audience_rate_limited' });
    // Another browser on the same address still has its own 60.
    expect(await send(anonFrom('198.51.100.17', OTHER_BROWSER), storyView())).toBeNull();
    await setDatabaseClock(db, new Date(NOON.getTime() + 60_000));
    expect(await send(reader, storyView())).toBeNull();
    expect((await days())[0]).toMatchObject({ views: 62 });
  });

  it('takes 300 a minute from one address whatever the browsers', async () => {
    for (let n = 0; n < 300; n += 1) {
      expect(await send(anonFrom('198.51.100.18', `${BROWSER} n${n}`), storyView())).toBeNull();
    }
    expect(await send(anonFrom('198.51.100.18', `${BROWSER} other`), storyView())).toMatchObject({ code: 'PT429' });
  }, 60_000);
});

describe('forgetting', () => {
  it('the first beacon of a day deletes the marks and salts of every day before yesterday', async () => {
    await send(anonFrom('198.51.100.19'), storyView());
    await setDatabaseClock(db, new Date(NOON.getTime() + 24 * 3600_000));
    await send(anonFrom('198.51.100.19'), storyView());
    expect(await countOf('select count(*) as n from private.audience_marks')).toBe(2);
    await setDatabaseClock(db, new Date(NOON.getTime() + 48 * 3600_000));
    await send(anonFrom('198.51.100.19'), storyView());
    const { rows } = await db.query<{ day: string }>('select day::text from private.audience_marks union all select day::text from private.audience_salts order by 1');
    expect(rows.map((row) => row.day)).toEqual(['2026-12-01', '2026-12-01', '2026-12-02', '2026-12-02']);
    // The daily figures stay.
    expect((await days()).map((row) => row.day)).toEqual(['2026-11-30', '2026-12-01', '2026-12-02']);
  });

  it('the retention job’s forget_audience_marks does the same, with the service key only', async () => {
    await send(anonFrom('198.51.100.20'), storyView());
    await setDatabaseClock(db, new Date(NOON.getTime() + 48 * 3600_000));
    await expect(runAsCaller(db, anonFrom('198.51.100.20'), (tx) => tx.query('select public.forget_audience_marks()'))).rejects.toMatchObject({ code: '42501' });
    const { rows } = await runAsCaller(db, edge, (tx) => tx.query<{ n: number }>('select public.forget_audience_marks() as n'));
    expect(rows[0]!.n).toBeGreaterThanOrEqual(1);
    expect(await countOf('select count(*) as n from private.audience_marks')).toBe(0);
    expect(await countOf('select count(*) as n from private.audience_salts')).toBe(0);
  });
});
