import type { Client } from '../../services/client';

let loading: Promise<Client> | undefined;

/**
 * The reader's backend client, loaded beside the entry rather than inside it: supabase-js is the largest library a
 * reader needs, and the page (hero, skeletons, navigation) can paint while it arrives. Only the reader data module
 * (reader-data.ts) asks for it, for every request at once, so all of a page's requests still leave together.
 */
export function readerClient(): Promise<Client> {
  if (!loading) {
    loading = import('../../services/browser-client').then((module) => module.browserClient());
    // A failed download (the reader went offline) must not stick: the next page's loader tries again.
    loading.catch(() => {
      loading = undefined;
    });
  }
  return loading;
}
