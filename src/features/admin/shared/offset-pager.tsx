import { useLocation } from 'react-router';
import { Pager, pageSummary } from '../../../components/ui/pager';

/**
 * Offset paging for the small admin tables (media-kit requests, accounts): `?page=N`, 25 rows a page, exact totals.
 * Offset reads and skips the earlier rows, which stays cheap for tables of a few hundred rows; the big lists
 * (publications, obituaries, jobs) use keyset paging instead (resource-list-route).
 */
export const OFFSET_PAGE_SIZE = 25;

/** `?page=N` of a list address; anything but a whole number ≥ 1 reads as 1. */
export function readPageNumber(url: URL): number {
  const page = Number.parseInt(url.searchParams.get('page') ?? '1', 10);
  return Number.isInteger(page) && page > 1 ? page : 1;
}

/** `?q=` of a list address, trimmed. */
export function readSearch(url: URL): string {
  return (url.searchParams.get('q') ?? '').trim();
}

/** The same address on another page, keeping its search. */
function pageHref(pathname: string, search: string, page: number): string {
  const params = new URLSearchParams(search);
  if (page > 1) params.set('page', String(page));
  else params.delete('page');
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** 'Página 2 de 3 · 60 contas' with 'Anterior' / 'Próxima'; nothing when everything fits one page. */
export function OffsetPager({ page, total, noun }: { page: number; total: number; noun: readonly [string, string] }) {
  const { pathname, search } = useLocation();
  const pages = Math.max(1, Math.ceil(total / OFFSET_PAGE_SIZE));
  if (pages === 1 && page === 1) return null;
  return (
    <Pager
      summary={pageSummary(page, OFFSET_PAGE_SIZE, total, noun)}
      previousHref={page > 1 ? pageHref(pathname, search, Math.min(page - 1, pages)) : null}
      nextHref={page < pages ? pageHref(pathname, search, page + 1) : null}
    />
  );
}
