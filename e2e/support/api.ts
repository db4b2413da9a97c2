import { createClient } from '@supabase/supabase-js';
import type { Database } from '../../src/types/database.ts';
import { app } from './browser.ts';

/** supabase-js signed in as the suite's administrator: journeys create and remove their rows through the API. */
export async function adminApiClient() {
  const { baseUrl, anonKey, admin } = app();
  const client = createClient<Database>(baseUrl, anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
  const { error } = await client.auth.signInWithPassword({ email: admin.email, password: admin.password });
  if (error) throw error;
  return client;
}
