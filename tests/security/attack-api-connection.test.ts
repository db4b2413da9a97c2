// The API's database connection cannot leave the roles the README gives it (docs/decisions/0044): on a real
// PostgreSQL set up by the README's roles block, the embedded backend serves requests as `authenticator`, which by
// itself holds no privilege, cannot become the owner or a superuser, and a token naming any other role is refused.
// `npm run test:postgres` gives the cluster (DATABASE_URL, DATABASE_API_URL); `npm test` makes a throwaway one.
import { execFileSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseRoleError } from '../../local-supabase/src/db/connection-roles.ts';
import { openDatabase, type Database } from '../../local-supabase/src/db/database.ts';
import { runAsCaller } from '../../local-supabase/src/db/request-context.ts';
import { env, REPOSITORY_ROOT } from '../../local-supabase/src/env.ts';
import { signJwt } from '../../local-supabase/src/jwt.ts';
import { startLocalSupabase, type LocalSupabase } from '../../local-supabase/src/server.ts';
import { postgresBindir, startPostgresCluster, type PostgresCluster } from '../../e2e/deploy/support/postgres-cluster.ts';
import { createFreshDatabase, type FreshDatabase } from '../support/fresh-database.ts';

const OWNER = 'portoferreira';
let cluster: PostgresCluster | undefined;
let fresh: FreshDatabase;
let backend: LocalSupabase;
let server: Server;
let url = '';
let superuser: Database;
let superuserUrl = '';

/** The README's roles block on a cluster of this run's own (npm test), as scripts/with-postgres.sh runs it. */
function readmeRoles(serverUrl: string, bindir: string): { apiPassword: string } {
  const printed = execFileSync('bash', [join(REPOSITORY_ROOT, 'scripts', 'readme-postgres-roles.sh')], {
    encoding: 'utf8',
    env: { PATH: `${bindir}:${process.env.PATH ?? ''}`, SUPERUSER_URL: serverUrl },
  });
  return { apiPassword: printed.trim().split('\n')[1] ?? '' };
}

function withDatabase(connection: string, name: string): string {
  const target = new URL(connection);
  target.pathname = `/${name}`;
  return target.toString();
}

const expectDenied = (work: Promise<unknown>) => expect(work).rejects.toMatchObject({ code: '42501' });

beforeAll(async () => {
  let { databaseUrl, databaseApiUrl } = env();
  if (!databaseUrl || !databaseApiUrl) {
    cluster = await startPostgresCluster();
    const { apiPassword } = readmeRoles(cluster.url, postgresBindir());
    databaseUrl = cluster.url;
    const api = new URL(cluster.url);
    api.username = 'authenticator';
    api.password = apiPassword;
    databaseApiUrl = api.toString();
  }
  superuserUrl = databaseUrl;
  fresh = await createFreshDatabase(databaseUrl, databaseApiUrl);
  superuser = await fresh.open();
  // As the README has it: the database belongs to the owner role, which runs the migrations.
  const name = new URL(fresh.databaseUrl!).pathname.slice(1);
  await superuser.exec(`alter database ${name} owner to ${OWNER}; alter schema public owner to ${OWNER}`);
  const ownerUrl = new URL(fresh.databaseUrl!);
  ownerUrl.username = OWNER;
  backend = await startLocalSupabase({ dataDir: null, databaseUrl: ownerUrl.toString(), apiDatabaseUrl: fresh.apiDatabaseUrl, quiet: true });
  server = createServer((req, res) => void backend.handler(req, res));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((done) => (server ? server.close(() => done()) : done()));
  await backend?.close();
  await superuser?.close();
  await fresh?.drop();
  cluster?.stop();
});

describe("the API's login role, as the README creates it", () => {
  it('is not a superuser, inherits nothing, creates no role or database, bypasses no policy, owns nothing', async () => {
    const { rows } = await superuser.query<Record<string, unknown>>(
      `select rolsuper, rolinherit, rolcreaterole, rolcreatedb, rolbypassrls, rolreplication, rolcanlogin
         from pg_roles where rolname = 'authenticator'`,
    );
    expect(rows[0]).toEqual({
      rolsuper: false, rolinherit: false, rolcreaterole: false, rolcreatedb: false, rolbypassrls: false, rolreplication: false, rolcanlogin: true,
    });
    const grants = await superuser.query<{ count: string }>(
      `select count(*) from information_schema.role_table_grants where grantee = 'authenticator'`,
    );
    expect(Number(grants.rows[0]?.count)).toBe(0);
    const owned = await superuser.query<{ count: string }>(
      `select count(*) from pg_class c join pg_roles r on r.oid = c.relowner where r.rolname = 'authenticator'`,
    );
    expect(Number(owned.rows[0]?.count)).toBe(0);
  });

  it('logged in by itself, reads no table, and cannot become the owner or a superuser', async () => {
    const bare = await openDatabase({ databaseUrl: fresh.apiDatabaseUrl! });
    try {
      expect((await bare.query(`select session_user::text as s, current_user::text as c`)).rows[0]).toEqual({ s: 'authenticator', c: 'authenticator' });
      await expectDenied(bare.query('select count(*) from public.profiles'));
      await expectDenied(bare.query('select count(*) from auth.users'));
      await expectDenied(bare.query('select count(*) from storage.objects'));
      await expectDenied(bare.query(`set role ${OWNER}`));
      await expectDenied(bare.query('set role postgres'));
      await expectDenied(bare.query('set session authorization postgres'));
      await expectDenied(bare.query('create role intruder login superuser'));
      await expectDenied(bare.query(`create database intruder`));
      await expectDenied(bare.query('create table public.intruder (id int)'));
    } finally {
      await bare.close();
    }
  });
});

describe("the backend's API connection, serving requests", () => {
  it('is authenticator, resting as the backend role; a request runs as its API role', async () => {
    expect((await backend.api.query(`select session_user::text as s, current_user::text as c`)).rows[0]).toEqual({ s: 'authenticator', c: 'supabase_auth_admin' });
    const inRequest = await runAsCaller(backend.api, { role: 'anon', claims: { role: 'anon' } }, async (tx) =>
      (await tx.query(`select session_user::text as s, current_user::text as c`)).rows[0],
    );
    expect(inRequest).toEqual({ s: 'authenticator', c: 'anon' });
    // A readiness check on this connection may read which migration is applied.
    const applied = await backend.api.query<{ count: string }>('select count(*) from supabase_migrations.schema_migrations');
    expect(Number(applied.rows[0]?.count)).toBeGreaterThan(0);
    expect(await backend.api.ping(1_000)).toBe(true);
  });

  it("a request's SQL context cannot switch to the owner or postgres, and `reset role` leaves it with no privilege", async () => {
    for (const target of [OWNER, 'postgres']) {
      await expectDenied(runAsCaller(backend.api, { role: 'anon', claims: { role: 'anon' } }, (tx) => tx.query(`set role ${target}`)));
      await expectDenied(runAsCaller(backend.api, { role: 'authenticated', claims: { role: 'authenticated' } }, (tx) => tx.query(`set local role ${target}`)));
    }
    await expectDenied(
      runAsCaller(backend.api, { role: 'anon', claims: { role: 'anon' } }, async (tx) => {
        await tx.query('reset role');
        return tx.query('select count(*) from public.profiles');
      }),
    );
    // The backend's own role keeps accounts, never the newsroom's tables.
    await expectDenied(backend.api.query('select count(*) from public.profiles'));
    await expectDenied(backend.api.query('update public.profiles set role = $1', ['admin']));
  });

  it('anon and authenticated cannot read auth.users or the sessions, in SQL or over the API', async () => {
    for (const role of ['anon', 'authenticated']) {
      for (const table of ['auth.users', 'auth.sessions', 'auth.refresh_tokens', 'auth.one_time_tokens']) {
        await expectDenied(runAsCaller(backend.api, { role, claims: { role } }, (tx) => tx.query(`select * from ${table} limit 1`)));
      }
    }
    const overApi = await fetch(`${url}/rest/v1/users?select=*`, {
      headers: { apikey: backend.anonKey, 'Accept-Profile': 'auth' },
    });
    expect(overApi.status).toBeGreaterThanOrEqual(400);
    expect(await overApi.text()).not.toContain('encrypted_password');
  });

  it('a token claiming postgres, authenticator, the owner or the backend role is refused', async () => {
    for (const role of ['postgres', 'authenticator', OWNER, 'supabase_auth_admin', 'pg_read_all_data']) {
      const token = await signJwt({ role, sub: '00000000-0000-0000-0000-000000000001', exp: Math.floor(Date.now() / 1000) + 60 }, backend.jwtSecret);
      const response = await fetch(`${url}/rest/v1/publications?select=id&limit=1`, {
        headers: { apikey: backend.anonKey, Authorization: `Bearer ${token}` },
      });
      expect(response.status, role).toBe(401);
    }
  });
});

describe('a start with the wrong roles stops, saying what to set', () => {
  const ownerUrl = () => {
    const owner = new URL(fresh.databaseUrl!);
    owner.username = OWNER;
    return owner.toString();
  };
  const production = { adminEmail: 'redacao@portoferreira.example', adminPassword: 'senha-da-redacao-de-teste', mailer: null };

  it('refuses a superuser as the API connection', async () => {
    const start = startLocalSupabase({ dataDir: null, databaseUrl: ownerUrl(), apiDatabaseUrl: withDatabase(superuserUrl, new URL(fresh.databaseUrl!).pathname.slice(1)), quiet: true });
    await expect(start).rejects.toThrow(DatabaseRoleError);
    await expect(start).rejects.toThrow(/DATABASE_API_URL's role "postgres" is a superuser/);
  });

  it('refuses an API role that inherits, or that owns the database', async () => {
    const name = `inheriting_${Date.now().toString(36)}`;
    await superuser.exec(`create role ${name} login inherit; grant anon, authenticated, service_role, supabase_auth_admin to ${name}`);
    try {
      const inheriting = new URL(fresh.databaseUrl!);
      inheriting.username = name;
      await expect(startLocalSupabase({ dataDir: null, databaseUrl: ownerUrl(), apiDatabaseUrl: inheriting.toString(), quiet: true })).rejects.toThrow(/inherits its roles/);
      await expect(startLocalSupabase({ dataDir: null, databaseUrl: ownerUrl(), apiDatabaseUrl: ownerUrl(), quiet: true })).rejects.toThrow(/owns the database/);
    } finally {
      await superuser.exec(`drop role ${name}`);
    }
  });

  it('in production: refuses a superuser owner, and an owner URL without DATABASE_API_URL', async () => {
    await expect(
      startLocalSupabase({ dataDir: null, databaseUrl: fresh.databaseUrl, apiDatabaseUrl: fresh.apiDatabaseUrl, quiet: true, siteUrl: 'http://127.0.0.1', production }),
    ).rejects.toThrow(/DATABASE_URL's role "postgres" is a superuser/);
    await expect(startLocalSupabase({ dataDir: null, databaseUrl: ownerUrl(), quiet: true, siteUrl: 'http://127.0.0.1', production })).rejects.toThrow(/set DATABASE_API_URL/);
  });
});
