import { unwrap } from './errors';

// The admin lists' paging (publications, obituaries, jobs): keyset, newest first, a total order by (date, id).

/** The status filter of the admin lists; 'scheduled' (published, time still to come) is the publications' only. */
export type StatusFilter = 'all' | 'published' | 'draft' | 'scheduled';

/** Where a keyset page starts or ends: a row's date column and its id. */
export interface PageCursor {
  at: string;
  id: string;
}

/** One admin list page asked for: `after` gives the page older than that row, `before` the page newer than it. */
export interface AdminListQuery {
  q: string;
  status: StatusFilter;
  after: PageCursor | null;
  before: PageCursor | null;
  pageSize?: number;
}

/** One page: its rows, the total (null where only an estimate would be wrong: a search) and whether older rows follow. */
export interface AdminListPage<T> {
  rows: T[];
  /** The page size the rows were asked with (what 'de 14' divides by). */
  pageSize: number;
  total: number | null;
  hasMore: boolean;
}

export const ADMIN_PAGE_SIZE = 25;
/** A PostgREST value, quoted (timestamps carry ':' and '+'). */
function quoted(value: string): string {
  return `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
}

/** The `or` filter of the rows strictly older (`lt`) or newer (`gt`) than the cursor, ordered by (column, id). */
function keysetFilter(column: string, cursor: PageCursor, direction: 'lt' | 'gt'): string {
  return `${column}.${direction}.${quoted(cursor.at)},and(${column}.eq.${quoted(cursor.at)},id.${direction}.${cursor.id})`;
}

/** `published` for a status filter, or null for 'all' (a scheduled story is a published one whose time is to come). */
export function publishedFor(status: StatusFilter): boolean | null {
  return status === 'all' ? null : status !== 'draft';
}

/** The keyset bounds of one request: the rows strictly past `cursor` (older, or newer when `backwards`), `limit` of them. */
export interface KeysetBounds {
  cursor: PageCursor | null;
  backwards: boolean;
  /** One more than a page, to know whether more rows follow. */
  limit: number;
}

/** One admin list page's request: its keyset bounds, and the search and status filter the rows must meet. */
export interface KeysetRequest extends KeysetBounds {
  /** The search, trimmed; '' for none. */
  q: string;
  /** The status filter's `published` (publishedFor), or null for every row. */
  published: boolean | null;
}

/**
 * One admin list page, whichever way its rows are fetched: a table in keyset order (`inKeysetOrder`) or a search
 * function that walks the keyset itself (search_publication_titles, search_obituaries). Either way a page is one
 * request; `fetch` returns the rows in the order asked and the total when there is one. Going backwards ('Anterior')
 * asks oldest first and turns the rows round.
 */
export async function keysetPage<T>(
  query: AdminListQuery,
  fetch: (request: KeysetRequest) => Promise<{ rows: T[]; total: number | null }>,
): Promise<AdminListPage<T>> {
  const pageSize = query.pageSize ?? ADMIN_PAGE_SIZE;
  const backwards = query.before !== null;
  const { rows, total } = await fetch({
    cursor: query.before ?? query.after,
    backwards,
    limit: pageSize + 1,
    q: query.q.trim(),
    published: publishedFor(query.status),
  });
  const page = backwards ? rows.slice(0, pageSize).reverse() : rows.slice(0, pageSize);
  return { rows: page, pageSize, total, hasMore: backwards ? true : rows.length > pageSize };
}

/** The part of a PostgREST query this module orders and bounds (supabase-js's and postgrest-js's builders alike). */
interface KeysetOrderable<Query> {
  or(filters: string): Query;
  order(column: string, options: { ascending: boolean }): Query;
  limit(count: number): Query;
}

/** A table query in keyset order on (`column`, id), past the request's cursor and bounded by its limit. */
export function inKeysetOrder<Query extends KeysetOrderable<Query>>(query: Query, column: string, request: KeysetBounds): Query {
  const past = request.cursor ? query.or(keysetFilter(column, request.cursor, request.backwards ? 'gt' : 'lt')) : query;
  return past
    .order(column, { ascending: request.backwards })
    .order('id', { ascending: request.backwards })
    .limit(request.limit);
}

/** What a counted table query answers (supabase-js's response, with `count` asked for). */
interface CountedResponse<Row> {
  data: Row[] | null;
  error: { code?: string; message: string; details?: string | null } | null;
  count: number | null;
  status: number;
}

/** A table query the status filter narrows (`published`), which keyset order then pages. */
interface StatusFilterable<Query> extends KeysetOrderable<Query> {
  eq(column: 'published', value: boolean): Query;
}

/**
 * One page of a table without a search, for `keysetPage`: `query` (its columns and count already chosen) narrowed to
 * the request's `published` when the status filter gives one, in keyset order on (`column`, id), with the count as the total.
 */
export async function tableKeysetRows<Row, Query extends StatusFilterable<Query> & PromiseLike<CountedResponse<Row>>>(
  query: Query,
  column: string,
  request: KeysetRequest,
): Promise<{ rows: Row[]; total: number | null }> {
  const { published } = request;
  const narrowed = published === null ? query : query.eq('published', published);
  const { data, error, count, status } = await inKeysetOrder(narrowed, column, request);
  return { rows: unwrap({ data, error, status }), total: count };
}
