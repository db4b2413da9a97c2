import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyMigrations } from '../../local-supabase/src/db/migrate.ts';
import type { Database, Queryable } from '../../local-supabase/src/db/database.ts';
import { openFreshDatabase, type FreshSqlDatabase } from '../support/fresh-database.ts';

/**
 * The checks of Supabase's Security and Performance Advisors, as tests over the catalog after every migration (issue
 * 13; docs/decisions/0015). Each rule lists its offenders, so a failure names what broke it; each rule is also shown
 * to catch a deliberately broken schema, built inside a transaction that is rolled back.
 *
 * The exposed schemas are the API's (supabase/config.toml): `public`, and `storage` through the storage server.
 * The project's own schemas, whose tables and privileges its migrations decide, are `public` and `private`.
 */

const EXPOSED_SCHEMAS = ['public', 'storage'];
const PROJECT_SCHEMAS = ['public', 'private'];
const SYSTEM_SCHEMAS = ['pg_catalog', 'information_schema', 'pg_toast'];

/**
 * Every security definer function and the roles that may execute it (besides its owner). The API's functions keep
 * service_role, the server's trusted key; helpers of policies get the API roles whose policies evaluate them;
 * triggers get nobody (a trigger runs without EXECUTE).
 */
const SECURITY_DEFINER_EXECUTE: Record<string, string[]> = {
  'private.is_admin()': ['anon', 'authenticated'],
  // The roles (docs/decisions/0037): what the policies of editors' and reporters' work check.
  'private.is_editor()': ['anon', 'authenticated'],
  'private.is_staff()': ['anon', 'authenticated'],
  // The audit log is written by the database alone; its year of keeping is the host's scheduled job's.
  'private.record_audit(text, text, text, text, jsonb)': [],
  'private.audit_log_forget_old()': ['service_role'],
  'private.audit_sign_in()': [],
  // The log's triggers for publishing, deletions, reviews and refused sign-ups (docs/decisions/0037).
  'private.audit_publication()': [],
  'private.audit_published_row()': [],
  'private.audit_ad_campaign()': [],
  'private.audit_account_rejected()': [],
  'private.clock_now()': ['anon', 'authenticated'],
  'private.limit_media_kit_requests()': [],
  'private.check_news_tip()': [],
  // Corrections in the open (docs/decisions/0038): the records' triggers, which date, sign and log them.
  'private.publication_corrections_before_insert()': [],
  'private.publication_minor_edits_before_insert()': [],
  // The tip photos' upload rule, which the storage policies of anon and authenticated call (docs/decisions/0035).
  'private.may_upload_news_tip_photo(text, text)': ['anon', 'authenticated'],
  'public.handle_new_user()': [],
  'public.record_topic_slug()': [],
  'public.publications_before_write()': [],
  'private.delete_account_of_deleted_profile()': [],
  // The indexed searches behind the API's searches, which run them as their caller (docs/decisions/0020).
  'private.search_publications(text, text, date, integer, real, timestamp with time zone, uuid)': ['anon', 'authenticated', 'service_role'],
  'private.search_publication_matches(text, text, date)': ['anon', 'authenticated', 'service_role'],
  'private.search_obituaries(text, boolean, integer, date, uuid, boolean, boolean)': ['anon', 'authenticated', 'service_role'],
  'private.search_publication_titles(text, integer, timestamp with time zone, uuid, text, boolean)': ['authenticated', 'service_role'],
  'public.increment_views(uuid)': ['anon', 'authenticated', 'service_role'],
  'public.set_profile_role(uuid, text)': ['authenticated', 'service_role'],
  'public.count_ad_event(uuid, text)': ['anon', 'authenticated', 'service_role'],
  'public.ad_campaign_report(uuid)': ['anon', 'authenticated', 'service_role'],
  // The daily digest (docs/decisions/0033): the reader's three calls, the admin's own address, the server's calls.
  'public.newsletter_subscribe(text, text, text)': ['anon', 'authenticated'],
  'public.newsletter_confirm(uuid)': ['anon', 'authenticated'],
  'public.newsletter_unsubscribe(uuid)': ['anon', 'authenticated'],
  'public.newsletter_test_recipient()': ['authenticated'],
  'public.newsletter_claim_confirmations(integer)': ['service_role'],
  'public.newsletter_confirmation_sent(uuid)': ['service_role'],
  'public.newsletter_start_digest(boolean)': ['service_role'],
  'public.newsletter_digest_stories(uuid)': ['service_role'],
  'public.newsletter_claim_deliveries(uuid, integer)': ['service_role'],
  'public.newsletter_delivery_done(uuid, uuid, text)': ['service_role'],
  'public.newsletter_finish_digest(uuid)': ['service_role'],
  'private.newsletter_stories(timestamp with time zone, timestamp with time zone)': [],
  'private.newsletter_window_start(timestamp with time zone)': [],
  'private.newsletter_forget_unconfirmed(timestamp with time zone)': [],
  // Privacy (docs/decisions/0039): the settings' audit trigger, the host's retention job, and the data-rights
  // helpers that the public functions (run as their caller) need for what no policy can express: writing the
  // audit entry, an account's own log entries and drafts, and deleting an account without losing the last
  // administrator. In `private`, so the API cannot call them; each checks the caller itself.
  'private.audit_site_settings()': [],
  'public.run_retention(boolean)': ['service_role'],
  'public.retention_tip_photos_due(integer)': ['service_role'],
  'private.audit_data_right(text, text, text, jsonb)': ['authenticated'],
  'private.account_data(uuid)': ['authenticated'],
  'private.erase_account(uuid)': ['authenticated'],
  // Scheduled jobs (docs/decisions/0042): the record's bounding trigger, and the campaigns' daily closing, which
  // the hosts run with the service key (it reads the database's clock, which is private).
  'private.prune_job_runs()': [],
  'public.close_ad_campaign_days(boolean)': ['service_role'],
};

/**
 * The security definer functions the API may run (an exposed schema, EXECUTE for anon or authenticated), each with
 * the API roles that may, as docs/decisions/0020-definer-functions-on-the-api.md justifies them: Supabase's linter
 * warns once per function and role (lints anon_/authenticated_security_definer_function_executable), and the
 * project keeps that to the functions listed here (decision 0020, and 0033 for the digest's). Every other function of the API runs as its caller.
 */
const DEFINER_FUNCTIONS_ON_THE_API: Record<string, string[]> = {
  'public.increment_views(uuid)': ['anon', 'authenticated'],
  'public.set_profile_role(uuid, text)': ['authenticated'],
  'public.count_ad_event(uuid, text)': ['anon', 'authenticated'],
  'public.ad_campaign_report(uuid)': ['anon', 'authenticated'],
  'public.newsletter_subscribe(text, text, text)': ['anon', 'authenticated'],
  'public.newsletter_confirm(uuid)': ['anon', 'authenticated'],
  'public.newsletter_unsubscribe(uuid)': ['anon', 'authenticated'],
  'public.newsletter_test_recipient()': ['authenticated'],
};

/** The functions of `public` the app calls through /rest/v1/rpc (src/services): the only ones the API roles may run. */
const API_FUNCTIONS = [
  'increment_views',
  'search_publications',
  'search_publications_count',
  'search_obituaries',
  'search_publication_titles',
  'set_profile_role',
  'reject_pending_account',
  'count_ad_event',
  'ad_campaign_report',
  'newsletter_subscribe',
  'newsletter_confirm',
  'newsletter_unsubscribe',
  'newsletter_test_recipient',
  'current_breaking_news',
  'data_subject_lookup',
  'data_subject_export',
  'data_subject_erase',
  'own_data_export',
  'delete_own_account',
  'revise_publication',
  'scheduled_job_status',
];

/**
 * Functions that read user metadata for something other than authorization: the profile's display name on sign-up.
 * Each occurrence in them must be that read.
 */
const USER_METADATA_READERS: Record<string, RegExp> = {
  'public.handle_new_user()': /raw_user_meta_data\s*->>\s*'name'/g,
};
const USER_METADATA = /raw_user_meta_data|user_metadata/g;

const COMMANDS = ['select', 'insert', 'update', 'delete'] as const;

interface Rule {
  name: string;
  /** Offenders, each a line that names it. Runs inside a transaction it may change (the caller rolls it back). */
  offenders(tx: Queryable): Promise<string[]>;
}

const lines = async (tx: Queryable, sql: string, params: unknown[] = []): Promise<string[]> =>
  (await tx.query<{ line: string }>(sql, params)).rows.map((row) => row.line).sort();

/** `schema.name(argument types)`, the key of SECURITY_DEFINER_EXECUTE and USER_METADATA_READERS. */
const FUNCTION_NAME = `n.nspname || '.' || p.proname || '(' || pg_catalog.oidvectortypes(p.proargtypes) || ')'`;

const rlsOnEveryExposedTable: Rule = {
  name: 'row-level security is enabled on every table of the exposed schemas',
  offenders: (tx) =>
    lines(
      tx,
      `select n.nspname || '.' || c.relname || ': row-level security is off' as line
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = any ($1) and c.relkind in ('r', 'p') and not c.relrowsecurity`,
      [EXPOSED_SCHEMAS],
    ),
};

const noUserMetadataForAuthorization: Rule = {
  name: 'no policy or function reads user metadata (which its user can write) to authorize',
  async offenders(tx) {
    const policies = await lines(
      tx,
      `select schemaname || '.' || tablename || ' policy "' || policyname || '" reads user metadata' as line
         from pg_policies
        where coalesce(qual, '') || ' ' || coalesce(with_check, '') ~ '(raw_user_meta_data|user_metadata)'`,
    );
    const functions = await tx.query<{ name: string; source: string }>(
      `select ${FUNCTION_NAME} as name, p.prosrc as source
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname <> all ($1) and p.prosrc ~ '(raw_user_meta_data|user_metadata)'`,
      [SYSTEM_SCHEMAS],
    );
    const readers = functions.rows.flatMap(({ name, source }) => {
      const allowed = USER_METADATA_READERS[name];
      const reads = source.match(USER_METADATA)?.length ?? 0;
      const harmless = allowed ? (source.match(allowed)?.length ?? 0) : 0;
      return reads > harmless ? [`function ${name} reads user metadata`] : [];
    });
    return [...policies, ...readers].sort();
  },
};

const securityDefinerFunctionsLockedDown: Rule = {
  name: "every security definer function has search_path='' and EXECUTE only for the roles on its allow-list",
  async offenders(tx) {
    const { rows } = await tx.query<{ name: string; config: string[] | null; grantees: string[] }>(
      `select ${FUNCTION_NAME} as name, p.proconfig as config,
              coalesce(array(
                select case when a.grantee = 0 then 'PUBLIC' else pg_catalog.pg_get_userbyid(a.grantee)::text end
                  from pg_catalog.aclexplode(coalesce(p.proacl, pg_catalog.acldefault('f', p.proowner))) a
                 where a.privilege_type = 'EXECUTE' and a.grantee <> p.proowner
                 order by 1), '{}'::text[]) as grantees
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where p.prosecdef and n.nspname <> all ($1)`,
      [SYSTEM_SCHEMAS],
    );
    return rows
      .flatMap(({ name, config, grantees }) => {
        const problems: string[] = [];
        if (!(config ?? []).some((setting) => setting === 'search_path=""' || setting === "search_path=''")) {
          problems.push(`${name}: search_path is not fixed to ''`);
        }
        const allowed = SECURITY_DEFINER_EXECUTE[name];
        if (!allowed) problems.push(`${name}: security definer but not on the allow-list`);
        const extra = grantees.filter((grantee) => !(allowed ?? []).includes(grantee));
        if (extra.length > 0) problems.push(`${name}: executable by ${extra.join(', ')}`);
        return problems;
      })
      .sort();
  },
};

const onlyApiFunctionsInPublic: Rule = {
  name: 'no function in public is executable by anon or authenticated unless the app calls it through the API',
  offenders: (tx) =>
    lines(
      tx,
      `select ${FUNCTION_NAME} || ': executable by ' || r.rolname || ' through /rest/v1/rpc' as line
         from pg_proc p
         join pg_namespace n on n.oid = p.pronamespace
         cross join (values ('anon'), ('authenticated')) as r(rolname)
        where n.nspname = 'public'
          and p.proname <> all ($1)
          and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
          and pg_catalog.has_function_privilege(r.rolname, p.oid, 'EXECUTE')`,
      [API_FUNCTIONS],
    ),
};

const apiFunctionsRunAsTheirCaller: Rule = {
  name: 'no security definer function of an exposed schema is executable by anon or authenticated unless justified',
  async offenders(tx) {
    const { rows } = await tx.query<{ name: string; role: string }>(
      `select ${FUNCTION_NAME} as name, r.rolname as role
         from pg_proc p
         join pg_namespace n on n.oid = p.pronamespace
         cross join (values ('anon'), ('authenticated')) as r(rolname)
        where p.prosecdef and n.nspname = any ($1)
          and pg_catalog.has_function_privilege(r.rolname, p.oid, 'EXECUTE')`,
      [EXPOSED_SCHEMAS],
    );
    return rows
      .filter(({ name, role }) => !(DEFINER_FUNCTIONS_ON_THE_API[name] ?? []).includes(role))
      .map(({ name, role }) => `${name}: security definer, executable by ${role} through /rest/v1/rpc`)
      .sort();
  },
};

const viewsRespectRls: Rule = {
  name: 'no view of the exposed schemas bypasses row-level security (security_invoker, no materialized view)',
  offenders: (tx) =>
    lines(
      tx,
      `select n.nspname || '.' || c.relname || case when c.relkind = 'm' then ': materialized view' else ': view without security_invoker' end as line
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = any ($1)
          and (c.relkind = 'm'
               or (c.relkind = 'v' and not coalesce(c.reloptions && array['security_invoker=true', 'security_invoker=on', 'security_invoker=1'], false)))`,
      [EXPOSED_SCHEMAS],
    ),
};

/**
 * Evaluated, not parsed: an object is put into every bucket, then anon and a signed-in account that is not an
 * administrator select from storage.objects. Any row they see, through any policy of any form, is listing (and, in a
 * private bucket such as the tips' photos, reading: a signed URL needs only that row).
 */
const bucketsListNothing: Rule = {
  name: 'no bucket, public or private, lets anon or a non-administrator select (list) its objects',
  async offenders(tx) {
    const kinds = (await tx.query<{ id: string; public: boolean }>('select id, public from storage.buckets order by id')).rows;
    const kindOf = new Map(kinds.map((row) => [row.id, row.public ? 'public' : 'private']));
    const buckets = kinds.map((row) => row.id);
    for (const bucket of buckets) {
      await tx.query(`insert into storage.objects (bucket_id, name) values ($1, 'lint-probe/listed.png')`, [bucket]);
    }
    const pending = await signedInNonAdmin(tx);
    const callers = [
      { label: 'anon', role: 'anon', claims: { role: 'anon' } },
      { label: 'a signed-in non-administrator', role: 'authenticated', claims: { sub: pending, role: 'authenticated' } },
    ];
    const offenders: string[] = [];
    for (const caller of callers) {
      await tx.query(`select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)`, [
        caller.role,
        JSON.stringify(caller.claims),
      ]);
      const seen = await tx.query<{ bucket_id: string; n: number }>(
        `select bucket_id, count(*)::int as n from storage.objects where bucket_id = any ($1) group by bucket_id`,
        [buckets],
      );
      await tx.query('reset role');
      for (const row of seen.rows) offenders.push(`${kindOf.get(row.bucket_id)} bucket ${row.bucket_id}: ${caller.label} lists ${row.n} object(s)`);
    }
    return offenders.sort();
  },
};

/** A new account that is not an administrator (the first account ever becomes one, so make sure one exists). */
async function signedInNonAdmin(tx: Queryable): Promise<string> {
  for (;;) {
    const created = await tx.query<{ id: string }>(
      `insert into auth.users (email, encrypted_password) values ('lint-' || gen_random_uuid() || '@lint.example', 'x') returning id`,
    );
    const id = created.rows[0]!.id;
    const profile = await tx.query<{ role: string }>('select role from public.profiles where id = $1', [id]);
    if (profile.rows[0]?.role !== 'admin') return id;
  }
}

const privilegesBackedByPolicies: Rule = {
  name: 'every table privilege of anon and authenticated is backed by a policy for that command and role',
  async offenders(tx) {
    const { rows } = await tx.query<{ line: string }>(
      `select n.nspname || '.' || c.relname || ': ' || r.rolname || ' has ' || upper(cmd.name) || ' but no policy for it' as line
         from pg_class c
         join pg_namespace n on n.oid = c.relnamespace
         cross join (values ('anon'), ('authenticated')) as r(rolname)
         cross join unnest($2::text[]) as cmd(name)
        where n.nspname = any ($1) and c.relkind in ('r', 'p')
          and (pg_catalog.has_table_privilege(r.rolname, c.oid, cmd.name)
               or (cmd.name in ('select', 'insert', 'update') and pg_catalog.has_any_column_privilege(r.rolname, c.oid, cmd.name)))
          and not exists (
            select 1 from pg_policy pol
             where pol.polrelid = c.oid
               and pol.polcmd in (case cmd.name when 'select' then 'r' when 'insert' then 'a' when 'update' then 'w' else 'd' end, '*')
               and (0 = any (pol.polroles) or (select oid from pg_roles where rolname = r.rolname) = any (pol.polroles)))
       union all
       select n.nspname || '.' || c.relname || ': ' || r.rolname || ' has ' || p.name || ', which no policy governs' as line
         from pg_class c
         join pg_namespace n on n.oid = c.relnamespace
         cross join (values ('anon'), ('authenticated')) as r(rolname)
         cross join (values ('TRUNCATE'), ('REFERENCES'), ('TRIGGER')) as p(name)
        where n.nspname = any ($1) and c.relkind in ('r', 'p')
          and pg_catalog.has_table_privilege(r.rolname, c.oid, p.name)`,
      [PROJECT_SCHEMAS, [...COMMANDS]],
    );
    return rows.map((row) => row.line).sort();
  },
};

const foreignKeysIndexed: Rule = {
  name: 'every foreign key has an index whose leading columns are its columns',
  offenders: (tx) =>
    lines(
      tx,
      `select n.nspname || '.' || c.relname || ': foreign key ' || con.conname || ' has no index' as line
         from pg_constraint con
         join pg_class c on c.oid = con.conrelid
         join pg_namespace n on n.oid = c.relnamespace
        where con.contype = 'f' and n.nspname = any ($1)
          and not exists (
            select 1 from pg_index i
             where i.indrelid = con.conrelid
               and i.indnkeyatts >= cardinality(con.conkey)
               and (select array_agg(k order by k) from unnest((i.indkey::int2[])[0:cardinality(con.conkey) - 1]) k)
                 = (select array_agg(k order by k) from unnest(con.conkey) k))`,
      [[...PROJECT_SCHEMAS, 'storage']],
    ),
};

const onePermissivePolicyPerRoleAndCommand: Rule = {
  name: 'at most one permissive policy per table, role and command',
  async offenders(tx) {
    const { rows } = await tx.query<{ line: string }>(
      `with expanded as (
         select n.nspname || '.' || c.relname as table_name, pol.polname,
                case when role_oid = 0 then 'PUBLIC' else pg_catalog.pg_get_userbyid(role_oid) end as role_name,
                cmd
           from pg_policy pol
           join pg_class c on c.oid = pol.polrelid
           join pg_namespace n on n.oid = c.relnamespace
           cross join unnest(pol.polroles) as role_oid
           cross join unnest(case pol.polcmd when '*' then array['select', 'insert', 'update', 'delete']
                                             when 'r' then array['select'] when 'a' then array['insert']
                                             when 'w' then array['update'] else array['delete'] end) as cmd
          where pol.polpermissive)
       select table_name || ': ' || count(*) || ' permissive ' || upper(cmd) || ' policies for ' || role_name
              || ' (' || string_agg('"' || polname || '"', ', ' order by polname) || ')' as line
         from expanded
        group by table_name, role_name, cmd
       having count(*) > 1`,
    );
    return rows.map((row) => row.line).sort();
  },
};

const rules = [
  rlsOnEveryExposedTable,
  noUserMetadataForAuthorization,
  securityDefinerFunctionsLockedDown,
  onlyApiFunctionsInPublic,
  apiFunctionsRunAsTheirCaller,
  viewsRespectRls,
  bucketsListNothing,
  privilegesBackedByPolicies,
  foreignKeysIndexed,
  onePermissivePolicyPerRoleAndCommand,
];

class Rollback extends Error {
  constructor(readonly value: string[]) {
    super('rollback');
  }
}

/** Runs a rule after `breakIt` changed the schema, inside a transaction that is then rolled back. */
async function offendersOf(rule: Rule, breakIt: (tx: Queryable) => Promise<void> = () => Promise.resolve()): Promise<string[]> {
  try {
    await db.transaction(async (tx) => {
      await breakIt(tx);
      throw new Rollback(await rule.offenders(tx));
    });
  } catch (error) {
    if (error instanceof Rollback) return error.value;
    throw error;
  }
  throw new Error('unreachable');
}

let fresh: FreshSqlDatabase;
let db: Database;

beforeAll(async () => {
  fresh = await openFreshDatabase();
  db = fresh.db;
  await applyMigrations(db);
}, 120_000);

afterAll(async () => {
  await fresh?.dispose();
});

describe('database lint over the schema after every migration', () => {
  it.each(rules.map((rule) => [rule.name, rule] as const))('%s', async (_name, rule) => {
    expect(await offendersOf(rule)).toEqual([]);
  });
});

describe('each lint rule reports a deliberately broken schema', () => {
  const exec = (sql: string) => async (tx: Queryable) => {
    await tx.exec(sql);
  };

  it('a table without row-level security', async () => {
    expect(await offendersOf(rlsOnEveryExposedTable, exec('create table public.lint_open (id int primary key)'))).toEqual([
      'public.lint_open: row-level security is off',
    ]);
  });

  it("a policy on the JWT's user_metadata and a function on raw_user_meta_data's role", async () => {
    const offenders = await offendersOf(
      noUserMetadataForAuthorization,
      exec(`create policy "Metadata admins" on public.topics for delete to authenticated
              using ((auth.jwt() -> 'user_metadata' ->> 'role') = 'admin');
            create function public.lint_metadata_admin() returns boolean language sql stable set search_path = '' as $$
              select (u.raw_user_meta_data ->> 'role') = 'admin' from auth.users u where u.id = auth.uid() $$;`),
    );
    expect(offenders).toEqual([
      'function public.lint_metadata_admin() reads user metadata',
      'public.topics policy "Metadata admins" reads user metadata',
    ]);
  });

  it('a security definer function with a mutable search_path, one granted to anon, one not on the list', async () => {
    const offenders = await offendersOf(
      securityDefinerFunctionsLockedDown,
      exec(`create or replace function private.clock_now() returns timestamptz language sql stable security definer
              as $$ select pg_catalog.now() $$;
            grant execute on function public.set_profile_role(uuid, text) to anon;
            create function private.lint_definer() returns int language sql security definer set search_path = ''
              as $$ select 1 $$;`),
    );
    expect(offenders).toEqual([
      "private.clock_now(): search_path is not fixed to ''",
      'private.lint_definer(): executable by PUBLIC',
      'private.lint_definer(): security definer but not on the allow-list',
      'public.set_profile_role(uuid, text): executable by anon',
    ]);
  });

  it('a helper left in public with the default EXECUTE for everyone', async () => {
    const offenders = await offendersOf(
      onlyApiFunctionsInPublic,
      exec(`create function public.lint_helper(value text) returns text language sql immutable set search_path = ''
              as $$ select pg_catalog.lower(value) $$;`),
    );
    expect(offenders).toEqual([
      'public.lint_helper(text): executable by anon through /rest/v1/rpc',
      'public.lint_helper(text): executable by authenticated through /rest/v1/rpc',
    ]);
  });

  it('a search of the API made security definer again, and a definer function in storage granted to anon', async () => {
    const offenders = await offendersOf(
      apiFunctionsRunAsTheirCaller,
      exec(`alter function public.search_publications_count(text, text, date) security definer;
            create function storage.lint_definer() returns int language sql security definer set search_path = ''
              as $$ select 1 $$;
            revoke all on function storage.lint_definer() from public;
            grant execute on function storage.lint_definer() to anon;
            grant execute on function public.set_profile_role(uuid, text) to anon;`),
    );
    expect(offenders).toEqual([
      'public.search_publications_count(text, text, date): security definer, executable by anon through /rest/v1/rpc',
      'public.search_publications_count(text, text, date): security definer, executable by authenticated through /rest/v1/rpc',
      'public.set_profile_role(uuid, text): security definer, executable by anon through /rest/v1/rpc',
      'storage.lint_definer(): security definer, executable by anon through /rest/v1/rpc',
    ]);
  });

  it('a view that runs as its owner, and a materialized view', async () => {
    const offenders = await offendersOf(
      viewsRespectRls,
      exec(`create view public.lint_drafts as select id, title from public.publications where not published;
            create view public.lint_invoker with (security_invoker = true) as select id from public.publications;
            create materialized view public.lint_most_read as select id, views from public.publications;`),
    );
    expect(offenders).toEqual(['public.lint_drafts: view without security_invoker', 'public.lint_most_read: materialized view']);
  });

  it('a select policy on storage.objects in any form: bucket_id in (…), a folder test, or one for every signed-in user', async () => {
    expect(
      await offendersOf(
        bucketsListNothing,
        exec(`create policy "Lint list" on storage.objects for select to anon using (bucket_id in ('publications', 'other'))`),
      ),
    ).toEqual(['public bucket publications: anon lists 1 object(s)']);
    expect(
      await offendersOf(
        bucketsListNothing,
        exec(`create policy "Lint folders" on storage.objects for select to public
                using ((storage.foldername(name))[1] = 'lint-probe')`),
      ),
    ).toEqual([
      'private bucket news-tips: a signed-in non-administrator lists 1 object(s)',
      'private bucket news-tips: anon lists 1 object(s)',
      'public bucket ads: a signed-in non-administrator lists 1 object(s)',
      'public bucket ads: anon lists 1 object(s)',
      'public bucket obituaries: a signed-in non-administrator lists 1 object(s)',
      'public bucket obituaries: anon lists 1 object(s)',
      'public bucket publications: a signed-in non-administrator lists 1 object(s)',
      'public bucket publications: anon lists 1 object(s)',
    ]);
    expect(
      await offendersOf(
        bucketsListNothing,
        exec(`drop policy "Staff list story images, editors every image and tips' photos" on storage.objects;
              create policy "Lint signed-in" on storage.objects for select to authenticated using (auth.uid() is not null)`),
      ),
    ).toEqual([
      'private bucket news-tips: a signed-in non-administrator lists 1 object(s)',
      'public bucket ads: a signed-in non-administrator lists 1 object(s)',
      'public bucket obituaries: a signed-in non-administrator lists 1 object(s)',
      'public bucket publications: a signed-in non-administrator lists 1 object(s)',
    ]);
  });

  it('privileges wider than the policies: UPDATE on redirects, a column grant, TRUNCATE, SELECT on a table without policy', async () => {
    const offenders = await offendersOf(
      privilegesBackedByPolicies,
      exec(`grant update on public.topic_slug_redirects to anon;
            grant insert (name) on public.profiles to authenticated;
            grant truncate on public.jobs to authenticated;
            grant select on private.view_receipts to anon;`),
    );
    expect(offenders).toEqual([
      'private.view_receipts: anon has SELECT but no policy for it',
      'public.jobs: authenticated has TRUNCATE, which no policy governs',
      'public.profiles: authenticated has INSERT but no policy for it',
      'public.topic_slug_redirects: anon has UPDATE but no policy for it',
    ]);
  });

  it('a foreign key without an index, and one whose index leads with another column', async () => {
    const offenders = await offendersOf(
      foreignKeysIndexed,
      exec(`create table public.lint_notes (
              id int primary key,
              topic_id uuid references public.topics (id),
              publication_id uuid references public.publications (id));
            create index lint_notes_id_publication_idx on public.lint_notes (id, publication_id);`),
    );
    expect(offenders).toEqual([
      'public.lint_notes: foreign key lint_notes_publication_id_fkey has no index',
      'public.lint_notes: foreign key lint_notes_topic_id_fkey has no index',
    ]);
  });

  it('a second permissive policy for one role and command, also through FOR ALL', async () => {
    const offenders = await offendersOf(
      onePermissivePolicyPerRoleAndCommand,
      exec(`create policy "Lint also admins" on public.jobs for select to authenticated using ((select private.is_admin()));
            create policy "Lint all" on public.topics for all to anon using (true);`),
    );
    expect(offenders).toEqual([
      'public.jobs: 2 permissive SELECT policies for authenticated ("Lint also admins", "Signed-in users read published open jobs, editors all")',
      'public.topics: 2 permissive SELECT policies for anon ("Anyone can read topics", "Lint all")',
    ]);
  });
});
