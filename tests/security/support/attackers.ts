import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { expect } from 'vitest';
import type { Database as Db } from '../../../local-supabase/src/db/database.ts';
import { BROWSER_USER_AGENT, fetchFromAddress } from '../../support/fetch-from-address.ts';
import { startTestBackend, uniqueEmail, type TestBackend } from '../../support/test-backend.ts';

// The three attackers of the security suite, each a real supabase-js client over HTTP on its own loopback address
// (the backend tells clients apart by the TCP peer, so rate limits never mix one actor's calls with another's):
// an anonymous reader, a freshly self-registered account (pending: it asked for role 'admin' at sign-up, as the
// app's own form does) and the administrator.

export type Actor = 'anon' | 'pending' | 'admin';

/**
 * Not the app's generated types on purpose: attacks send what those types would not let the app send (unknown
 * columns, wrong types, private functions). Every table and function is open, every value `unknown`.
 */
interface OpenTable {
  Row: Record<string, unknown>;
  Insert: Record<string, unknown>;
  Update: Record<string, unknown>;
  Relationships: [];
}
interface OpenSchema {
  Tables: Record<string, OpenTable>;
  Views: Record<string, never>;
  Functions: Record<string, { Args: Record<string, unknown>; Returns: unknown }>;
  Enums: Record<string, never>;
  CompositeTypes: Record<string, never>;
}
export type Client = SupabaseClient<{ public: OpenSchema }>;

export interface Attackers {
  backend: TestBackend;
  anon: Client;
  pending: Client;
  admin: Client;
  pendingId: string;
  adminId: string;
  /** The database as its owner: for arranging rows and for re-reading what an attack left. */
  db: Db;
  /** A further anonymous client on a loopback address of its own (another reader's browser). */
  anonAt(address: string): Client;
  /** The same, sending a desktop browser's User-Agent (what the advertising counter counts; a crawler's it does not). */
  browserAt(address: string, userAgent?: string): Client;
  /** Registers a fresh account from `address` (sign-up `data` as given) and returns it signed in. */
  signUpAt(address: string, data?: Record<string, unknown>): Promise<{ client: Client; id: string; email: string }>;
  stop(): Promise<void>;
}

export const ATTACK_PASSWORD = 'senha-segura-123';

// supabase-js refuses to start on Node 20 without a WebSocket; realtime is never used here.
class NoRealtime {
  constructor() {
    throw new Error('realtime is not available in these tests');
  }
}

let storageKeys = 0;

function clientFor(backend: TestBackend, address: string, userAgent?: string): Client {
  return createClient<{ public: OpenSchema }>(backend.url, backend.anonKey, {
    global: { fetch: fetchFromAddress(address, { userAgent }) },
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, storageKey: `attack-${(storageKeys += 1)}` },
    realtime: { transport: globalThis.WebSocket ?? NoRealtime },
  });
}

/** Starts a backend (every migration, the seed, the administrator) and signs the attackers in. */
export async function startAttackers(): Promise<Attackers> {
  const backend = await startTestBackend();
  const anonAt = (address: string) => clientFor(backend, address);

  async function signUpAt(address: string, data: Record<string, unknown> = { name: 'Conta Nova', role: 'admin' }) {
    const client = anonAt(address);
    const email = uniqueEmail('attacker');
    const { data: signedUp, error } = await client.auth.signUp({ email, password: ATTACK_PASSWORD, options: { data } });
    if (error || !signedUp.user) throw new Error(`sign-up failed: ${error?.message}`);
    if (!signedUp.session) {
      const { error: signInError } = await client.auth.signInWithPassword({ email, password: ATTACK_PASSWORD });
      if (signInError) throw new Error(`sign-in failed: ${signInError.message}`);
    }
    return { client, id: signedUp.user.id, email };
  }

  const admin = anonAt('127.0.1.3');
  const administrator = backend.administrator;
  const { data, error } = await admin.auth.signInWithPassword({ email: administrator.email, password: administrator.password });
  if (error || !data.user) throw new Error(`administrator sign-in failed: ${error?.message}`);
  const pending = await signUpAt('127.0.1.2');

  return {
    backend,
    anon: anonAt('127.0.1.1'),
    pending: pending.client,
    admin,
    pendingId: pending.id,
    adminId: data.user.id,
    db: backend.db,
    anonAt,
    browserAt: (address, userAgent = BROWSER_USER_AGENT) => clientFor(backend, address, userAgent),
    signUpAt,
    stop: () => backend.stop(),
  };
}

/** What a refused request looks like to the app: PostgREST's status and error code. */
export function expectRefused(
  result: { error: { code?: string; message: string } | null; status: number },
  expected: { status: number; code: string },
): void {
  expect(result.error, 'the request should have been refused').not.toBeNull();
  expect({ status: result.status, code: result.error?.code }).toEqual(expected);
}

/**
 * The answer to a privilege error (42501): 401 for the anonymous role, 403 for a signed-in one (PostgREST's rule,
 * also for row-level security violations).
 */
export function permissionDenied(actor: Actor): { status: number; code: string } {
  return { status: actor === 'anon' ? 401 : 403, code: '42501' };
}

/** An UPDATE or DELETE whose every row RLS hides matches nothing: no error, no row (asked with return=representation). */
export function expectNoRowMatched(result: { error: unknown; data: unknown[] | null; status: number }): void {
  expect(result.error).toBeNull();
  expect(result.data).toEqual([]);
}

/** One row of a table as its owner sees it (RLS does not apply to the owner), or null. */
export async function ownerRow(db: Db, table: string, id: string): Promise<Record<string, unknown> | null> {
  const { rows } = await db.query<Record<string, unknown>>(`select * from public.${table} where id = $1`, [id]);
  return rows[0] ?? null;
}

export async function ownerCount(db: Db, sql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await db.query<{ count: number | string }>(sql, params);
  return Number(rows[0]?.count ?? 0);
}

export const stamp = (): string => Math.random().toString(36).slice(2, 8);

/** The `id` of a row the API returned (an open-schema row's values are `unknown`). */
export function idOf(row: unknown): string {
  const id = typeof row === 'object' && row !== null && 'id' in row ? row.id : undefined;
  if (typeof id !== 'string') throw new Error(`no id in ${JSON.stringify(row)}`);
  return id;
}
