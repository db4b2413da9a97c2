import type { Row } from '../types/database';
import type { DataClient } from './client';
import { unwrap } from './errors';
import { publishedDescending } from './published-list';

export type Obituary = Row<'obituaries'>;

export const OBITUARY_COLUMNS =
  'id,name,age,death_date,biography,family,funeral_location,funeral_time,photo_url,published,created_at' as const;
export const COMMUNITY_OBITUARIES_LIMIT = 2;
export const PUBLIC_OBITUARIES_LIMIT = 100;

/** Published obituaries, most recent death first (docs/product.md §18; the community card asks for 2). */
export async function listPublishedObituaries(client: DataClient, limit = PUBLIC_OBITUARIES_LIMIT): Promise<Obituary[]> {
  return unwrap(await publishedDescending(client.from('obituaries').select(OBITUARY_COLUMNS), ['death_date'], limit));
}
