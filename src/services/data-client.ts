import { PostgrestClient } from '@supabase/postgrest-js';
import type { Database } from '../types/database';
import type { DataClient } from './client';

// Apart from client.ts, which imports supabase-js: a reader page that builds this client must not download that.

/**
 * A tables-and-functions client for anonymous requests. It speaks the same PostgREST API with the same headers as
 * supabase-js without a session (the key as `apikey` and as the bearer token), so it works against the local backend
 * and a hosted project alike.
 */
export function createDataClient(url: string, anonKey: string): DataClient {
  return new PostgrestClient<Database, { PostgrestVersion: '12' }>(`${url.replace(/\/+$/, '')}/rest/v1`, {
    headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}` },
  });
}
