import { createClient, type SupabaseClient, type SupabaseClientOptions } from '@supabase/supabase-js';
import type { Database } from '../types/database';

/** The full client: tables and functions, plus the session (auth) and the image buckets (storage). */
export type Client = SupabaseClient<Database>;

/**
 * What the data services need: tables and functions, which supabase-js itself delegates to its PostgREST client.
 * A full Client is one; so is the lighter client that reader pages use (data-client.ts), which carries no auth,
 * storage, realtime or functions code because readers never sign in.
 */
export type DataClient = Pick<Client, 'from' | 'rpc'>;

export function createSupabaseClient(
  url: string,
  anonKey: string,
  options: SupabaseClientOptions<'public'> = {},
): Client {
  return createClient<Database>(url, anonKey, options);
}
