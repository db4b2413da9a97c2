import { stat } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyMigrations } from '../local-supabase/src/db/migrate.ts';
import type { Database } from '../local-supabase/src/db/database.ts';
import { OG_MAX_BYTES, imageRenditions } from '../src/lib/image-renditions.ts';
import { topicNavigation } from '../src/lib/paths.ts';
import { openFreshDatabase, type FreshSqlDatabase } from './support/fresh-database.ts';

const MIGRATION_COUNT = 32;

let fresh: FreshSqlDatabase;
let db: Database;

async function count(sql: string): Promise<number> {
  const result = await db.query<{ n: number }>(`select (${sql})::int as n`);
  return result.rows[0]?.n ?? Number.NaN;
}

beforeAll(async () => {
  fresh = await openFreshDatabase();
  db = fresh.db;
}, 120_000);

afterAll(async () => {
  await fresh?.dispose();
});

describe('applyMigrations on an empty database', () => {
  it('applies every migration once, in order, and seeds', async () => {
    const first = await applyMigrations(db);
    expect(first.applied).toHaveLength(MIGRATION_COUNT);
    expect([...first.applied].sort()).toEqual(first.applied);
    expect(first.seeded).toBe(true);

    const recorded = await db.query<{ version: string; name: string }>(
      'select version, name from supabase_migrations.schema_migrations order by version',
    );
    expect(recorded.rows.map((row) => row.version)).toEqual(first.applied);
    expect(recorded.rows.map((row) => row.name)).toContain('publications');
  });

  it('applies nothing and does not seed again the second time', async () => {
    await db.query(`update public.topics set name = 'Porto Ferreira e Região' where slug = 'local'`);
    const second = await applyMigrations(db);
    expect(second).toEqual({ applied: [], seeded: false });
    expect(await count(`select count(*) from public.topics`)).toBe(8);
    expect(await count(`select count(*) from public.topics where name = 'Porto Ferreira e Região'`)).toBe(1);
  });

  it('keeps the eight navigation topics (from a migration; the seed adds none)', async () => {
    const topics = await db.query<{ slug: string; name: string }>('select slug, name from public.topics order by slug');
    expect(Object.fromEntries(topics.rows.map((topic) => [topic.slug, topic.name]))).toEqual({
      cultura: 'Cultura',
      economia: 'Economia',
      educacao: 'Educação',
      esportes: 'Esportes',
      local: 'Porto Ferreira e Região',
      politica: 'Política',
      saude: 'Saúde',
      tecnologia: 'Tecnologia',
    });
  });

  it('reserves exactly the navigation\'s slugs, which the app links to by name', async () => {
    const reserved = await db.query<{ slugs: string[] }>('select private.reserved_topic_slugs() as slugs');
    expect([...(reserved.rows[0]?.slugs ?? [])].sort()).toEqual(topicNavigation.map((topic) => topic.slug).sort());
  });

  it('seeds published publications over several topics, at least four local, and two drafts', async () => {
    expect(await count(`select count(*) from public.publications where published`)).toBeGreaterThanOrEqual(10);
    expect(await count(`select count(*) from public.publications where not published`)).toBe(2);
    expect(
      await count(`select count(*) from public.publications p join public.topics t on t.id = p.topic_id
                   where p.published and t.slug = 'local'`),
    ).toBeGreaterThanOrEqual(4);
    expect(await count(`select count(distinct topic_id) from public.publications where published`)).toBeGreaterThanOrEqual(5);
    expect(await count(`select count(distinct views) from public.publications where published`)).toBeGreaterThanOrEqual(10);
    expect(await count(`select count(*) from public.publications where youtube_url is not null`)).toBe(1);
    expect(
      await count(`select count(*) from public.publications
                   where published and (published_at < '2026-10-01' or published_at >= '2026-12-01')`),
    ).toBe(0);
    expect(await count(`select count(*) from public.publications where image_url !~ '^/images/seed/[a-z0-9-]+/original-[0-9]+w\\.webp$'`)).toBe(0);
    expect(await count(`select count(*) from public.publications where not published and published_at is not null`)).toBe(0);
  });

  it('seeds four obituaries (three published) and four jobs (three published, one expiring)', async () => {
    expect(await count(`select count(*) from public.obituaries`)).toBe(4);
    expect(await count(`select count(*) from public.obituaries where published`)).toBe(3);
    expect(await count(`select count(*) from public.jobs`)).toBe(4);
    expect(await count(`select count(*) from public.jobs where published`)).toBe(3);
    expect(await count(`select count(*) from public.jobs where published and expires_at is not null`)).toBeGreaterThanOrEqual(1);
    expect(await count(`select count(distinct contract_type) from public.jobs`)).toBeGreaterThanOrEqual(3);
  });

  it('points every seeded image at a small WebP file shipped in public/, with its renditions beside it', async () => {
    const images = await db.query<{ url: string }>(
      `select image_url as url from public.publications where image_url is not null
       union select photo_url from public.obituaries where photo_url is not null`,
    );
    expect(images.rows.length).toBeGreaterThanOrEqual(14);
    const sizeOf = async (url: string) => (await stat(new URL(`../public${url}`, import.meta.url))).size;
    for (const { url } of images.rows) {
      expect(await sizeOf(url), url).toBeLessThan(40 * 1024);
      // src/lib/image-renditions.ts: the srcset and the link preview name only files that exist.
      const renditions = imageRenditions(url);
      expect(renditions, url).not.toBeNull();
      for (const candidate of renditions!.srcSet.split(', ')) expect(await sizeOf(candidate.split(' ')[0]!), candidate).toBeGreaterThan(0);
      expect(await sizeOf(renditions!.og), renditions!.og).toBeLessThanOrEqual(OG_MAX_BYTES);
    }
  });

  it("creates the three public image buckets, ad creatives at a banner's weight, and the tips' private photo bucket", async () => {
    const buckets = await db.query<{ id: string; public: boolean; file_size_limit: string | number }>(
      'select id, public, file_size_limit from storage.buckets order by id',
    );
    expect(buckets.rows.map((row) => [row.id, row.public, Number(row.file_size_limit)])).toEqual([
      ['ads', true, 153600],
      ['news-tips', false, 10485760],
      ['obituaries', true, 10485760],
      ['publications', true, 10485760],
    ]);
  });
});

describe('applyMigrations options', () => {
  it('does not seed when asked not to', async () => {
    const other = await openFreshDatabase();
    try {
      const result = await applyMigrations(other.db, { seed: false });
      expect(result.applied).toHaveLength(MIGRATION_COUNT);
      expect(result.seeded).toBe(false);
      // The structure without the demo content: the navigation's topics, and no story, obituary or job.
      const topics = await other.db.query<{ slug: string }>('select slug from public.topics order by created_at');
      expect(topics.rows.map((topic) => topic.slug)).toEqual(topicNavigation.map((topic) => topic.slug));
      const content = await other.db.query<{ n: number }>(
        `select (select count(*) from public.publications) + (select count(*) from public.obituaries)
              + (select count(*) from public.jobs) as n`,
      );
      expect(Number(content.rows[0]?.n)).toBe(0);
    } finally {
      await other.dispose();
    }
  }, 120_000);
});

describe('indexes behind the list queries of src/services', () => {
  // Each list orders by these columns (after its equality filters): an index must lead with the filters and
  // contain the ordering column, so a list never sorts the whole table.
  it.each([
    ['topics', ['name']],
    ['publications', ['published', 'topic_id', 'published_at']],
    ['publications', ['published', 'views']],
    ['publications', ['created_at']],
    ['obituaries', ['published', 'death_date']],
    ['obituaries', ['death_date']],
    ['jobs', ['published', 'created_at']],
    ['jobs', ['created_at']],
    ['media_kit_requests', ['created_at']],
    ['profiles', ['created_at']],
    ['topic_slug_redirects', ['old_slug']],
  ])('%s is listed through an index on (%s)', async (table, columns) => {
    const { rows } = await db.query<{ columns: string[] }>(
      `select array_agg(a.attname order by k.ordinality)::text[] as columns
         from pg_index i
         join pg_class c on c.oid = i.indrelid and c.relnamespace = 'public'::regnamespace
         cross join lateral unnest(i.indkey) with ordinality as k(attnum, ordinality)
         join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
        where c.relname = $1
        group by i.indexrelid`,
      [table],
    );
    const leading = rows.map((row) => row.columns.slice(0, columns.length).join(','));
    expect(leading).toContain(columns.join(','));
  });
});
