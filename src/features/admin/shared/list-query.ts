import { isUuid } from '../../../lib/uuid';
import type { AdminListQuery, PageCursor, StatusFilter } from '../../../services/admin-paging';

/** What an admin list's address says: `?q=&status=&page=` and the keyset cursor (`after` or `before`, 'date,id'). */
export interface ListLocation {
  q: string;
  status: StatusFilter;
  page: number;
  after: PageCursor | null;
  before: PageCursor | null;
}

const STATUSES: readonly StatusFilter[] = ['all', 'published', 'draft', 'scheduled'];

/** 'date,id' → a cursor; anything else (a hand-edited address) → null. */
export function parseCursor(value: string | null): PageCursor | null {
  if (!value) return null;
  const comma = value.lastIndexOf(',');
  const at = value.slice(0, comma);
  const id = value.slice(comma + 1);
  return comma > 0 && isUuid(id) && !Number.isNaN(Date.parse(at)) ? { at, id } : null;
}

export function formatCursor(cursor: PageCursor): string {
  return `${cursor.at},${cursor.id}`;
}

/**
 * Reads a list address. A page number without a cursor (typed by hand) cannot be reached without reading every
 * earlier page, so it reads as page 1.
 */
export function readListLocation(url: URL): ListLocation {
  const params = url.searchParams;
  const status = params.get('status');
  const after = parseCursor(params.get('after'));
  const before = after ? null : parseCursor(params.get('before'));
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return {
    q: (params.get('q') ?? '').trim(),
    status: STATUSES.find((known) => known === status) ?? 'all',
    page: (after || before) && Number.isInteger(page) && page > 1 ? page : 1,
    after,
    before,
  };
}

export function toServiceQuery(location: ListLocation): AdminListQuery {
  return { q: location.q, status: location.status, after: location.after, before: location.before };
}

/** The address ('/admin/jobs?q=…&status=…&page=…&after=…') of a page of the same search and filter. */
export function listHref(
  pathname: string,
  location: Pick<ListLocation, 'q' | 'status'>,
  page: number,
  cursor: { after: PageCursor } | { before: PageCursor } | null,
): string {
  const params = new URLSearchParams();
  if (location.q) params.set('q', location.q);
  if (location.status !== 'all') params.set('status', location.status);
  if (page > 1 && cursor) {
    params.set('page', String(page));
    if ('after' in cursor) params.set('after', formatCursor(cursor.after));
    else params.set('before', formatCursor(cursor.before));
  }
  const search = params.toString();
  return search ? `${pathname}?${search}` : pathname;
}
