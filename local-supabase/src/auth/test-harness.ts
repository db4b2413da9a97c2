import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { Hono } from 'hono';
import { apiKeyGate } from '../api-key.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { DEMO_JWT_SECRET } from '../env.ts';
import { anonKeyFor } from '../jwt.ts';
import { createMemoryBlobStore, type BlobStore } from '../storage/blob-store.ts';
import { createStorageRouter } from '../storage/storage-router.ts';
import { ensureAuthSchema } from './auth-schema.ts';
import { createAuthRouter } from './auth-router.ts';

/**
 * Auth and Storage over real HTTP for their own tests: in-memory PGlite with only Supabase's base schema and the
 * auth tables, so these tests depend on no project migration. Real supabase-js talks to it.
 */
export interface Harness {
  url: string;
  anonKey: string;
  jwtSecret: string;
  db: Database;
  blobs: BlobStore;
  /** A fresh client with no stored session (each test signs in on its own). */
  client(): SupabaseClient;
  stop(): Promise<void>;
}

const BOOTSTRAP_SQL = new URL('../../sql/bootstrap.sql', import.meta.url);

// supabase-js refuses to start on Node 20 without a WebSocket; realtime is never used here.
class NoRealtime {
  constructor() {
    throw new Error('realtime is not available in these tests');
  }
}
const transport = globalThis.WebSocket ?? NoRealtime;

export async function startHarness(): Promise<Harness> {
  const jwtSecret = DEMO_JWT_SECRET;
  const db = await openDatabase();
  await db.exec(await readFile(BOOTSTRAP_SQL, 'utf8'));
  await ensureAuthSchema(db);
  const blobs = createMemoryBlobStore();

  const app = new Hono();
  // As on a hosted project: a raw request without the anon key never reaches the service.
  app.use(apiKeyGate(jwtSecret));
  app.route('/auth/v1', createAuthRouter({ db, jwtSecret }));
  app.route('/storage/v1', createStorageRouter({ db, jwtSecret, blobs }));

  const server: ServerType = await new Promise((resolve) => {
    const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const anonKey = await anonKeyFor(jwtSecret);

  return {
    url,
    anonKey,
    jwtSecret,
    db,
    blobs,
    client: () =>
      createClient(url, anonKey, {
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
        realtime: { transport },
      }),
    async stop() {
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
      await db.close();
    },
  };
}

let counter = 0;
/** A unique address per call, so tests never depend on each other's accounts. */
export function uniqueEmail(label = 'user'): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${counter}@example.com`;
}
