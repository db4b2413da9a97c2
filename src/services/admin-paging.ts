// The admin lists' paging (publications, obituaries, jobs): keyset, newest first, a total order by (date, id).

/** The status filter of the admin lists. */
export type StatusFilter = 'all' | 'published' | 'draft';

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
export function keysetFilter(column: string, cursor: PageCursor, direction: 'lt' | 'gt'): string {
  return `${column}.${direction}.${quoted(cursor.at)},and(${column}.eq.${quoted(cursor.at)},id.${direction}.${cursor.id})`;
}

/** `published` for a status filter, or null for 'all'. */
export function publishedFor(status: StatusFilter): boolean | null {
  return status === 'all' ? null : status === 'published';
}

/**
 * One page of an admin search function (search_publication_titles, search_obituaries): it filters by status and
 * walks the keyset in either direction itself, so a page is one request. `fetch` gets the cursor, whether to go
 * backwards (oldest first, for 'Anterior') and how many rows to ask for (one more than a page, to know if more exist).
 */
export async function searchPage<T>(
  fetch: (cursor: PageCursor | null, backwards: boolean, limit: number) => Promise<T[]>,
  query: AdminListQuery,
): Promise<AdminListPage<T>> {
  const pageSize = query.pageSize ?? ADMIN_PAGE_SIZE;
  const backwards = query.before !== null;
  const rows = await fetch(query.before ?? query.after, backwards, pageSize + 1);
  const page = backwards ? rows.slice(0, pageSize).reverse() : rows.slice(0, pageSize);
  return { rows: page, pageSize, total: null, hasMore: backwards ? true : rows.length > pageSize };
}
