import { getRequestListener } from '@hono/node-server';
import bcrypt from 'bcryptjs';
import type { Hono } from 'hono';
import { createApp } from './app.ts';
import { AuthApiError } from './auth/auth-error.ts';
import { createAuthService, type AuthService } from './auth/auth-service.ts';
import { ensureAuthSchema } from './auth/auth-schema.ts';
import { findUserByEmail } from './auth/user-store.ts';
import { normalizeEmail } from './auth/validation.ts';
import { openDatabase, type Database } from './db/database.ts';
import { applyMigrations } from './db/migrate.ts';
import { databaseReadiness, newestMigrationVersion } from './db/readiness.ts';
import type { Readiness } from '../../edge/health.ts';
import { BACKEND_ROLE, checkApiConnection, checkOwnerConnection, DatabaseRoleError } from './db/connection-roles.ts';
import { prepareDataDir } from './data-dir.ts';
import { createMailboxMailer, type Mailer } from './mailbox/mailbox-store.ts';
import { env, REPOSITORY_ROOT } from './env.ts';
import { anonKeyFor } from './jwt.ts';
import { createFileBlobStore, createMemoryBlobStore, type BlobStore } from './storage/blob-store.ts';

export interface StartLocalSupabaseOptions {
  /**
   * Folder for the PGlite database (`db/`) and uploaded files (`storage/`); null keeps everything in memory.
   * Omitted: the environment's choice (DATABASE_URL, else LOCAL_SUPABASE_DATA_DIR or `.local-supabase/`).
   */
  dataDir?: string | null;
  /**
   * A PostgreSQL connection string: the database lives there instead of PGlite (files still go to dataDir). Its role
   * runs the migrations at start: the database's owner (production refuses a superuser).
   */
  databaseUrl?: string;
  /**
   * The connection requests use: PostgREST's `authenticator` role (login noinherit, granted the API roles), checked
   * at start (docs/decisions/0044). Required in production with databaseUrl; elsewhere omitted means databaseUrl's.
   * Omitted with databaseUrl omitted too: the environment's DATABASE_API_URL.
   */
  apiDatabaseUrl?: string;
  /** Defaults to LOCAL_SUPABASE_JWT_SECRET or the Supabase CLI demo secret. */
  jwtSecret?: string;
  /** Run supabase/seed.sql on an empty database (default true). */
  seed?: boolean;
  /** No console output. */
  quiet?: boolean;
  /** Public base URL of the backend, used as the JWT issuer base; defaults to each request's origin. */
  siteUrl?: string;
  /** Behind the operator's reverse proxy: the client is the last X-Forwarded-For entry (AppDeps.trustedProxy). */
  trustedProxy?: boolean;
  /**
   * Serve production (npm start, as server/production-config.ts checked it): the administrator and secret given, no
   * demo seed, no mailbox, e-mail through `mailer` (null: none), and no password or link ever printed. `siteUrl` is
   * then required: e-mailed links are on it.
   */
  production?: ProductionBackendOptions;
}

export interface ProductionBackendOptions {
  adminEmail: string;
  adminPassword: string;
  mailer: Mailer | null;
}

export type NodeRequestHandler = ReturnType<typeof getRequestListener>;

export interface LocalSupabase {
  app: Hono;
  /** A Node (req, res) listener for http.createServer or a connect middleware. */
  handler: NodeRequestHandler;
  anonKey: string;
  jwtSecret: string;
  adminEmail: string;
  adminPassword: string;
  /** What start-up found or did about the administrator account. */
  adminAccount: AdminAccountState;
  /**
   * The database as its owner (PGlite's one connection; on PostgreSQL the migrations' connection), for start-up,
   * tools and tests. In production the owner's connection is closed after start and this is `api`.
   */
  db: Database;
  /** The connection requests use (on PostgreSQL, `authenticator`): what a readiness check pings (`api.ping(1000)`). */
  api: Database;
  /** How its e-mail leaves: the local mailbox in development, SMTP in production, null when there is none. */
  mailer: Mailer | null;
  /** Where uploaded files' bytes live (their rows are in storage.objects). */
  blobs: BlobStore;
  /** Whether the database answers a trivial query within timeoutMs (never throws): the outage handling's probe. */
  ping(timeoutMs: number): Promise<boolean>;
  /** /readyz's checks: the database answers within timeoutMs and has the newest migration of supabase/migrations. */
  readiness(timeoutMs: number): Promise<Readiness>;
  /** The uploads folder on disk, or null when files are kept in memory (the 'Sistema' screen shows its size). */
  uploadsDir: string | null;
  close(): Promise<void>;
}

export type AdminAccountState = 'created' | 'exists' | 'exists-not-admin' | 'exists-other-password';

/**
 * Makes sure the local administrator can sign in. A new account goes through the sign-up code path, so the
 * project's first-account trigger makes it admin; an existing account is never changed (an admin may have
 * demoted it or changed its password on purpose), only reported.
 */
export async function ensureLocalAdmin(
  db: Database,
  auth: AuthService,
  email: string,
  password: string,
): Promise<AdminAccountState> {
  const existing = await findUserByEmail(db, normalizeEmail(email) ?? email);
  if (!existing) {
    try {
      await auth.registerUser({ email, password, data: { name: 'Redação' } });
      return 'created';
    } catch (error) {
      if (error instanceof AuthApiError) {
        throw new Error(`LOCAL_ADMIN_EMAIL/PASSWORD refused: ${error.message}`, { cause: error });
      }
      throw error;
    }
  }
  const { rows } = await db.query<{ role: string | null }>(
    `select case when to_regclass('public.profiles') is null then null
                 else (select role from public.profiles where id = $1) end as role`,
    [existing.id],
  ).catch(() => ({ rows: [{ role: null }] }));
  const role = rows[0]?.role ?? null;
  if (role !== null && role !== 'admin') return 'exists-not-admin';
  if (!existing.encrypted_password || !(await bcrypt.compare(password, existing.encrypted_password))) {
    return 'exists-other-password';
  }
  return 'exists';
}

function describeDatabase(options: StartLocalSupabaseOptions): string {
  if (options.databaseUrl && options.apiDatabaseUrl) return 'PostgreSQL (migrations as DATABASE_URL, requests as DATABASE_API_URL)';
  if (options.databaseUrl) return 'PostgreSQL (DATABASE_URL)';
  return options.dataDir ? `PGlite in ${options.dataDir}` : 'PGlite in memory';
}

const ADMIN_NOTES: Record<AdminAccountState, string> = {
  created: 'created now',
  exists: 'existing account',
  'exists-not-admin': 'existing account, currently NOT an administrator (left as it is)',
  'exists-other-password': 'existing account whose password was changed since: LOCAL_ADMIN_PASSWORD no longer signs it in',
};

/** Opens the database, brings the schema up to date, ensures the administrator, and builds the app. */
export async function startLocalSupabase(options: StartLocalSupabaseOptions = {}): Promise<LocalSupabase> {
  const settings = env();
  const { production } = options;
  const jwtSecret = options.jwtSecret ?? settings.jwtSecret;
  const adminEmail = production?.adminEmail ?? settings.adminEmail;
  const adminPassword = production?.adminPassword ?? settings.adminPassword;
  const dataDir = options.dataDir === undefined ? settings.dataDir : options.dataDir;
  const databaseUrl = options.databaseUrl ?? (options.dataDir === undefined ? settings.databaseUrl : undefined);
  const apiDatabaseUrl = databaseUrl
    ? (options.apiDatabaseUrl ?? (options.databaseUrl === undefined ? settings.databaseApiUrl : undefined))
    : undefined;
  if (production && databaseUrl && !apiDatabaseUrl) {
    throw new DatabaseRoleError("set DATABASE_API_URL (the README's authenticator role) with DATABASE_URL: requests never use the owner's connection");
  }
  const folders = dataDir ? await prepareDataDir(dataDir) : null;
  const db = await openDatabase(databaseUrl ? { databaseUrl } : folders ? { dataDir: folders.dbDir } : {});
  let api: Database = db;
  try {
    if (production && databaseUrl) await checkOwnerConnection(db);
    await applyMigrations(db, { seed: production ? false : (options.seed ?? true) });
    // Known now, from this build's files: a database another process migrated back (or not yet) is not ready.
    const newestMigration = await newestMigrationVersion(REPOSITORY_ROOT);
    // applyMigrations runs every local-supabase/sql script already; this keeps auth independent of that detail.
    await ensureAuthSchema(db);
    // The administrator is ensured as the owner, at start: it reads public.profiles, which the API's roles may not.
    const adminState = await ensureLocalAdmin(db, createAuthService({ db, jwtSecret }), adminEmail, adminPassword);

    if (apiDatabaseUrl) {
      // Between requests the API's connections rest as the backend's own role; a request switches with `set local role`.
      api = await openDatabase({ databaseUrl: apiDatabaseUrl, sessionRole: BACKEND_ROLE });
      await checkApiConnection(api);
      // The owner's connection was for the migrations; production keeps none open (tools and tests use it).
      if (production) await db.close();
    }

    const blobs = folders ? createFileBlobStore(folders.storageDir) : createMemoryBlobStore();
    // In development recovery links are printed as they are "sent", like the administrator's sign-in below.
    const mailer = production ? production.mailer : createMailboxMailer(api, options.quiet ? {} : { log: (line) => console.log(line) });
    const app = createApp({
      db: api,
      jwtSecret,
      blobs,
      siteUrl: options.siteUrl,
      mailer,
      mailbox: !production,
      // Production confirms each new account's address when it can send the link.
      confirmSignUps: !!production?.mailer,
      trustedProxy: options.trustedProxy,
    });
    const anonKey = await anonKeyFor(jwtSecret);

    if (!options.quiet) {
      console.log(`[local-supabase] database: ${describeDatabase({ databaseUrl, apiDatabaseUrl, dataDir })}`);
      // Development prints the sign-in; production never prints an address or a password (the operator chose them,
      // and the log keeps no e-mail: docs/decisions/0040).
      if (production) {
        console.log(`[local-supabase] administrator (LOCAL_ADMIN_EMAIL): ${ADMIN_NOTES[adminState]}`);
      } else {
        console.log(`[local-supabase] administrator (${ADMIN_NOTES[adminState]}):`);
        console.log(`[local-supabase]   e-mail: ${adminEmail}`);
        console.log(`[local-supabase]   password: ${adminPassword}`);
      }
    }

    let closing: Promise<void> | undefined;
    return {
      app,
      handler: getRequestListener(app.fetch),
      anonKey,
      jwtSecret,
      adminEmail,
      adminPassword,
      adminAccount: adminState,
      db: production && apiDatabaseUrl ? api : db,
      api,
      mailer,
      blobs,
      ping: (timeoutMs) => api.ping(timeoutMs),
      readiness: (timeoutMs) => databaseReadiness(api, newestMigration, timeoutMs),
      uploadsDir: folders?.storageDir ?? null,
      close: () => (closing ??= Promise.all([api.close(), api === db || production ? undefined : db.close()]).then(() => undefined)),
    };
  } catch (error) {
    if (api !== db) await api.close().catch(() => undefined);
    await db.close().catch(() => undefined);
    throw error;
  }
}
