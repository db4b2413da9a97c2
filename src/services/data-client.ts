import { PostgrestClient } from '@supabase/postgrest-js';
import type { Database } from '../types/database';
import type { DataClient } from './client';

// Apart from client.ts, which imports supabase-js: a reader page that builds this client must not download that.

export interface DataClientOptions {
  /** The host's fetch: the edge handler's (in development, the local backend in-process). */
  fetch?: typeof fetch;
  /**
   * postgrest-js retries transient failures with back-off (default). The edge handler turns that off: a crawler
   * waits a few seconds at most, and a page without its own head beats no page.
   */
  retry?: boolean;
}

/**
 * A tables-and-functions client for anonymous requests. It speaks the same PostgREST API with the same headers as
 * supabase-js without a session (the key as `apikey` and as the bearer token), so it works against the local backend
 * and a hosted project alike.
 */
export function createDataClient(url: string, anonKey: string, options: DataClientOptions = {}): DataClient {
  return new PostgrestClient<Database, { PostgrestVersion: '12' }>(`${url.replace(/\/+$/, '')}/rest/v1`, {
    headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}` },
    ...options,
  });
}
