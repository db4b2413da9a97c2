import type { InsertRow, Row } from '../types/database';
import { isUuid } from '../lib/uuid';
import type { Client } from './client';
import { check, unwrap, unwrapOptional } from './errors';

export type Obituary = Row<'obituaries'>;
export type ObituaryInput = Omit<InsertRow<'obituaries'>, 'id' | 'created_at'>;

const OBITUARY_COLUMNS =
  'id,name,age,death_date,biography,family,funeral_location,funeral_time,photo_url,published,created_at' as const;
export const COMMUNITY_OBITUARIES_LIMIT = 2;
export const PUBLIC_OBITUARIES_LIMIT = 100;
export const ADMIN_LIST_LIMIT = 200;

/** Published obituaries, most recent death first (docs/product.md §18; the community card asks for 2). */
export async function listPublishedObituaries(client: Client, limit = PUBLIC_OBITUARIES_LIMIT): Promise<Obituary[]> {
  return unwrap(
    await client
      .from('obituaries')
      .select(OBITUARY_COLUMNS)
      .eq('published', true)
      .order('death_date', { ascending: false })
      .limit(limit),
  );
}

export async function listAllObituaries(client: Client, limit = ADMIN_LIST_LIMIT): Promise<Obituary[]> {
  return unwrap(
    await client.from('obituaries').select(OBITUARY_COLUMNS).order('death_date', { ascending: false }).limit(limit),
  );
}

/** One obituary, drafts included (the editor's); null when no row has this id. */
export async function getObituary(client: Client, id: string): Promise<Obituary | null> {
  if (!isUuid(id)) return null;
  return unwrapOptional(await client.from('obituaries').select(OBITUARY_COLUMNS).eq('id', id).maybeSingle());
}

export async function saveObituary(client: Client, input: ObituaryInput, id?: string): Promise<Obituary> {
  const query = id ? client.from('obituaries').update(input).eq('id', id) : client.from('obituaries').insert(input);
  return unwrap(await query.select(OBITUARY_COLUMNS).single());
}

export async function setObituaryPublished(client: Client, id: string, published: boolean): Promise<void> {
  check(await client.from('obituaries').update({ published }).eq('id', id));
}

export async function deleteObituary(client: Client, id: string): Promise<void> {
  check(await client.from('obituaries').delete().eq('id', id));
}
