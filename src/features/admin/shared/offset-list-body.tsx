import type { ReactNode } from 'react';
import { ConfirmedActionOutcome, ListBody, type ListContent } from './list-body';
import { ListSearchForm } from './list-search-form';
import { OffsetPager } from './offset-pager';

/** Where an offset-paged list is: its page, the rows in the whole (searched) table, and the search. */
export interface OffsetPaging {
  page: number;
  total: number;
  q: string;
}

interface OffsetListBodyProps<Row> {
  content: ListContent<readonly Row[]>;
  /** Absent on the error element's screen (the loader failed): no search box and no pager then. */
  paging?: OffsetPaging;
  /** What the rows are called in the pager ('pedido', 'pedidos'). */
  noun: readonly [string, string];
  /** What the screen's confirmed action (a delete, a rejection) came back with. */
  confirmed: { notice: string | null; failure: string | null };
  /** The failure of the last plain row action (a toggle, an approval). */
  actionFailure: string | null;
  table: (rows: readonly Row[]) => ReactNode;
  /** Said instead of the table when a search finds nothing; without it the table shows its own empty text. */
  searchFoundNothing?: string;
}

/**
 * The body of the small tables' screens (media-kit requests, accounts), under the page header: the confirmed action's
 * outcome, the search box, the list (or why it could not be loaded) and the offset pager (offset-pager.tsx).
 */
export function OffsetListBody<Row>({ content, paging, noun, confirmed, actionFailure, table, searchFoundNothing }: OffsetListBodyProps<Row>) {
  const foundNothing = searchFoundNothing !== undefined && paging?.q && 'rows' in content && content.rows.length === 0;
  return (
    <div className="space-y-4">
      <ConfirmedActionOutcome notice={confirmed.notice} failure={confirmed.failure} />
      {paging && <ListSearchForm q={paging.q} />}
      {foundNothing ? <p className="text-slate-700">{searchFoundNothing}</p> : <ListBody actionFailure={actionFailure} content={content} table={table} />}
      {paging && <OffsetPager page={paging.page} total={paging.total} noun={noun} />}
    </div>
  );
}
