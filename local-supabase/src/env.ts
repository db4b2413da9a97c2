import { fileURLToPath } from 'node:url';
import { isAbsolute, resolve } from 'node:path';

// The one place the local backend reads process.env; everything else receives these parsed values.

/** The Supabase CLI's demo secret: with it the anon key is the well-known demo anon key. */
export const DEMO_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

/** The development administrator the README prints: what `npm run dev` signs in with, never production's. */
export const DEV_ADMIN_EMAIL = 'redacao@portoferreiranoticias.com.br';
export const DEV_ADMIN_PASSWORD = 'portoferreira2026';

export const REPOSITORY_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface LocalSupabaseEnv {
  port: number;
  host: string;
  /** A PostgreSQL connection string; when set, PGlite is not used. */
  databaseUrl: string | undefined;
  /**
   * The API's connection (PostgREST's `authenticator` role) when DATABASE_URL is the owner's: requests never use the
   * owner's connection (docs/decisions/0044).
   */
  databaseApiUrl: string | undefined;
  /** PGlite and uploaded files live here (git-ignored). */
  dataDir: string;
  jwtSecret: string;
  adminEmail: string;
  adminPassword: string;
}

type Source = Record<string, string | undefined>;

function text(source: Source, name: string): string | undefined {
  const value = source[name]?.trim();
  return value ? value : undefined;
}

function port(source: Source, name: string, fallback: number): number {
  const raw = text(source, name);
  if (raw === undefined) return fallback;
  const parsed = Number(raw);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65535) throw new Error(`${name} must be a port number, got "${raw}"`);
  return parsed;
}

/** Parses an environment (process.env by default); throws with the variable's name when a value is unusable. */
export function readEnv(source: Source = process.env): LocalSupabaseEnv {
  const jwtSecret = text(source, 'LOCAL_SUPABASE_JWT_SECRET') ?? DEMO_JWT_SECRET;
  // GoTrue refuses shorter HS256 secrets too.
  if (jwtSecret.length < 32) throw new Error('LOCAL_SUPABASE_JWT_SECRET must be at least 32 characters long');
  const dataDir = text(source, 'LOCAL_SUPABASE_DATA_DIR') ?? '.local-supabase';
  return {
    port: port(source, 'LOCAL_SUPABASE_PORT', 54321),
    host: text(source, 'LOCAL_SUPABASE_HOST') ?? '127.0.0.1',
    databaseUrl: text(source, 'DATABASE_URL'),
    databaseApiUrl: text(source, 'DATABASE_API_URL'),
    dataDir: isAbsolute(dataDir) ? dataDir : resolve(REPOSITORY_ROOT, dataDir),
    jwtSecret,
    adminEmail: text(source, 'LOCAL_ADMIN_EMAIL') ?? DEV_ADMIN_EMAIL,
    adminPassword: text(source, 'LOCAL_ADMIN_PASSWORD') ?? DEV_ADMIN_PASSWORD,
  };
}

let cached: LocalSupabaseEnv | undefined;

/** process.env, parsed once. */
export function env(): LocalSupabaseEnv {
  cached ??= readEnv(process.env);
  return cached;
}
