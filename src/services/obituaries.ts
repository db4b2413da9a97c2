import type { InsertRow, Row } from '../types/database';
import { isUuid } from '../lib/uuid';
import type { Client } from './client';
import { check, unwrap, unwrapOptional } from './errors';
import { ADMIN_PAGE_SIZE, keysetFilter, searchPage, publishedFor, type AdminListPage, type AdminListQuery } from './publications';

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

/**
 * The admin obituary list, one page, most recent death first: keyset on (death_date, id) with an exact total; with a
 * search, search_obituaries (name, accents and case ignored, drafts included for an administrator), no total.
 */
export async function listObituariesPage(client: Client, query: AdminListQuery): Promise<AdminListPage<Obituary>> {
  const pageSize = query.pageSize ?? ADMIN_PAGE_SIZE;
  const published = publishedFor(query.status);
  if (query.q.trim()) {
    const q = query.q.trim();
    return searchPage(
      async (cursor, backwards, limit) =>
        unwrap(
          await client
            .rpc('search_obituaries', {
              q,
              include_drafts: true,
              page_size: limit,
              backwards,
              ...(published === null ? {} : { published }),
              ...(cursor ? { after_death_date: cursor.at, after_id: cursor.id } : {}),
            })
            .select(OBITUARY_COLUMNS),
        ),
      query,
    );
  }
  let request = client.from('obituaries').select(OBITUARY_COLUMNS, { count: 'exact' });
  if (published !== null) request = request.eq('published', published);
  const cursor = query.before ?? query.after;
  if (cursor) request = request.or(keysetFilter('death_date', cursor, query.before ? 'gt' : 'lt'));
  const ascending = query.before !== null;
  const { data, error, count, status } = await request
    .order('death_date', { ascending })
    .order('id', { ascending })
    .limit(pageSize + 1);
  const rows = unwrap({ data, error, status });
  const page = ascending ? rows.slice(0, pageSize).reverse() : rows.slice(0, pageSize);
  return { rows: page, pageSize, total: count, hasMore: ascending ? true : rows.length > pageSize };
}
