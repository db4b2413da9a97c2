import type { Queryable } from './database.ts';

// The embedded backend on PostgreSQL uses two connections (docs/decisions/0044): the database's owner for the
// migrations at start, and PostgREST's `authenticator` for everything a request does. These checks stop the start,
// with one line saying what to set, when either is not what the README's setup makes.

/** The API roles a request switches to (`set local role`), as on hosted Supabase. */
export const API_ROLES = ['anon', 'authenticated', 'service_role'] as const;

/**
 * The role the backend's own auth (GoTrue-like) and storage code works as, between requests: hosted Supabase's
 * GoTrue role. It may read and write `auth.*` and read storage's bucket and object metadata; nothing in `public`.
 */
export const BACKEND_ROLE = 'supabase_auth_admin';

/** Every role the API's login role may be granted, and must be. */
export const AUTHENTICATOR_GRANTS: readonly string[] = [...API_ROLES, BACKEND_ROLE];

/** A connection whose role is not what the README's setup makes; its message is the one line start-up prints. */
export class DatabaseRoleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DatabaseRoleError';
  }
}

interface RoleFacts {
  rolname: string;
  rolsuper: boolean;
  rolinherit: boolean;
  rolcreaterole: boolean;
  rolcreatedb: boolean;
  rolbypassrls: boolean;
  rolreplication: boolean;
  owns_database: boolean;
  granted: string[] | null;
}

const ROLE_FACTS_SQL = `
  select r.rolname, r.rolsuper, r.rolinherit, r.rolcreaterole, r.rolcreatedb, r.rolbypassrls, r.rolreplication,
         exists (select 1 from pg_database d where d.datname = current_database() and d.datdba = r.oid) as owns_database,
         (select array_agg(g.rolname::text order by g.rolname)
            from pg_auth_members m join pg_roles g on g.oid = m.roleid where m.member = r.oid) as granted
    from pg_roles r where r.rolname = session_user`;

const SETUP = "connect as the README's authenticator role (login noinherit, granted anon, authenticated, service_role and supabase_auth_admin)";

/** The API connection's login role: `authenticator` as PostgREST has it, able to do nothing but switch roles. */
export async function checkApiConnection(db: Queryable): Promise<void> {
  const { rows } = await db.query<RoleFacts>(ROLE_FACTS_SQL);
  const role = rows[0];
  if (!role) throw new DatabaseRoleError(`DATABASE_API_URL's role was not found: ${SETUP}`);
  const name = `DATABASE_API_URL's role "${role.rolname}"`;
  const powers = (
    [
      [role.rolsuper, 'is a superuser'],
      [role.owns_database, 'owns the database'],
      [role.rolinherit, 'inherits its roles (create it noinherit)'],
      [role.rolcreaterole, 'may create roles'],
      [role.rolcreatedb, 'may create databases'],
      [role.rolbypassrls, 'bypasses row-level security'],
      [role.rolreplication, 'may replicate'],
    ] as const
  ).filter(([has]) => has);
  if (powers[0]) throw new DatabaseRoleError(`${name} ${powers[0][1]}: ${SETUP}`);
  const granted = role.granted ?? [];
  const extra = granted.filter((grant) => !AUTHENTICATOR_GRANTS.includes(grant));
  if (extra.length > 0) throw new DatabaseRoleError(`${name} is granted ${extra.join(', ')}: ${SETUP}`);
  const missing = AUTHENTICATOR_GRANTS.filter((grant) => !granted.includes(grant));
  if (missing.length > 0) throw new DatabaseRoleError(`${name} is not granted ${missing.join(', ')}: ${SETUP}`);
}

/** The migrations' connection in production: the database's owner, not a superuser of the whole server. */
export async function checkOwnerConnection(db: Queryable): Promise<void> {
  const { rows } = await db.query<RoleFacts>(ROLE_FACTS_SQL);
  const role = rows[0];
  const setup = "connect as the README's owner role (login, not superuser, owner of the database)";
  if (!role) throw new DatabaseRoleError(`DATABASE_URL's role was not found: ${setup}`);
  if (role.rolsuper) throw new DatabaseRoleError(`DATABASE_URL's role "${role.rolname}" is a superuser: ${setup}`);
  if (!role.owns_database) throw new DatabaseRoleError(`DATABASE_URL's role "${role.rolname}" does not own the database: ${setup}`);
}
