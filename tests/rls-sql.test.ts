import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { applyMigrations } from '../local-supabase/src/db/migrate.ts';
import type { Database, Queryable } from '../local-supabase/src/db/database.ts';
import { runAsCaller, type CallerContext } from '../local-supabase/src/db/request-context.ts';
import { resetDatabaseClock, setDatabaseClock } from './support/database-clock.ts';
import { openFreshDatabase, type FreshSqlDatabase } from './support/fresh-database.ts';

/**
 * Row-level security and privileges, straight in SQL, the way PostgREST runs each request: one transaction under
 * the caller's role with the JWT claims set. Each case is "acting as X, Y is allowed / denied". Unless a case says
 * otherwise, what a caller does is rolled back, so every case starts from the seed.
 */

const ADMIN_ID = 'aaaaaaaa-0000-4000-8000-000000000001';
const PENDING_ID = 'aaaaaaaa-0000-4000-8000-000000000002';
const SECOND_ADMIN_ID = 'aaaaaaaa-0000-4000-8000-000000000003';
const LATE_ID = 'aaaaaaaa-0000-4000-8000-000000000004';

const TOPIC_LOCAL = '11111111-1111-4111-8111-000000000001';
const PUBLISHED_PUBLICATION = '22222222-2222-4222-8222-000000000001';
const DRAFT_PUBLICATION = '22222222-2222-4222-8222-00000000d001';
const PUBLISHED_OBITUARY = '33333333-3333-4333-8333-000000000001';
const DRAFT_OBITUARY = '33333333-3333-4333-8333-000000000004';
const PUBLISHED_JOB = '44444444-4444-4444-8444-000000000001';
const DRAFT_JOB = '44444444-4444-4444-8444-000000000004';

type Actor = 'anon' | 'pending' | 'admin';

// Each actor is a client of its own address (request.headers as the API's edge sets it): view counting and the
// media-kit limit key on the client.
const callers: Record<Actor, CallerContext> = {
  anon: { role: 'anon', claims: { role: 'anon' }, headers: { 'x-forwarded-for': '198.51.100.1' } },
  pending: { role: 'authenticated', claims: { sub: PENDING_ID, role: 'authenticated' }, headers: { 'x-forwarded-for': '198.51.100.2' } },
  admin: { role: 'authenticated', claims: { sub: ADMIN_ID, role: 'authenticated' }, headers: { 'x-forwarded-for': '198.51.100.3' } },
};

let fresh: FreshSqlDatabase;
let db: Database;

type Outcome = { ok: true; rows: Record<string, unknown>[]; affected: number } | { ok: false; code: string };

class Rollback extends Error {
  constructor(readonly outcome: Outcome) {
    super('rollback');
  }
}

function sqlStateOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** Runs fn as the caller and rolls it back; a database error comes back as its SQLSTATE. */
async function attempt(
  caller: CallerContext,
  fn: (tx: Queryable) => Promise<{ rows: Record<string, unknown>[]; affectedRows?: number }>,
): Promise<Outcome> {
  try {
    await runAsCaller(db, caller, async (tx) => {
      const result = await fn(tx);
      // PGlite reports 0 affected rows for a plain select, node-postgres reports none: count what came back then.
      const affected = Math.max(result.affectedRows ?? 0, result.rows.length);
      throw new Rollback({ ok: true, rows: result.rows, affected });
    });
  } catch (error) {
    if (error instanceof Rollback) return error.outcome;
    const code = sqlStateOf(error);
    if (code) return { ok: false, code };
    throw error;
  }
  throw new Error('unreachable');
}

const run = (actor: Actor, sql: string, params: unknown[] = []) =>
  attempt(callers[actor], (tx) => tx.query<Record<string, unknown>>(sql, params));

async function rowCount(actor: Actor, sql: string, params: unknown[] = []): Promise<number> {
  const outcome = await run(actor, sql, params);
  if (!outcome.ok) throw new Error(`expected ${actor} to be allowed to run ${sql}, got ${outcome.code}`);
  return outcome.rows.length;
}

/** A forbidden write either fails with 42501 or touches no row. */
function expectDenied(outcome: Outcome): void {
  if (outcome.ok) expect(outcome.affected, 'a denied write touches zero rows').toBe(0);
  else expect(outcome.code).toBe('42501');
}

function expectAllowed(outcome: Outcome, rows = 1): void {
  expect(outcome).toMatchObject({ ok: true, affected: rows });
}

async function superuserValue<T>(sql: string, params: unknown[] = []): Promise<T> {
  const result = await db.query<{ value: T }>(sql, params);
  return result.rows[0]?.value as T;
}

async function createAuthUser(id: string, email: string, metadata: Record<string, unknown>): Promise<void> {
  await db.query(
    `insert into auth.users (id, email, encrypted_password, raw_user_meta_data) values ($1, $2, 'x', $3::jsonb)`,
    [id, email, JSON.stringify(metadata)],
  );
}

beforeAll(async () => {
  fresh = await openFreshDatabase();
  db = fresh.db;
  await applyMigrations(db);
  // Sign-ups as GoTrue would insert them. Both ask for 'admin' in their metadata; only the first gets it.
  await createAuthUser(ADMIN_ID, 'redacao@portoferreira.example', { name: 'Ana Redação', role: 'admin' });
  await createAuthUser(PENDING_ID, 'visitante@portoferreira.example', { name: 'Pedro Pendente', role: 'admin' });
}, 120_000);

afterAll(async () => {
  await fresh?.dispose();
});

describe('profiles created on sign-up', () => {
  it('makes the first account ever an admin and every later one pending, whatever the metadata says', async () => {
    const profiles = await db.query<{ id: string; name: string; email: string; role: string }>(
      'select id, name, email, role from public.profiles order by created_at, id',
    );
    expect(profiles.rows).toEqual([
      { id: ADMIN_ID, name: 'Ana Redação', email: 'redacao@portoferreira.example', role: 'admin' },
      { id: PENDING_ID, name: 'Pedro Pendente', email: 'visitante@portoferreira.example', role: 'pending' },
    ]);
  });

  it('is_admin() is true only for the admin', async () => {
    const isAdmin = async (actor: Actor) => {
      const outcome = await run(actor, 'select private.is_admin() as value');
      return outcome.ok ? outcome.rows[0]?.value : outcome.code;
    };
    expect(await isAdmin('admin')).toBe(true);
    expect(await isAdmin('pending')).toBe(false);
    expect(await isAdmin('anon')).toBe(false);
  });

  it('deletes the profile with its user', async () => {
    await createAuthUser(LATE_ID, 'tarde@portoferreira.example', {});
    expect(await superuserValue<string>('select role as value from public.profiles where id = $1', [LATE_ID])).toBe('pending');
    expect(await superuserValue<string>('select name as value from public.profiles where id = $1', [LATE_ID])).toBe('');
    await db.query('delete from auth.users where id = $1', [LATE_ID]);
    expect(await superuserValue<number>('select count(*)::int as value from public.profiles where id = $1', [LATE_ID])).toBe(0);
  });
});

describe('acting as an anonymous reader', () => {
  it('reading topics is allowed', async () => {
    expect(await rowCount('anon', 'select id from public.topics')).toBe(8);
  });

  it('reading published publications, obituaries and jobs is allowed; drafts stay hidden', async () => {
    expect(await rowCount('anon', 'select id from public.publications')).toBe(12);
    expect(await rowCount('anon', 'select id from public.publications where id = $1', [DRAFT_PUBLICATION])).toBe(0);
    expect(await rowCount('anon', 'select id from public.obituaries')).toBe(3);
    expect(await rowCount('anon', 'select id from public.obituaries where id = $1', [DRAFT_OBITUARY])).toBe(0);
    expect(await rowCount('anon', 'select id from public.jobs')).toBe(3);
    expect(await rowCount('anon', 'select id from public.jobs where id = $1', [DRAFT_JOB])).toBe(0);
  });

  it('writing topics, publications, obituaries and jobs is denied', async () => {
    expectDenied(await run('anon', `insert into public.topics (name, slug) values ('Agro', 'agro')`));
    expectDenied(await run('anon', `update public.topics set name = 'X' where id = $1`, [TOPIC_LOCAL]));
    expectDenied(await run('anon', 'delete from public.topics where id = $1', [TOPIC_LOCAL]));
    expectDenied(await run('anon', `insert into public.publications (title) values ('Falsa')`));
    expectDenied(await run('anon', `update public.publications set title = 'X' where id = $1`, [PUBLISHED_PUBLICATION]));
    expectDenied(await run('anon', 'delete from public.publications where id = $1', [PUBLISHED_PUBLICATION]));
    expectDenied(
      await run(
        'anon',
        `insert into public.obituaries (name, age, death_date, funeral_location, funeral_time)
         values ('X', 1, '2026-11-01', 'Y', 'Z')`,
      ),
    );
    expectDenied(await run('anon', 'update public.obituaries set published = false where id = $1', [PUBLISHED_OBITUARY]));
    expectDenied(await run('anon', 'delete from public.obituaries where id = $1', [PUBLISHED_OBITUARY]));
    expectDenied(await run('anon', `insert into public.jobs (title, company, location) values ('X', 'Y', 'Z')`));
    expectDenied(await run('anon', 'update public.jobs set published = false where id = $1', [PUBLISHED_JOB]));
    expectDenied(await run('anon', 'delete from public.jobs where id = $1', [PUBLISHED_JOB]));
  });

  it('sending a media kit request is allowed, reading requests back is denied', async () => {
    const outcome = await attempt(callers.anon, (tx) =>
      tx.query(
        `insert into public.media_kit_requests (name, company, email, phone, message)
         values ('Lia', 'Padaria Central', 'lia@padaria.example', '(19) 99999-0000', 'Banner em dezembro')`,
      ),
    );
    expect(outcome).toMatchObject({ ok: true, affected: 1 });
    expect(await run('anon', 'select id from public.media_kit_requests')).toEqual({ ok: false, code: '42501' });
  });

  it('sending a media kit request that asks for the row back is denied (RETURNING needs SELECT)', async () => {
    const outcome = await run(
      'anon',
      `insert into public.media_kit_requests (name, company, email, phone) values ('Lia', 'P', 'l@p.example', '1')
       returning id`,
    );
    expect(outcome).toEqual({ ok: false, code: '42501' });
  });

  it('updating or deleting media kit requests is denied', async () => {
    expectDenied(await run('anon', `update public.media_kit_requests set message = 'x'`));
    expectDenied(await run('anon', 'delete from public.media_kit_requests'));
  });

  it('reading profiles is denied', async () => {
    expect(await run('anon', 'select id from public.profiles')).toEqual({ ok: false, code: '42501' });
  });

  it('calling increment_views is allowed and adds exactly one to a published publication', async () => {
    const before = await superuserValue<number>('select views as value from public.publications where id = $1', [
      PUBLISHED_PUBLICATION,
    ]);
    await runAsCaller(db, callers.anon, (tx) =>
      tx.query('select public.increment_views($1)', [PUBLISHED_PUBLICATION]),
    );
    const after = await superuserValue<number>('select views as value from public.publications where id = $1', [
      PUBLISHED_PUBLICATION,
    ]);
    expect(after).toBe(before + 1);
  });

  it('calling increment_views on a draft or an unknown id changes nothing and raises no error', async () => {
    await runAsCaller(db, callers.anon, async (tx) => {
      await tx.query('select public.increment_views($1)', [DRAFT_PUBLICATION]);
      await tx.query('select public.increment_views($1)', ['99999999-9999-4999-8999-999999999999']);
    });
    expect(
      await superuserValue<number>('select views as value from public.publications where id = $1', [DRAFT_PUBLICATION]),
    ).toBe(0);
  });

  it('calling set_profile_role is denied', async () => {
    const outcome = await run('anon', `select public.set_profile_role($1, 'admin')`, [PENDING_ID]);
    expect(outcome).toEqual({ ok: false, code: '42501' });
  });
});

describe('acting as a pending (not yet approved) user', () => {
  it('reading is the same as anonymous: all topics, published rows only', async () => {
    expect(await rowCount('pending', 'select id from public.topics')).toBe(8);
    expect(await rowCount('pending', 'select id from public.publications')).toBe(12);
    expect(await rowCount('pending', 'select id from public.obituaries')).toBe(3);
    expect(await rowCount('pending', 'select id from public.jobs')).toBe(3);
    expect(await rowCount('pending', 'select id from public.media_kit_requests')).toBe(0);
  });

  it('creating topics, publications, obituaries and jobs is denied', async () => {
    for (const sql of [
      `insert into public.topics (name, slug) values ('Agro', 'agro')`,
      `insert into public.publications (title, published) values ('Falsa', true)`,
      `insert into public.obituaries (name, age, death_date, funeral_location, funeral_time, published)
       values ('X', 1, '2026-11-01', 'Y', 'Z', true)`,
      `insert into public.jobs (title, company, location, published) values ('X', 'Y', 'Z', true)`,
    ]) {
      expect(await run('pending', sql), sql).toEqual({ ok: false, code: '42501' });
    }
  });

  it('updating and deleting content touches zero rows', async () => {
    for (const [sql, id] of [
      [`update public.topics set name = 'X' where id = $1`, TOPIC_LOCAL],
      ['delete from public.topics where id = $1', TOPIC_LOCAL],
      [`update public.publications set title = 'X' where id = $1`, PUBLISHED_PUBLICATION],
      [`update public.publications set published = true where id = $1`, DRAFT_PUBLICATION],
      ['delete from public.publications where id = $1', PUBLISHED_PUBLICATION],
      ['update public.obituaries set published = false where id = $1', PUBLISHED_OBITUARY],
      ['delete from public.obituaries where id = $1', PUBLISHED_OBITUARY],
      ['update public.jobs set published = false where id = $1', PUBLISHED_JOB],
      ['delete from public.jobs where id = $1', PUBLISHED_JOB],
    ] as const) {
      const outcome = await run('pending', sql, [id]);
      expect(outcome, sql).toMatchObject({ ok: true, affected: 0 });
    }
  });

  it('sending a media kit request is allowed; deleting requests touches zero rows', async () => {
    expectAllowed(
      await run(
        'pending',
        `insert into public.media_kit_requests (name, company, email, phone, interest)
         values ('Rui', 'Loja', 'rui@loja.example', '19 3333-0000', 'banner-lateral')`,
      ),
    );
    await db.query(
      `insert into public.media_kit_requests (name, company, email, phone) values ('Seed', 'S', 's@s.example', '1')`,
    );
    expect(await run('pending', 'delete from public.media_kit_requests')).toMatchObject({ ok: true, affected: 0 });
  });

  it('reading their own profile is allowed, other profiles stay hidden', async () => {
    const outcome = await run('pending', 'select id, role from public.profiles');
    expect(outcome).toMatchObject({ ok: true, rows: [{ id: PENDING_ID, role: 'pending' }] });
  });

  it('promoting themselves, directly or through set_profile_role, is denied', async () => {
    expect(await run('pending', `update public.profiles set role = 'admin' where id = $1`, [PENDING_ID])).toEqual({
      ok: false,
      code: '42501',
    });
    expect(await run('pending', `select public.set_profile_role($1, 'admin')`, [PENDING_ID])).toEqual({
      ok: false,
      code: '42501',
    });
  });

  it('uploading, replacing or removing images is denied', async () => {
    expect(
      await run('pending', `insert into storage.objects (bucket_id, name, owner) values ('publications', 'x.png', $1)`, [
        PENDING_ID,
      ]),
    ).toEqual({ ok: false, code: '42501' });
    expect(await run('pending', `update storage.objects set name = 'y.png' where bucket_id = 'publications'`)).toMatchObject({
      ok: true,
      affected: 0,
    });
    expect(await run('pending', `delete from storage.objects where bucket_id = 'publications'`)).toMatchObject({
      ok: true,
      affected: 0,
    });
  });
});

describe('acting as an admin', () => {
  it('reading every publication, obituary and job, drafts included, is allowed', async () => {
    expect(await rowCount('admin', 'select id from public.publications')).toBe(14);
    expect(await rowCount('admin', 'select id from public.obituaries')).toBe(4);
    expect(await rowCount('admin', 'select id from public.jobs')).toBe(4);
  });

  it('creating, updating and deleting topics is allowed', async () => {
    expectAllowed(await run('admin', `insert into public.topics (name, slug) values ('Agronegócio', 'agronegocio') returning id`));
    expectAllowed(await run('admin', `update public.topics set name = 'Cidade' where id = $1`, [TOPIC_LOCAL]));
    expectAllowed(await run('admin', 'delete from public.topics where id = $1', [TOPIC_LOCAL]));
  });

  it('deleting a topic keeps its publications, without a topic', async () => {
    const outcome = await attempt(callers.admin, async (tx) => {
      await tx.query('delete from public.topics where id = $1', [TOPIC_LOCAL]);
      return tx.query('select topic_id from public.publications where id = $1', [PUBLISHED_PUBLICATION]);
    });
    expect(outcome).toMatchObject({ ok: true, rows: [{ topic_id: null }] });
  });

  it('creating a publication is allowed, as the author by default, with views starting at zero', async () => {
    const outcome = await run(
      'admin',
      `insert into public.publications (title, topic_id, published, published_at)
       values ('Nova ponte sobre o Mogi-Guaçu', $1, true, now()) returning author_id, views`,
      [TOPIC_LOCAL],
    );
    expect(outcome).toMatchObject({ ok: true, rows: [{ author_id: ADMIN_ID, views: 0 }] });
  });

  it('updating, publishing and deleting publications is allowed', async () => {
    expectAllowed(
      await run(
        'admin',
        `update public.publications set title = 'Novo título', description = 'd', content = '<p>c</p>',
                image_url = null, youtube_url = null, topic_id = $2, updated_at = now()
          where id = $1`,
        [DRAFT_PUBLICATION, TOPIC_LOCAL],
      ),
    );
    expectAllowed(
      await run('admin', 'update public.publications set image_url = null, youtube_url = null, topic_id = $2, updated_at = now() where id = $1', [
        PUBLISHED_PUBLICATION,
        TOPIC_LOCAL,
      ]),
    );
    expectAllowed(
      await run('admin', 'update public.publications set published = true, published_at = now() where id = $1', [
        DRAFT_PUBLICATION,
      ]),
    );
    expectAllowed(await run('admin', 'delete from public.publications where id = $1', [PUBLISHED_PUBLICATION]));
  });

  it("a live story's text is refused without a correction or a minor edit, and allowed through revise_publication (decision 0038)", async () => {
    expect(await run('admin', `update public.publications set content = '<p>Outro</p>' where id = $1`, [PUBLISHED_PUBLICATION])).toEqual({
      ok: false,
      code: '23514',
    });
    expect(
      await run('admin', `select public.revise_publication($1, 'Título', '', '<p>Outro</p>', 'minor_edit', note => 'Vírgula')`, [PUBLISHED_PUBLICATION]),
    ).toMatchObject({ ok: true });
  });

  it('setting views directly is denied, on update and on insert', async () => {
    expect(await run('admin', 'update public.publications set views = 999999 where id = $1', [PUBLISHED_PUBLICATION])).toEqual({
      ok: false,
      code: '42501',
    });
    expect(await run('admin', `insert into public.publications (title, views) values ('Inflada', 999)`)).toEqual({
      ok: false,
      code: '42501',
    });
  });

  it('creating, updating and deleting obituaries is allowed', async () => {
    expectAllowed(
      await run(
        'admin',
        `insert into public.obituaries (name, age, death_date, funeral_location, funeral_time)
         values ('Joana Silva', 80, '2026-11-20', 'Velório Municipal', '9h às 15h')`,
      ),
    );
    expectAllowed(await run('admin', 'update public.obituaries set published = true where id = $1', [DRAFT_OBITUARY]));
    expectAllowed(await run('admin', 'delete from public.obituaries where id = $1', [PUBLISHED_OBITUARY]));
  });

  it('creating, updating and deleting jobs is allowed', async () => {
    expectAllowed(
      await run('admin', `insert into public.jobs (title, company, location, contract_type) values ('Motorista', 'Transportes', 'Centro', 'PJ')`),
    );
    expectAllowed(await run('admin', 'update public.jobs set published = true, expires_at = null where id = $1', [DRAFT_JOB]));
    expectAllowed(await run('admin', 'delete from public.jobs where id = $1', [PUBLISHED_JOB]));
  });

  it('reading and deleting media kit requests is allowed, editing them is denied', async () => {
    await db.query(
      `insert into public.media_kit_requests (name, company, email, phone) values ('Bia', 'Mercado', 'bia@m.example', '2')`,
    );
    const total = await superuserValue<number>('select count(*)::int as value from public.media_kit_requests');
    expect(total).toBeGreaterThan(0);
    expect(await rowCount('admin', 'select id from public.media_kit_requests')).toBe(total);
    expectAllowed(await run('admin', 'delete from public.media_kit_requests'), total);
    expect(await run('admin', `update public.media_kit_requests set message = 'x'`)).toEqual({ ok: false, code: '42501' });
  });

  it('reading every profile is allowed, changing a role directly is denied', async () => {
    expect(await rowCount('admin', 'select id from public.profiles')).toBe(2);
    expect(await run('admin', `update public.profiles set role = 'admin' where id = $1`, [PENDING_ID])).toEqual({
      ok: false,
      code: '42501',
    });
    // Deleting a profile is rejecting its account (docs/decisions/0020): a pending one only, never one's own.
    expectDenied(await run('admin', `delete from public.profiles where id = $1`, [ADMIN_ID]));
    expectDenied(await run('admin', `delete from public.profiles where id = $1`, [SECOND_ADMIN_ID]));
    expect(await run('admin', `delete from public.profiles where id = $1 returning id`, [PENDING_ID])).toMatchObject({
      ok: true,
      rows: [{ id: PENDING_ID }],
    });
  });

  it('a pending account deletes no profile, not even its own', async () => {
    for (const id of [PENDING_ID, ADMIN_ID]) expectDenied(await run('pending', `delete from public.profiles where id = $1`, [id]));
  });

  it('calling increment_views is allowed and adds exactly one', async () => {
    const before = await superuserValue<number>('select views as value from public.publications where id = $1', [
      PUBLISHED_PUBLICATION,
    ]);
    const outcome = await attempt(callers.admin, async (tx) => {
      await tx.query('select public.increment_views($1)', [PUBLISHED_PUBLICATION]);
      return tx.query('select views from public.publications where id = $1', [PUBLISHED_PUBLICATION]);
    });
    expect(outcome).toMatchObject({ ok: true, rows: [{ views: before + 1 }] });
  });
});

describe('view counting and the media-kit limit, per client', () => {
  const visitor = (address: string | null): CallerContext => ({
    role: 'anon',
    claims: { role: 'anon' },
    headers: address === null ? {} : { 'x-forwarded-for': `${address}, 10.0.0.1` },
  });
  const views = () =>
    superuserValue<number>('select views as value from public.publications where id = $1', [PUBLISHED_PUBLICATION]);
  const view = (caller: CallerContext) =>
    runAsCaller(db, caller, (tx) => tx.query('select public.increment_views($1)', [PUBLISHED_PUBLICATION]));
  const sendMediaKit = async (caller: CallerContext, email: string): Promise<string> => {
    try {
      await runAsCaller(db, caller, (tx) =>
        tx.query(`insert into public.media_kit_requests (name, company, email, phone) values ('Lia', 'P', $1, '1')`, [email]),
      );
      return 'stored';
    } catch (error) {
      return sqlStateOf(error) ?? String(error);
    }
  };

  afterEach(async () => {
    await resetDatabaseClock(db);
  });

  it('a client is counted once per story in 6 hours, then again; another client counts at once', async () => {
    const start = await views();
    await view(visitor('203.0.113.10'));
    await view(visitor('203.0.113.10'));
    expect(await views()).toBe(start + 1);
    await view(visitor('203.0.113.11'));
    expect(await views()).toBe(start + 2);
    await setDatabaseClock(db, new Date(Date.now() + 6 * 3600_000 + 60_000));
    await view(visitor('203.0.113.10'));
    expect(await views()).toBe(start + 3);
  });

  it('cf-connecting-ip, then x-real-ip, then the first x-forwarded-for entry name the client; none at all is one shared client', async () => {
    const start = await views();
    await view({ ...visitor(null), headers: { 'cf-connecting-ip': '203.0.113.20', 'x-forwarded-for': '203.0.113.21' } });
    await view({ ...visitor(null), headers: { 'cf-connecting-ip': '203.0.113.20', 'x-real-ip': '203.0.113.22' } });
    await view(visitor('203.0.113.20'));
    expect(await views()).toBe(start + 1);
    await view(visitor(null));
    await view(visitor(null));
    expect(await views()).toBe(start + 2);
  });

  it('receipts keep a salted hash, never an address', async () => {
    const { rows } = await db.query<{ client_key: string }>('select client_key from private.view_receipts');
    expect(rows.length).toBeGreaterThan(0);
    for (const { client_key } of rows) expect(client_key).toMatch(/^[0-9a-f]{64}$/);
  });

  it('a client may send 3 media-kit requests an hour, an e-mail address 3 a day; over either limit it is PT429', async () => {
    const results = [];
    for (let n = 1; n <= 4; n += 1) results.push(await sendMediaKit(visitor('203.0.113.30'), `cliente${n}@exemplo.example`));
    expect(results).toEqual(['stored', 'stored', 'stored', 'PT429']);
    await setDatabaseClock(db, new Date(Date.now() + 3600_000 + 60_000));
    expect(await sendMediaKit(visitor('203.0.113.30'), 'cliente5@exemplo.example')).toBe('stored');

    const email = 'Mesma@Exemplo.example';
    for (const [n, address] of ['203.0.113.31', '203.0.113.32', '203.0.113.33'].entries()) {
      expect(await sendMediaKit(visitor(address), n === 1 ? email.toLowerCase() : email), address).toBe('stored');
    }
    expect(await sendMediaKit(visitor('203.0.113.34'), ` ${email.toUpperCase()} `.trim())).toBe('PT429');
  });

  it('the database owner\'s own inserts are not limited', async () => {
    for (let n = 0; n < 4; n += 1) {
      await db.query(`insert into public.media_kit_requests (name, company, email, phone) values ('Equipe', 'P', 'equipe@exemplo.example', '1')`);
    }
    expect(await superuserValue<number>(`select count(*)::int as value from public.media_kit_requests where email = 'equipe@exemplo.example'`)).toBe(4);
  });
});

describe('topic slug redirects (written only by the triggers on topics)', () => {
  beforeAll(async () => {
    // An old address of 'local', as a rename before the navigation slugs were fixed would have left it.
    await db.query(`insert into public.topic_slug_redirects (old_slug, topic_id) values ('cidade', $1)`, [TOPIC_LOCAL]);
  });

  it.each(['anon', 'pending', 'admin'] as const)('acting as %s, reading redirects is allowed', async (actor) => {
    const outcome = await run(actor, `select old_slug, topic_id from public.topic_slug_redirects where old_slug = 'cidade'`);
    expect(outcome).toMatchObject({ ok: true, rows: [{ old_slug: 'cidade', topic_id: TOPIC_LOCAL }] });
  });

  it.each(['anon', 'pending', 'admin'] as const)('acting as %s, inserting, updating or deleting redirects is denied', async (actor) => {
    for (const sql of [
      `insert into public.topic_slug_redirects (old_slug, topic_id) values ('falsa', '${TOPIC_LOCAL}')`,
      `update public.topic_slug_redirects set old_slug = 'outra' where old_slug = 'cidade'`,
      `delete from public.topic_slug_redirects where old_slug = 'cidade'`,
    ]) {
      expect(await run(actor, sql), sql).toEqual({ ok: false, code: '42501' });
    }
  });

  it("acting as an admin, renaming a topic's slug is allowed and records the old slug for it", async () => {
    const outcome = await attempt(callers.admin, async (tx) => {
      const created = await tx.query<{ id: string }>(`insert into public.topics (name, slug) values ('Agro', 'agro') returning id`);
      await tx.query(`update public.topics set name = 'Agronegócio', slug = 'agronegocio' where slug = 'agro'`);
      const redirects = await tx.query('select old_slug, topic_id from public.topic_slug_redirects where old_slug = $1', ['agro']);
      return { rows: redirects.rows.map((row) => ({ ...row, same_topic: row.topic_id === created.rows[0]?.id })) };
    });
    expect(outcome).toMatchObject({ ok: true, rows: [{ old_slug: 'agro', same_topic: true }] });
  });

  it('acting as an admin, a new topic that takes an old slug takes it over from the redirect', async () => {
    const outcome = await attempt(callers.admin, async (tx) => {
      await tx.query(`insert into public.topics (name, slug) values ('Cidade', 'cidade')`);
      return tx.query(`select old_slug from public.topic_slug_redirects where old_slug = 'cidade'`);
    });
    expect(outcome).toMatchObject({ ok: true, rows: [] });
  });

  it('acting as an admin, changing a navigation slug is refused (PF004); its name and an unchanged slug are not', async () => {
    expect(await run('admin', `update public.topics set slug = 'porto-ferreira' where id = $1`, [TOPIC_LOCAL])).toEqual({
      ok: false,
      code: 'PF004',
    });
    expect(await run('admin', `update public.topics set slug = slug || '-x' where slug = 'tecnologia'`)).toEqual({
      ok: false,
      code: 'PF004',
    });
    expectAllowed(await run('admin', `update public.topics set name = 'Porto Ferreira e Região', slug = 'local' where id = $1`, [TOPIC_LOCAL]));
  });

  it('acting as a pending user, renaming a topic touches zero rows and records nothing', async () => {
    const outcome = await attempt(callers.pending, async (tx) => {
      const update = await tx.query(`update public.topics set slug = 'cidade-nova' where id = $1`, [TOPIC_LOCAL]);
      const redirects = await tx.query(`select old_slug from public.topic_slug_redirects where topic_id = $1`, [TOPIC_LOCAL]);
      return { rows: [{ updated: update.affectedRows ?? 0, oldSlugs: redirects.rows.map((row) => row.old_slug) }] };
    });
    expect(outcome).toMatchObject({ ok: true, rows: [{ updated: 0, oldSlugs: ['cidade'] }] });
  });
});

describe('storage.objects in the publications and obituaries buckets', () => {
  beforeAll(async () => {
    await db.query(`insert into storage.buckets (id, name, public) values ('private', 'private', false)`);
    await db.query(
      `insert into storage.objects (bucket_id, name) values
         ('publications', 'seed-photo.webp'), ('obituaries', 'seed-portrait.webp'), ('private', 'secret.webp')`,
    );
  });

  it('acting as anonymous or pending, listing objects is denied: no bucket shows a row', async () => {
    for (const actor of ['anon', 'pending'] as const) {
      expect(await run(actor, 'select bucket_id, name from storage.objects'), actor).toMatchObject({ ok: true, rows: [] });
    }
  });

  it('acting as an admin, listing the two image buckets is allowed, other buckets stay hidden', async () => {
    const outcome = await run('admin', 'select bucket_id, name from storage.objects order by bucket_id');
    expect(outcome).toMatchObject({
      ok: true,
      rows: [
        { bucket_id: 'obituaries', name: 'seed-portrait.webp' },
        { bucket_id: 'publications', name: 'seed-photo.webp' },
      ],
    });
  });

  it('acting as anonymous, uploading, replacing and removing is denied', async () => {
    expectDenied(await run('anon', `insert into storage.objects (bucket_id, name) values ('obituaries', 'x.png')`));
    expectDenied(await run('anon', `update storage.objects set name = 'y.webp' where name = 'seed-photo.webp'`));
    expectDenied(await run('anon', `delete from storage.objects where name = 'seed-photo.webp'`));
  });

  it('acting as an admin, uploading, replacing and removing is allowed in both buckets', async () => {
    for (const bucket of ['publications', 'obituaries']) {
      expectAllowed(
        await run('admin', `insert into storage.objects (bucket_id, name, owner) values ($1, 'nova.png', $2)`, [
          bucket,
          ADMIN_ID,
        ]),
      );
    }
    expectAllowed(await run('admin', `update storage.objects set name = 'renomeada.webp' where name = 'seed-photo.webp'`));
    expectAllowed(await run('admin', `delete from storage.objects where name = 'seed-portrait.webp'`));
  });

  it('acting as an admin, writing into another bucket is denied', async () => {
    expectDenied(await run('admin', `insert into storage.objects (bucket_id, name) values ('private', 'x.png')`));
    expectDenied(await run('admin', `delete from storage.objects where bucket_id = 'private'`));
  });

  it('the buckets accept only raster images up to 10 MB', async () => {
    const buckets = await db.query<{ id: string; public: boolean; file_size_limit: string | number; allowed_mime_types: string[] }>(
      `select id, public, file_size_limit, allowed_mime_types from storage.buckets
        where id in ('publications', 'obituaries') order by id`,
    );
    for (const bucket of buckets.rows) {
      expect(bucket.public).toBe(true);
      expect(Number(bucket.file_size_limit)).toBe(10 * 1024 * 1024);
      expect([...bucket.allowed_mime_types].sort()).toEqual(['image/avif', 'image/gif', 'image/jpeg', 'image/png', 'image/webp']);
    }
  });
});

describe('set_profile_role', () => {
  it('acting as an admin, approving a pending account is allowed and makes it an admin', async () => {
    const outcome = await attempt(callers.admin, async (tx) => {
      await tx.query(`select public.set_profile_role($1, 'admin')`, [PENDING_ID]);
      return tx.query('select role from public.profiles where id = $1', [PENDING_ID]);
    });
    expect(outcome).toMatchObject({ ok: true, rows: [{ role: 'admin' }] });
  });

  it('acting as the only admin, demoting yourself is denied as the last admin (PF002)', async () => {
    expect(await run('admin', `select public.set_profile_role($1, 'pending')`, [ADMIN_ID])).toEqual({
      ok: false,
      code: 'PF002',
    });
  });

  it('acting as an admin, an unknown role (22023) or an unknown account (PF003) is refused', async () => {
    expect(await run('admin', `select public.set_profile_role($1, 'chefe')`, [PENDING_ID])).toEqual({
      ok: false,
      code: '22023',
    });
    expect(
      await run('admin', `select public.set_profile_role($1, 'admin')`, ['99999999-9999-4999-8999-999999999999']),
    ).toEqual({ ok: false, code: 'PF003' });
  });

  describe('with two admins', () => {
    beforeAll(async () => {
      await createAuthUser(SECOND_ADMIN_ID, 'editora@portoferreira.example', { name: 'Eva Editora' });
      await runAsCaller(db, callers.admin, (tx) =>
        tx.query(`select public.set_profile_role($1, 'admin')`, [SECOND_ADMIN_ID]),
      );
    });

    it('demoting yourself is denied (PF001)', async () => {
      expect(await run('admin', `select public.set_profile_role($1, 'pending')`, [ADMIN_ID])).toEqual({
        ok: false,
        code: 'PF001',
      });
    });

    it('demoting the other admin is allowed, and revokes their admin rights', async () => {
      const secondAdmin: CallerContext = { role: 'authenticated', claims: { sub: SECOND_ADMIN_ID, role: 'authenticated' } };
      expect(await rowCount('admin', 'select id from public.profiles')).toBe(3);
      const before = await attempt(secondAdmin, (tx) => tx.query('select id from public.publications'));
      expect(before).toMatchObject({ ok: true, affected: 14 });

      await runAsCaller(db, callers.admin, (tx) =>
        tx.query(`select public.set_profile_role($1, 'pending')`, [SECOND_ADMIN_ID]),
      );

      const after = await attempt(secondAdmin, (tx) => tx.query('select id from public.publications'));
      expect(after).toMatchObject({ ok: true, affected: 12 });
      expectDenied(await attempt(secondAdmin, (tx) => tx.query('delete from public.publications')));
    });
  });
});
