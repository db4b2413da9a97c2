import { env } from '../config/env';
import { createSupabaseClient, type Client } from './client';

let instance: Client | undefined;

/**
 * The browser's one client: the hosted project when VITE_SUPABASE_URL is set, else the local backend that the
 * Vite dev/preview server mounts on the page's own origin.
 */
export function browserClient(): Client {
  instance ??= createSupabaseClient(env.supabaseUrl ?? window.location.origin, env.supabaseAnonKey, {
    auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: false },
  });
  return instance;
}
