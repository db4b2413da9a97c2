import { env } from '../config/env';
import { createSupabaseClient } from './client';
import type { TipLineClient } from './news-tips';

let instance: TipLineClient | undefined;

/**
 * The tip line's client: tables and storage with the anon key, never a session (readers do not sign in, and a
 * newsroom account signed in on the same browser must not send tips as itself). It carries supabase-js, so only the
 * tip line loads it, and only when a tip is sent (features/reader/tip-line/send-tip.ts): no reader page's first load
 * includes it (scripts/check-bundle.ts).
 */
export function tipLineClient(): TipLineClient {
  instance ??= createSupabaseClient(env.supabaseUrl ?? window.location.origin, env.supabaseAnonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, storageKey: 'pfn-tip-line' },
  });
  return instance;
}
