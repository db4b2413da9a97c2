import type { Queryable } from '../../local-supabase/src/db/database.ts';

/**
 * Supabase's database linter (splinter, github.com/supabase/splinter: the lints behind the dashboard's Security and
 * Performance Advisors), restated here as our own queries over the catalog: each lint has splinter's name and level
 * and selects what splinter's query of that number selects, reported as one stable line per finding
 * (`<lint>: <object>`), so a budget can name exactly what appeared or went away.
 *
 * Where splinter reads `current_setting('pgrst.db_schemas')` (the schemas PostgREST exposes) these take them as a
 * parameter ($1): a hosted project's API schemas, supabase/config.toml's `[api] schemas`.
 *
 * Not restated: 0012 (no query in splinter; a check of the Auth server's settings), 0020_table_bloat (INFO, an
 * estimate from live statistics, meaningless on a freshly migrated database), and 0005_unused_index (INFO, every index
 * of a database that served no query is "unused").
 */

export type LintLevel = 'ERROR' | 'WARN' | 'INFO';

export interface SplinterLint {
  /** splinter's number and name, e.g. 0028_anon_security_definer_function_executable. */
  id: string;
  /** The `name` splinter reports. */
  name: string;
  level: LintLevel;
  /** Selects one `object` column per finding; $1 is the API's schemas (text[]). */
  sql: string;
}

export interface LintFinding {
  name: string;
  level: LintLevel;
  /** What the finding is about, e.g. `public.increment_views(publication_id uuid)`; stable across runs. */
  object: string;
}

/** Schemas splinter leaves out of every lint: the platform's and extensions' own. */
const EXCLUDED = `array['_timescaledb_cache', '_timescaledb_catalog', '_timescaledb_config', '_timescaledb_internal', 'auth',
  'cron', 'extensions', 'graphql', 'graphql_public', 'information_schema', 'net', 'pgmq', 'pgroonga', 'pgsodium',
  'pgsodium_masks', 'pgtle', 'pgbouncer', 'pg_catalog', 'realtime', 'repack', 'storage', 'supabase_functions',
  'supabase_migrations', 'tiger', 'topology', 'vault']::name[]`;

/** splinter's 0003 keeps realtime in scope (its policies on realtime.messages). */
const EXCLUDED_BUT_REALTIME = EXCLUDED.replace(`'realtime', `, '');

/** Not owned by an extension (splinter's `pg_depend … deptype = 'e'` anti-join). */
const notExtensionOwned = (oid: string) =>
  `not exists (select 1 from pg_catalog.pg_depend dep where dep.objid = ${oid} and dep.deptype = 'e')`;

const SECURITY_INVOKER_ON = `array['security_invoker=1', 'security_invoker=true', 'security_invoker=yes', 'security_invoker=on']`;
const invokerView = (c: string) => `lower(coalesce(${c}.reloptions::text, '{}'))::text[] && ${SECURITY_INVOKER_ON}`;

const apiReadable = (c: string) =>
  `(pg_catalog.has_table_privilege('anon', ${c}.oid, 'SELECT') or pg_catalog.has_table_privilege('authenticated', ${c}.oid, 'SELECT'))`;

/** pg_policy joined to pg_policies for the deparsed expressions, as splinter's policy lints do. */
const POLICIES = `
  select n.nspname as schema_name, c.relname as table_name, c.relkind, c.relrowsecurity, pol.polname as policy_name,
         pol.polpermissive, pol.polroles, pol.polcmd, pp.cmd, pp.qual, pp.with_check
    from pg_catalog.pg_policy pol
    join pg_catalog.pg_class c on c.oid = pol.polrelid
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    join pg_catalog.pg_policies pp on pp.schemaname = n.nspname and pp.tablename = c.relname and pp.policyname = pol.polname`;

/** A policy expression without spaces, tabs and newlines, lower-cased (splinter's test for "always true"). */
const squeezed = (expression: string) =>
  `replace(replace(replace(lower(coalesce(${expression}, '')), ' ', ''), E'\\n', ''), E'\\t', '')`;
const ALWAYS_TRUE = `('true', '(true)', '1=1', '(1=1)')`;

const definerExecutableBy = (role: 'anon' | 'authenticated') => `
  select n.nspname || '.' || p.proname || '(' || pg_catalog.pg_get_function_identity_arguments(p.oid) || ')' as object
    from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace
   where p.prosecdef
     and pg_catalog.has_function_privilege('${role}', p.oid, 'EXECUTE')
     and n.nspname = any ($1::text[])
     and n.nspname <> all (${EXCLUDED})`;

const initplanReevaluated = (expression: string) =>
  ['auth.uid()', 'auth.jwt()', 'auth.role()', 'auth.email()']
    .map((call) => `(${expression} like '%${call}%' and lower(${expression}) not like '%select ${call}%')`)
    .concat(`(${expression} like '%current\\_setting(%)%' and lower(${expression}) not like '%select current\\_setting(%)%')`)
    .join(' or ');

export const SPLINTER_LINTS: SplinterLint[] = [
  {
    id: '0001_unindexed_foreign_keys',
    name: 'unindexed_foreign_keys',
    level: 'INFO',
    // A foreign key is covered by an index whose leading columns are its columns, in its order.
    sql: `
      select cl.relnamespace::regnamespace::text || '.' || cl.relname || ' (' || ct.conname || ')' as object
        from pg_catalog.pg_constraint ct join pg_catalog.pg_class cl on cl.oid = ct.conrelid
       where ct.contype = 'f'
         and cl.relnamespace::regnamespace::text not in ('pg_catalog', 'information_schema', 'auth', 'storage', 'vault', 'extensions')
         and cl.relnamespace::regnamespace::name <> all (${EXCLUDED})
         and ${notExtensionOwned('cl.oid')}
         and not exists (
           select 1 from pg_catalog.pg_index i
            where i.indisvalid and i.indrelid = cl.oid
              and ct.conkey = (string_to_array(i.indkey::text, ' ')::smallint[])[1:array_length(ct.conkey, 1)])`,
  },
  {
    id: '0002_auth_users_exposed',
    name: 'auth_users_exposed',
    level: 'ERROR',
    sql: `
      select distinct n.nspname || '.' || c.relname as object
        from pg_catalog.pg_class users
        join pg_catalog.pg_namespace un on un.oid = users.relnamespace and un.nspname = 'auth' and users.relname = 'users'
        join pg_catalog.pg_depend d on d.refobjid = users.oid and d.deptype = 'n'
        join pg_catalog.pg_rewrite r on r.oid = d.objid
        join pg_catalog.pg_class c on c.oid = r.ev_class
        join pg_catalog.pg_namespace n on n.oid = c.relnamespace
       where ${apiReadable('c')}
         and n.nspname = any ($1::text[])
         and (c.relkind = 'm'
              or (c.relkind = 'v' and not ${invokerView('c')})
              or (c.relkind = 'v' and ${invokerView('c')} and not users.relrowsecurity))`,
  },
  {
    id: '0003_auth_rls_initplan',
    name: 'auth_rls_initplan',
    level: 'WARN',
    sql: `
      select schema_name || '.' || table_name || ' policy "' || policy_name || '"' as object
        from (${POLICIES}) p
       where relrowsecurity
         and schema_name <> all (${EXCLUDED_BUT_REALTIME})
         and (${initplanReevaluated('qual')} or ${initplanReevaluated('with_check')})`,
  },
  {
    id: '0004_no_primary_key',
    name: 'no_primary_key',
    level: 'INFO',
    sql: `
      select n.nspname || '.' || c.relname as object
        from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
       where c.relkind = 'r' and n.nspname <> all (${EXCLUDED}) and ${notExtensionOwned('c.oid')}
         and not exists (select 1 from pg_catalog.pg_index i where i.indrelid = c.oid and i.indisprimary)`,
  },
  {
    id: '0006_multiple_permissive_policies',
    name: 'multiple_permissive_policies',
    level: 'WARN',
    // Per role that does not bypass RLS (a policy TO public applies to each), and per command (FOR ALL is all four).
    sql: `
      select n.nspname || '.' || c.relname || ' ' || r.rolname || ' ' || act.cmd as object
        from pg_catalog.pg_policy p
        join pg_catalog.pg_class c on c.oid = p.polrelid
        join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        join pg_catalog.pg_roles r on p.polroles @> array[r.oid] or p.polroles = array[0::oid]
        cross join lateral unnest(case p.polcmd when 'r' then array['SELECT'] when 'a' then array['INSERT']
                                                when 'w' then array['UPDATE'] when 'd' then array['DELETE']
                                                else array['SELECT', 'INSERT', 'UPDATE', 'DELETE'] end) as act(cmd)
       where c.relkind = 'r' and p.polpermissive and n.nspname <> all (${EXCLUDED})
         and r.rolname not like 'pg\\_%' and r.rolname not like 'supabase%admin' and not r.rolbypassrls
         and ${notExtensionOwned('c.oid')}
       group by n.nspname, c.relname, r.rolname, act.cmd
      having count(*) > 1`,
  },
  {
    id: '0007_policy_exists_rls_disabled',
    name: 'policy_exists_rls_disabled',
    level: 'ERROR',
    sql: `
      select distinct n.nspname || '.' || c.relname as object
        from pg_catalog.pg_policy p
        join pg_catalog.pg_class c on c.oid = p.polrelid
        join pg_catalog.pg_namespace n on n.oid = c.relnamespace
       where c.relkind = 'r' and n.nspname <> all (${EXCLUDED}) and not c.relrowsecurity and ${notExtensionOwned('c.oid')}`,
  },
  {
    id: '0008_rls_enabled_no_policy',
    name: 'rls_enabled_no_policy',
    level: 'INFO',
    sql: `
      select n.nspname || '.' || c.relname as object
        from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
       where c.relkind = 'r' and n.nspname <> all (${EXCLUDED}) and c.relrowsecurity and ${notExtensionOwned('c.oid')}
         and not exists (select 1 from pg_catalog.pg_policy p where p.polrelid = c.oid)`,
  },
  {
    id: '0009_duplicate_index',
    name: 'duplicate_index',
    level: 'WARN',
    // Two indexes whose definitions are the same but for their names.
    sql: `
      select n.nspname || '.' || c.relname || ' (' || string_agg(pi.indexname, ', ' order by pi.indexname) || ')' as object
        from pg_catalog.pg_indexes pi
        join pg_catalog.pg_namespace n on n.nspname = pi.schemaname
        join pg_catalog.pg_class c on c.relname = pi.tablename and c.relnamespace = n.oid
       where c.relkind in ('r', 'm') and n.nspname <> all (${EXCLUDED}) and ${notExtensionOwned('c.oid')}
       group by n.nspname, c.relkind, c.relname, replace(pi.indexdef, pi.indexname, '')
      having count(*) > 1`,
  },
  {
    id: '0010_security_definer_view',
    name: 'security_definer_view',
    level: 'ERROR',
    sql: `
      select n.nspname || '.' || c.relname as object
        from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
       where c.relkind = 'v' and ${apiReadable('c')}
         and current_setting('server_version_num')::int >= 150000
         and n.nspname = any ($1::text[]) and n.nspname <> all (${EXCLUDED})
         and ${notExtensionOwned('c.oid')} and not ${invokerView('c')}`,
  },
  {
    id: '0011_function_search_path_mutable',
    name: 'function_search_path_mutable',
    level: 'WARN',
    // Any function, definer or not, without its own search_path setting.
    sql: `
      select n.nspname || '.' || p.proname || '(' || pg_catalog.pg_get_function_identity_arguments(p.oid) || ')' as object
        from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace
       where n.nspname <> all (${EXCLUDED}) and ${notExtensionOwned('p.oid')}
         and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) config where config like 'search_path=%')`,
  },
  {
    id: '0013_rls_disabled_in_public',
    name: 'rls_disabled_in_public',
    level: 'ERROR',
    sql: `
      select n.nspname || '.' || c.relname as object
        from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
       where c.relkind = 'r' and not c.relrowsecurity and ${apiReadable('c')}
         and n.nspname = any ($1::text[]) and n.nspname <> all (${EXCLUDED})`,
  },
  {
    id: '0014_extension_in_public',
    name: 'extension_in_public',
    level: 'WARN',
    sql: `
      select pe.extname::text as object from pg_catalog.pg_extension pe
       where pe.extname <> 'plpgsql' and pe.extnamespace::regnamespace::text = 'public'`,
  },
  {
    id: '0015_rls_references_user_metadata',
    name: 'rls_references_user_metadata',
    level: 'ERROR',
    sql: `
      select schema_name || '.' || table_name || ' policy "' || policy_name || '"' as object
        from (${POLICIES}) p
       where schema_name <> all (${EXCLUDED})
         and (qual like '%auth.jwt()%user_metadata%' or qual like '%current_setting(%request.jwt.claims%)%user_metadata%'
              or with_check like '%auth.jwt()%user_metadata%'
              or with_check like '%current_setting(%request.jwt.claims%)%user_metadata%')`,
  },
  {
    id: '0016_materialized_view_in_api',
    name: 'materialized_view_in_api',
    level: 'WARN',
    sql: `
      select n.nspname || '.' || c.relname as object
        from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
       where c.relkind = 'm' and ${apiReadable('c')}
         and n.nspname = any ($1::text[]) and n.nspname <> all (${EXCLUDED}) and ${notExtensionOwned('c.oid')}`,
  },
  {
    id: '0017_foreign_table_in_api',
    name: 'foreign_table_in_api',
    level: 'WARN',
    sql: `
      select n.nspname || '.' || c.relname as object
        from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
       where c.relkind = 'f' and ${apiReadable('c')}
         and n.nspname = any ($1::text[]) and n.nspname <> all (${EXCLUDED}) and ${notExtensionOwned('c.oid')}`,
  },
  {
    id: '0018_unsupported_reg_types',
    name: 'unsupported_reg_types',
    level: 'WARN',
    // Columns of reg* types pg_upgrade cannot carry over.
    sql: `
      select n.nspname || '.' || c.relname || '.' || a.attname as object
        from pg_catalog.pg_attribute a
        join pg_catalog.pg_class c on c.oid = a.attrelid
        join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        join pg_catalog.pg_type t on t.oid = a.atttypid
        join pg_catalog.pg_namespace tn on tn.oid = t.typnamespace
       where tn.nspname = 'pg_catalog'
         and t.typname in ('regcollation', 'regconfig', 'regdictionary', 'regnamespace', 'regoper', 'regoperator', 'regproc', 'regprocedure')
         and n.nspname not in ('pg_catalog', 'information_schema', 'pgsodium')`,
  },
  {
    id: '0019_insecure_queue_exposed_in_api',
    name: 'insecure_queue_exposed_in_api',
    level: 'ERROR',
    // pgmq's queue tables readable by the API roles without row-level security, once pgmq_public is exposed.
    sql: `
      select n.nspname || '.' || c.relname as object
        from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'I') and not c.relrowsecurity and ${apiReadable('c')}
         and n.nspname = 'pgmq' and c.relname like 'q_%' and 'pgmq_public' = any ($1::text[])`,
  },
  {
    id: '0021_fkey_to_auth_unique',
    name: 'fkey_to_auth_unique',
    level: 'ERROR',
    // A foreign key into auth that rests on a unique index other than the primary key (auth may drop it).
    sql: `
      select n.nspname || '.' || rel.relname || ' (' || k.conname || ')' as object
        from pg_catalog.pg_constraint k
        join pg_catalog.pg_class rel on rel.oid = k.conrelid
        join pg_catalog.pg_namespace n on n.oid = rel.relnamespace
        join pg_catalog.pg_class ref on ref.oid = k.confrelid
        join pg_catalog.pg_namespace rn on rn.oid = ref.relnamespace
        join pg_catalog.pg_index i on i.indexrelid = k.conindid
       where k.contype = 'f' and rn.nspname = 'auth' and i.indisunique and not i.indisprimary`,
  },
  {
    id: '0022_extension_versions_outdated',
    name: 'extension_versions_outdated',
    level: 'WARN',
    sql: `
      select ext.name::text as object from pg_catalog.pg_available_extensions ext
       where ext.installed_version is not null and ext.default_version is not null
         and ext.installed_version <> ext.default_version`,
  },
  {
    id: '0023_sensitive_columns_exposed',
    name: 'sensitive_columns_exposed',
    level: 'ERROR',
    // A table the API can read, without row-level security, with a column named like a secret or personal data.
    sql: `
      select n.nspname || '.' || c.relname || ' (' || string_agg(distinct a.attname, ', ') || ')' as object
        from pg_catalog.pg_class c
        join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
       where c.relkind = 'r' and ${apiReadable('c')} and not c.relrowsecurity
         and n.nspname = any ($1::text[]) and n.nspname <> all (${EXCLUDED})
         and replace(lower(a.attname), '-', '_') = any (array['password', 'passwd', 'pwd', 'passphrase', 'secret', 'secret_key',
           'private_key', 'api_key', 'apikey', 'auth_key', 'token', 'jwt', 'access_token', 'refresh_token', 'oauth_token',
           'session_token', 'bearer_token', 'auth_code', 'session_id', 'session_key', 'session_secret', 'recovery_code',
           'backup_code', 'verification_code', 'otp', 'two_factor', '2fa_secret', '2fa_code', 'ssn', 'social_security',
           'social_security_number', 'driver_license', 'drivers_license', 'license_number', 'passport_number', 'passport_id',
           'national_id', 'tax_id', 'credit_card', 'card_number', 'cvv', 'cvc', 'cvn', 'bank_account', 'account_number',
           'routing_number', 'iban', 'swift_code', 'bic', 'health_record', 'medical_record', 'patient_id', 'insurance_number',
           'health_insurance', 'medical_insurance', 'treatment', 'mac_address', 'macaddr', 'imei', 'device_uuid', 'pgp_key',
           'gpg_key', 'ssh_key', 'certificate', 'license_key', 'activation_key', 'facial_recognition'])
       group by n.nspname, c.relname`,
  },
  {
    id: '0024_rls_policy_always_true',
    name: 'rls_policy_always_true',
    level: 'WARN',
    // A permissive policy for anon, authenticated or everyone that lets any row be written (SELECT is left out).
    sql: `
      select schema_name || '.' || table_name || ' policy "' || policy_name || '"' as object
        from (${POLICIES}) p
       where relkind = 'r' and relrowsecurity and polpermissive and schema_name <> all (${EXCLUDED})
         and (polroles = array[0::oid]
              or exists (select 1 from unnest(polroles) r where r::regrole::text in ('anon', 'authenticated')))
         and ((cmd in ('UPDATE', 'DELETE', 'ALL') and (${squeezed('qual')} in ${ALWAYS_TRUE} or qual is null))
              or ${squeezed('with_check')} in ${ALWAYS_TRUE}
              or (with_check is null and cmd = 'INSERT')
              or (with_check is null and cmd in ('UPDATE', 'ALL') and ${squeezed('qual')} in ${ALWAYS_TRUE}))`,
  },
  {
    id: '0025_public_bucket_allows_listing',
    name: 'public_bucket_allows_listing',
    level: 'WARN',
    // A public bucket with a broad SELECT policy on storage.objects: always true, no condition, or just its bucket_id.
    sql: `
      select distinct b.id as object
        from storage.buckets b
        join pg_catalog.pg_policies p
          on p.schemaname = 'storage' and p.tablename = 'objects' and p.cmd in ('SELECT', 'ALL')
         and p.permissive = 'PERMISSIVE' and p.roles && array['public', 'anon', 'authenticated']::name[]
       where b.public
         and (p.qual is null or ${squeezed('p.qual')} in ${ALWAYS_TRUE}
              or (regexp_match(p.qual, $re$\\A\\s*\\(*\\s*bucket_id\\s*=\\s*('(?:[^']|'')*')(\\s*::\\s*[[:alnum:]_\\.]+)?\\s*\\)*\\s*\\Z$re$, 'i'))[1]
                 = '''' || replace(b.id, '''', '''''') || '''')`,
  },
  ...(['anon', 'authenticated'] as const).map(
    (role, index): SplinterLint => ({
      id: `00${26 + index}_pg_graphql_${role}_table_exposed`,
      name: `pg_graphql_${role}_table_exposed`,
      level: 'WARN',
      // Only with pg_graphql installed: every relation with a column the role may select is in its GraphQL schema.
      sql: `
        select n.nspname || '.' || c.relname as object
          from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
         where c.relkind in ('r', 'v', 'm', 'f') and n.nspname <> all (${EXCLUDED})
           and exists (select 1 from pg_catalog.pg_extension where extname = 'pg_graphql')
           and exists (select 1 from pg_catalog.pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
                          and pg_catalog.has_column_privilege('${role}', c.oid, a.attnum, 'SELECT'))`,
    }),
  ),
  {
    id: '0028_anon_security_definer_function_executable',
    name: 'anon_security_definer_function_executable',
    level: 'WARN',
    sql: definerExecutableBy('anon'),
  },
  {
    id: '0029_authenticated_security_definer_function_executable',
    name: 'authenticated_security_definer_function_executable',
    level: 'WARN',
    sql: definerExecutableBy('authenticated'),
  },
];

/** Every lint's findings, sorted by level, lint and object. */
export async function runSplinter(db: Queryable, apiSchemas: string[]): Promise<LintFinding[]> {
  const findings: LintFinding[] = [];
  for (const lint of SPLINTER_LINTS) {
    // Only the lints that read the API's schemas take the parameter; the others must not be given one.
    const params = lint.sql.includes('$1') ? [apiSchemas] : [];
    const { rows } = await db.query<{ object: string }>(lint.sql, params);
    for (const row of rows) findings.push({ name: lint.name, level: lint.level, object: row.object });
  }
  const order: Record<LintLevel, number> = { ERROR: 0, WARN: 1, INFO: 2 };
  return findings.sort(
    (a, b) => order[a.level] - order[b.level] || compare(a.name, b.name) || compare(a.object, b.object),
  );
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** `LEVEL name: object`, the form the budget test lists and compares. */
export const findingLine = (finding: LintFinding) => `${finding.level} ${finding.name}: ${finding.object}`;
