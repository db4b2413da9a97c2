import { env } from '../config/env';
import { isRecoveryRedirect } from './auth';
import { createSupabaseClient, type Client } from './client';

let instance: Client | undefined;

/**
 * The browser's one client: the hosted project when VITE_SUPABASE_URL is set, else the local backend that the
 * Vite dev/preview server mounts on the page's own origin. Implicit flow (supabase-js's default): a recovery link
 * lands with the session in the fragment, which the client reads when it starts (docs/decisions/0013).
 */
export function browserClient(): Client {
  instance ??= createSupabaseClient(env.supabaseUrl ?? window.location.origin, env.supabaseAnonKey, {
    auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: isRecoveryRedirect },
  });
  return instance;
}
