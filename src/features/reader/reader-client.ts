import type { Client } from '../../services/client';

/**
 * The reader's backend client, loaded beside the entry rather than inside it: supabase-js is the largest library a
 * reader needs, and the page (hero, skeletons, navigation) can paint while it arrives. Every loader asks for it at
 * once, so all of a page's requests still leave together.
 */
export function readerClient(): Promise<Client> {
  return import('../../services/browser-client').then((module) => module.browserClient());
}
