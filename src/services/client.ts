import { createClient, type SupabaseClient, type SupabaseClientOptions } from '@supabase/supabase-js';
import type { Database } from '../types/database';

export type Client = SupabaseClient<Database>;

export function createSupabaseClient(
  url: string,
  anonKey: string,
  options: SupabaseClientOptions<'public'> = {},
): Client {
  return createClient<Database>(url, anonKey, options);
}
