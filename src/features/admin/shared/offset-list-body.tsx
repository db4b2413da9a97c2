import type { ReactNode } from 'react';
import { ConfirmedActionOutcome, ListBody } from './list-body';
import { ListSearchForm } from './list-search-form';
import { OffsetPager } from './offset-pager';

/** Where an offset-paged list is: its page, the rows in the whole (searched) table, and the search. */
export interface OffsetPaging {
  page: number;
  total: number;
  q: string;
}

/** The loaded rows and where they stand, or, on the error element's screen, why they could not be loaded (no search box and no pager then). */
export type OffsetListContent<Row> = { rows: readonly Row[]; paging: OffsetPaging } | { loadFailure: string };

/** A row action as the list body needs it: the row it is under way for, and its failure. */
interface RunningAction {
  busyId: string | null;
  failure: string | null;
}

interface OffsetListBodyProps<Row> {
  content: OffsetListContent<Row>;
  /** What the rows are called in the pager ('pedido', 'pedidos'). */
  noun: readonly [string, string];
  /** The screen's confirmed action (a delete, a rejection: useConfirmedAction) and what it came back with. */
  confirmed: RunningAction & { notice: string | null };
  /** The plain row actions (a toggle, an approval: useRowActionFetcher). */
  rowActions: RunningAction;
  /** The table of the rows; `busyId` is the row either action is under way for (its buttons disabled). */
  table: (rows: readonly Row[], busyId: string | null) => ReactNode;
  /** Said instead of the table when a search finds nothing; without it the table shows its own empty text. */
  searchFoundNothing?: string;
}

/**
 * The body of the small tables' screens (media-kit requests, accounts), under the page header: the confirmed action's
 * outcome, the search box, the list (or why it could not be loaded) and the offset pager (offset-pager.tsx).
 */
export function OffsetListBody<Row>({ content, noun, confirmed, rowActions, table, searchFoundNothing }: OffsetListBodyProps<Row>) {
  const paging = 'paging' in content ? content.paging : undefined;
  const foundNothing = searchFoundNothing !== undefined && paging?.q && 'rows' in content && content.rows.length === 0;
  const busyId = rowActions.busyId ?? confirmed.busyId;
  return (
    <div className="space-y-4">
      <ConfirmedActionOutcome notice={confirmed.notice} failure={confirmed.failure} />
      {paging && <ListSearchForm q={paging.q} />}
      {foundNothing ? <p className="text-slate-700">{searchFoundNothing}</p> : <ListBody actionFailure={rowActions.failure} content={content} table={(rows) => table(rows, busyId)} />}
      {paging && <OffsetPager page={paging.page} total={paging.total} noun={noun} />}
    </div>
  );
}
