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
  /** How long one request may wait for the backend's answer before it fails (REQUEST_TIMEOUT_MS by default). */
  timeoutMs?: number;
  /** A signed-in user's access token, sent as the bearer instead of the key: the request runs as that user. */
  accessToken?: string;
}

/**
 * The backend client's request timeout (10 s, docs/product.md §20): a backend that takes the request and never answers fails it,
 * so a page shows its message and retry instead of a skeleton forever. postgrest-js aborts the request (an
 * AbortError, which it does not retry: a backend that hung once would likely hang again, and the page has a retry).
 */
export const REQUEST_TIMEOUT_MS = 10_000;

/**
 * A tables-and-functions client for anonymous requests. It speaks the same PostgREST API with the same headers as
 * supabase-js without a session (the key as `apikey` and as the bearer token), so it works against the local backend
 * and a hosted project alike.
 */
export function createDataClient(url: string, apiKey: string, options: DataClientOptions = {}): DataClient {
  const { timeoutMs = REQUEST_TIMEOUT_MS, accessToken, ...rest } = options;
  return new PostgrestClient<Database, { PostgrestVersion: '12' }>(`${url.replace(/\/+$/, '')}/rest/v1`, {
    headers: { apikey: apiKey, Authorization: `Bearer ${accessToken ?? apiKey}` },
    timeout: timeoutMs,
    ...rest,
  });
}
