import type { InsertRow } from '../types/database';
import { isUuid } from '../lib/uuid';
import { keysetPage, tableKeysetRows, type AdminListPage, type AdminListQuery } from './admin-paging';
import { publishableRows } from './admin-rows';
import type { DataClient } from './client';
import { unwrap, unwrapOptional } from './errors';
import { OBITUARY_COLUMNS, type Obituary } from './obituaries';

// The newsroom's side of the obituaries: drafts, writes and the admin list (the reader's query is in ./obituaries).

export type ObituaryInput = Omit<InsertRow<'obituaries'>, 'id' | 'created_at'>;

export const ADMIN_LIST_LIMIT = 200;

export async function listAllObituaries(client: DataClient, limit = ADMIN_LIST_LIMIT): Promise<Obituary[]> {
  return unwrap(
    await client.from('obituaries').select(OBITUARY_COLUMNS).order('death_date', { ascending: false }).limit(limit),
  );
}

/** One obituary, drafts included (the editor's); null when no row has this id. */
export async function getObituary(client: DataClient, id: string): Promise<Obituary | null> {
  if (!isUuid(id)) return null;
  return unwrapOptional(await client.from('obituaries').select(OBITUARY_COLUMNS).eq('id', id).maybeSingle());
}

export async function saveObituary(client: DataClient, input: ObituaryInput, id?: string): Promise<Obituary> {
  const query = id ? client.from('obituaries').update(input).eq('id', id) : client.from('obituaries').insert(input);
  return unwrap(await query.select(OBITUARY_COLUMNS).single());
}

export const { setPublished: setObituaryPublished, remove: deleteObituary } = publishableRows('obituaries');

/**
 * The admin obituary list, one page, most recent death first: keyset on (death_date, id) with an exact total; with a
 * search, search_obituaries (name, accents and case ignored, drafts included for an administrator), no total.
 */
export async function listObituariesPage(client: DataClient, query: AdminListQuery): Promise<AdminListPage<Obituary>> {
  return keysetPage(query, async (request) => {
    const { q, published, cursor, backwards, limit } = request;
    if (q) {
      const found = await client
        .rpc('search_obituaries', {
          q,
          include_drafts: true,
          page_size: limit,
          backwards,
          ...(published === null ? {} : { published }),
          ...(cursor ? { after_death_date: cursor.at, after_id: cursor.id } : {}),
        })
        .select(OBITUARY_COLUMNS);
      return { rows: unwrap(found), total: null };
    }
    const all = client.from('obituaries').select(OBITUARY_COLUMNS, { count: 'exact' });
    return tableKeysetRows(all, 'death_date', request);
  });
}
