import type { ReactNode } from 'react';
import { ErrorAlert } from '../../../components/ui/alert-message';

/** What a list screen shows: its rows, or (rendered by the route's error element) why they could not be loaded. */
export type ListContent<Rows> = { rows: Rows } | { loadFailure: string };

interface ListBodyProps<Rows> {
  /** The failure the last row action (a toggle, a delete, an approval) came back with. */
  actionFailure: string | null;
  content: ListContent<Rows>;
  table: (rows: Rows) => ReactNode;
}

/** A list's body: the last row action's failure, then the table, or the load failure where the table would be. */
export function ListBody<Rows>({ actionFailure, content, table }: ListBodyProps<Rows>) {
  return (
    <>
      {actionFailure && <ErrorAlert>{actionFailure}</ErrorAlert>}
      {'rows' in content ? table(content.rows) : <ErrorAlert>{content.loadFailure}</ErrorAlert>}
    </>
  );
}
