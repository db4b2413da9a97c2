import { env } from '../config/env';
import type { DataClient } from './client';
import { createDataClient } from './data-client';

let instance: DataClient | undefined;

/**
 * The reader pages' one client: tables and functions only, for anonymous requests. It is small enough to ship in the
 * entry, so a page's requests leave as soon as its loader runs. The hosted project when VITE_SUPABASE_URL is set,
 * else the local backend that the Vite dev/preview server mounts on the page's own origin.
 */
export function readerDataClient(): DataClient {
  instance ??= createDataClient(env.supabaseUrl ?? window.location.origin, env.supabaseAnonKey);
  return instance;
}
