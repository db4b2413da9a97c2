import { isUuid } from '../lib/uuid';
import type { DataClient } from './client';
import { unwrapOptional } from './errors';
import { OBITUARY_COLUMNS, type Obituary } from './obituaries';

// An obituary's own page (/obituarios/:id): loaded with that page and by the edge handler, not with the home page.

/** One published obituary, for its own page; null for an unknown, unpublished or malformed id. */
export async function getPublishedObituary(client: DataClient, id: string): Promise<Obituary | null> {
  if (!isUuid(id)) return null;
  return unwrapOptional(await client.from('obituaries').select(OBITUARY_COLUMNS).eq('id', id).eq('published', true).maybeSingle());
}
