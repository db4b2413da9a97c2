import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyMigrations } from '../../local-supabase/src/db/migrate.ts';
import type { Database, Queryable } from '../../local-supabase/src/db/database.ts';
import { openFreshDatabase, type FreshSqlDatabase } from '../support/fresh-database.ts';
import { findingLine, runSplinter, SPLINTER_LINTS, type LintFinding } from '../support/splinter.ts';

/**
 * Two layers over the catalog after every migration, each shown catching a deliberately broken schema (built inside a
 * transaction that is rolled back):
 *
 * - Supabase's linter itself (splinter, the dashboard's Security and Performance Advisors; tests/support/splinter.ts
 *   restates its lints with their names and levels): no ERROR, and no WARN but the ones accepted below, at most
 *   WARNING_BUDGET, each justified in its migration (issue 36; docs/decisions/0045).
 * - The project's own rules, stricter than the linter where it matters here (issue 13; docs/decisions/0015): each
 *   lists its offenders, so a failure names what broke it.
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
  // The owner-run bodies of the API's functions that need their owner's rights (docs/decisions/0045): in `private`,
  // which the API does not expose, each called by a function of the same name in `public` that runs as its caller,
  // so they keep the roles that call it.
  'private.increment_views(uuid)': ['anon', 'authenticated', 'service_role'],
  'private.set_profile_role(uuid, text)': ['authenticated', 'service_role'],
  'private.count_ad_event(uuid, text)': ['anon', 'authenticated', 'service_role'],
  'private.ad_campaign_report(uuid)': ['anon', 'authenticated', 'service_role'],
  'private.newsletter_subscribe(text, text, text)': ['anon', 'authenticated'],
  'private.newsletter_confirm(uuid)': ['anon', 'authenticated'],
  'private.newsletter_unsubscribe(uuid)': ['anon', 'authenticated'],
  'private.newsletter_test_recipient()': ['authenticated'],
  // The daily digest's server calls (docs/decisions/0033).
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
  // The audience beacon (docs/decisions/0052): the owner-run body of public.record_audience (which runs as its caller),
  // the only writer of the audience tables; and the retention job's forgetting of the reader marks, with the service key.
  'private.record_audience(jsonb)': ['anon', 'authenticated', 'service_role'],
  'private.record_audience_batch(jsonb)': ['service_role'],
  'public.forget_audience_marks()': ['service_role'],
  // The audience's reading (docs/decisions/0053): 'readers now' counts the private reader marks and the digest's
  // sends are the administrators' table; both answer counts only, each checks for an editor, and each is called by a
  // public function that runs as its caller. The weekly summary is the hosts' service key's.
  'private.audience_readers_now()': ['authenticated'],
  'private.audience_digest_sends_between(date, date)': ['authenticated'],
  'public.audience_weekly_summary(boolean)': ['service_role'],
  // Reader support (docs/decisions/0054): the owner-run bodies behind the API's functions (the one writer of an
  // intent, a code's amount by its id, the month's total, the reminder's stop, staff marking, the erasure's part),
  // and the hosts' jobs with the service key (thank-yous, reminders, expiry and retention).
  'private.support_intent_create(integer, text, text, text, boolean, text)': ['anon', 'authenticated', 'service_role'],
  'private.support_intent_code(text)': ['anon', 'authenticated', 'service_role'],
  'private.support_month_total()': ['anon', 'authenticated', 'service_role'],
  'private.support_reminder_stop(uuid)': ['anon', 'authenticated', 'service_role'],
  'private.support_mark_received(uuid)': ['authenticated'],
  'private.support_forget_address(text)': ['authenticated'],
  'public.support_claim_thanks(integer)': ['service_role'],
  'public.support_mark_thanked(uuid)': ['service_role'],
  'public.support_claim_due_reminders(integer)': ['service_role'],
  'public.support_upkeep()': ['service_role'],
};

/**
 * The security definer functions the API may run (an exposed schema, EXECUTE for anon or authenticated): none since
 * docs/decisions/0045. Decision 0020 kept eight here, which Supabase's linter warned about 14 times; their owner-run
 * bodies are now in `private`, behind functions of `public` that run as their caller. An entry here needs a decision
 * record and an entry in ACCEPTED_WARNINGS below (the linter's 0028/0029 warn once per function and role).
 */
const DEFINER_FUNCTIONS_ON_THE_API: Record<string, string[]> = {};


/** The schemas PostgREST exposes on a hosted project (supabase/config.toml, `[api] schemas`): splinter's pgrst.db_schemas. */
const API_SCHEMAS = ['public', 'graphql_public'];

/** At most this many of the linter's warnings (issue 36). */
const WARNING_BUDGET = 3;

/**
 * The linter's warnings the project accepts, as `<lint name>: <object>` (the lines below), each with why; the same
 * reason stands in a comment beside the object in its migration. None today: decision 0045 moved the last owner-run
 * functions of the API (14 warnings) behind functions that run as their caller.
 */
const ACCEPTED_WARNINGS: Record<string, string> = {};

const levelOf = (findings: LintFinding[], level: LintFinding['level']) =>
  findings.filter((finding) => finding.level === level).map((finding) => `${finding.name}: ${finding.object}`);

/** A failure message that says what appeared and what went away, and what to do about each. */
function warningsReport(found: string[]): string {
  const accepted = Object.keys(ACCEPTED_WARNINGS);
  const added = found.filter((line) => !accepted.includes(line));
  const gone = accepted.filter((line) => !found.includes(line));
  return [
    added.length > 0 &&
      `new linter warning(s), not in ACCEPTED_WARNINGS (fix the migration that made them, or justify each there and here):\n  ${added.join('\n  ')}`,
    gone.length > 0 && `accepted warning(s) no longer reported (remove them from ACCEPTED_WARNINGS):\n  ${gone.join('\n  ')}`,
  ]
    .filter(Boolean)
    .join('\n');
}

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
  // The server's render of the home page, as anon (decision 0051); security invoker.
  'home_page_sections',
  // The server's render of a story's page, as anon (decision 0051); security invoker.
  'story_page',
  'data_subject_lookup',
  'data_subject_export',
  'data_subject_erase',
  'own_data_export',
  'delete_own_account',
  'revise_publication',
  'scheduled_job_status',
  // Called by the edge's /api/audiencia with the service key, and open to any reader's direct call (decision 0052).
  'record_audience',
  'audience_readers_now',
  'audience_totals',
  'audience_top_stories',
  'audience_topics',
  'audience_authors',
  'audience_sources_by_day',
  'audience_digest',
  'audience_vitals',
  'audience_story',
  'audience_story_list',
  'support_intent_create',
  'support_intent_code',
  'support_month_progress',
  'support_intent_mark_received',
  'support_reminder_stop',
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

class Rollback<T> extends Error {
  constructor(readonly value: T) {
    super('rollback');
  }
}

/** Runs `work` inside a transaction that is then rolled back, and returns what it returned. */
async function inRollback<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
  try {
    await db.transaction(async (tx) => {
      throw new Rollback(await work(tx));
    });
  } catch (error) {
    if (error instanceof Rollback) return error.value as T;
    throw error;
  }
  throw new Error('unreachable');
}

/** Runs a rule after `breakIt` changed the schema, inside a transaction that is then rolled back. */
function offendersOf(rule: Rule, breakIt: (tx: Queryable) => Promise<void> = () => Promise.resolve()): Promise<string[]> {
  return inRollback(async (tx) => {
    await breakIt(tx);
    return rule.offenders(tx);
  });
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

describe("Supabase's linter (splinter) over the schema after every migration", () => {
  let findings: LintFinding[];
  beforeAll(async () => {
    findings = await runSplinter(db, API_SCHEMAS);
  });

  it('reports no ERROR', () => {
    const errors = levelOf(findings, 'ERROR');
    expect(errors, `the linter reports ERROR(s):\n  ${errors.join('\n  ')}`).toEqual([]);
  });

  it(`reports no WARN but the accepted ones, at most ${WARNING_BUDGET}, each with its reason`, () => {
    const warnings = levelOf(findings, 'WARN');
    expect(warnings, warningsReport(warnings)).toEqual(Object.keys(ACCEPTED_WARNINGS).sort());
    expect(Object.keys(ACCEPTED_WARNINGS).length, `more than ${WARNING_BUDGET} accepted warnings`).toBeLessThanOrEqual(WARNING_BUDGET);
    for (const [line, reason] of Object.entries(ACCEPTED_WARNINGS)) expect(reason.trim(), `${line}: no reason given`).not.toBe('');
  });

  it('lists its INFO findings (advice, not budgeted)', () => {
    // Shown in the test's output so a reviewer sees them; the budget is ERROR and WARN.
    const infos = findings.filter((finding) => finding.level === 'INFO').map(findingLine);
    if (infos.length > 0) console.info(`splinter INFO:\n  ${infos.join('\n  ')}`);
    expect(infos.every((line) => line.startsWith('INFO '))).toBe(true);
  });
});

/**
 * Each of the linter's lints finds what splinter's lint of that name finds, shown on a broken schema: the SQL that
 * breaks it, and the finding it must produce among that lint's findings.
 */
const SPLINTER_CASES: { lint: string; breakIt: string; finding: string }[] = [
  {
    lint: 'unindexed_foreign_keys',
    breakIt: `create table public.lint_notes (id int primary key, topic_id uuid references public.topics (id));`,
    finding: 'INFO unindexed_foreign_keys: public.lint_notes (lint_notes_topic_id_fkey)',
  },
  {
    lint: 'auth_users_exposed',
    breakIt: `create view public.lint_users as select id, email from auth.users; grant select on public.lint_users to anon;`,
    finding: 'ERROR auth_users_exposed: public.lint_users',
  },
  {
    lint: 'auth_rls_initplan',
    breakIt: `create policy "Lint own" on public.jobs for update to authenticated using (auth.uid() is not null);`,
    finding: 'WARN auth_rls_initplan: public.jobs policy "Lint own"',
  },
  {
    lint: 'no_primary_key',
    breakIt: `create table public.lint_loose (note text); alter table public.lint_loose enable row level security;`,
    finding: 'INFO no_primary_key: public.lint_loose',
  },
  {
    lint: 'multiple_permissive_policies',
    breakIt: `create policy "Lint all" on public.topics for all to anon using (true);`,
    finding: 'WARN multiple_permissive_policies: public.topics anon SELECT',
  },
  {
    lint: 'policy_exists_rls_disabled',
    breakIt: `alter table public.topics disable row level security;`,
    finding: 'ERROR policy_exists_rls_disabled: public.topics',
  },
  {
    lint: 'rls_enabled_no_policy',
    breakIt: `create table public.lint_closed (id int primary key); alter table public.lint_closed enable row level security;`,
    finding: 'INFO rls_enabled_no_policy: public.lint_closed',
  },
  {
    lint: 'duplicate_index',
    breakIt: `create index lint_a on public.jobs (created_at); create index lint_b on public.jobs (created_at);`,
    finding: 'WARN duplicate_index: public.jobs (lint_a, lint_b)',
  },
  {
    lint: 'security_definer_view',
    breakIt: `create view public.lint_titles as select id, title from public.publications; grant select on public.lint_titles to anon;`,
    finding: 'ERROR security_definer_view: public.lint_titles',
  },
  {
    lint: 'function_search_path_mutable',
    breakIt: `create function private.lint_loose() returns int language sql as $$ select 1 $$;`,
    finding: 'WARN function_search_path_mutable: private.lint_loose()',
  },
  {
    lint: 'rls_disabled_in_public',
    breakIt: `create table public.lint_open (id int primary key); grant select on public.lint_open to anon;`,
    finding: 'ERROR rls_disabled_in_public: public.lint_open',
  },
  {
    lint: 'rls_references_user_metadata',
    breakIt: `create policy "Lint metadata" on public.jobs for delete to authenticated
                using ((auth.jwt() -> 'user_metadata' ->> 'role') = 'admin');`,
    finding: 'ERROR rls_references_user_metadata: public.jobs policy "Lint metadata"',
  },
  {
    lint: 'materialized_view_in_api',
    breakIt: `create materialized view public.lint_most_read as select id, views from public.publications;
              grant select on public.lint_most_read to anon;`,
    finding: 'WARN materialized_view_in_api: public.lint_most_read',
  },
  {
    lint: 'unsupported_reg_types',
    breakIt: `create table private.lint_reg (id int primary key, handler regproc);`,
    finding: 'WARN unsupported_reg_types: private.lint_reg.handler',
  },
  {
    lint: 'sensitive_columns_exposed',
    breakIt: `create table public.lint_keys (id int primary key, api_key text); grant select on public.lint_keys to authenticated;`,
    finding: 'ERROR sensitive_columns_exposed: public.lint_keys (api_key)',
  },
  {
    lint: 'rls_policy_always_true',
    breakIt: `create policy "Lint anyone" on public.jobs for insert to anon with check (true);`,
    finding: 'WARN rls_policy_always_true: public.jobs policy "Lint anyone"',
  },
  {
    lint: 'public_bucket_allows_listing',
    breakIt: `create policy "Lint list" on storage.objects for select to anon using (bucket_id = 'publications');`,
    finding: 'WARN public_bucket_allows_listing: publications',
  },
  {
    lint: 'anon_security_definer_function_executable',
    breakIt: `alter function public.increment_views(uuid) security definer;`,
    finding: 'WARN anon_security_definer_function_executable: public.increment_views(publication_id uuid)',
  },
  {
    lint: 'authenticated_security_definer_function_executable',
    breakIt: `alter function public.set_profile_role(uuid, text) security definer;`,
    finding: 'WARN authenticated_security_definer_function_executable: public.set_profile_role(target_id uuid, new_role text)',
  },
];

describe("each of the linter's lints reports a deliberately broken schema", () => {
  it('every lint has a name and a level, and the cases name real lints', () => {
    const names = SPLINTER_LINTS.map((lint) => lint.name);
    expect(new Set(names).size).toBe(names.length);
    for (const { lint } of SPLINTER_CASES) expect(names).toContain(lint);
  });

  it.each(SPLINTER_CASES)('$lint', async ({ lint, breakIt, finding }) => {
    const found = await inRollback(async (tx) => {
      await tx.exec(breakIt);
      return (await runSplinter(tx, API_SCHEMAS)).filter((f) => f.name === lint).map(findingLine);
    });
    expect(found).toContain(finding);
  });
});

describe('the project\'s rules over the schema after every migration', () => {
  it.each(rules.map((rule) => [rule.name, rule] as const))('%s', async (_name, rule) => {
    expect(await offendersOf(rule)).toEqual([]);
  });
});

describe('each of the project\'s rules reports a deliberately broken schema', () => {
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
            grant execute on function private.set_profile_role(uuid, text) to anon;
            create function private.lint_definer() returns int language sql security definer set search_path = ''
              as $$ select 1 $$;`),
    );
    expect(offenders).toEqual([
      "private.clock_now(): search_path is not fixed to ''",
      'private.lint_definer(): executable by PUBLIC',
      'private.lint_definer(): security definer but not on the allow-list',
      'private.set_profile_role(uuid, text): executable by anon',
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

  it('a search and a role change of the API made security definer again, and a definer function in storage granted to anon', async () => {
    const offenders = await offendersOf(
      apiFunctionsRunAsTheirCaller,
      exec(`alter function public.search_publications_count(text, text, date) security definer;
            create function storage.lint_definer() returns int language sql security definer set search_path = ''
              as $$ select 1 $$;
            revoke all on function storage.lint_definer() from public;
            grant execute on function storage.lint_definer() to anon;
            alter function public.set_profile_role(uuid, text) security definer;`),
    );
    expect(offenders).toEqual([
      'public.search_publications_count(text, text, date): security definer, executable by anon through /rest/v1/rpc',
      'public.search_publications_count(text, text, date): security definer, executable by authenticated through /rest/v1/rpc',
      'public.set_profile_role(uuid, text): security definer, executable by authenticated through /rest/v1/rpc',
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
