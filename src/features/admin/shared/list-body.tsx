import type { ReactNode } from 'react';
import { ErrorAlert, SuccessNotice } from '../../../components/ui/alert-message';

/** What a list screen shows: its rows, or (rendered by the route's error element) why they could not be loaded. */
export type ListContent<Rows> = { rows: Rows } | { loadFailure: string };

interface ListBodyProps<Rows> {
  /** The failure the last row action (a toggle, a delete, an approval) came back with. */
  actionFailure: string | null;
  /** What the last row action, done, had to say (a lead story that lost its mark); none by default. */
  actionNotice?: string | null;
  content: ListContent<Rows>;
  table: (rows: Rows) => ReactNode;
}

/** What a confirmed row action (a delete, a rejection: useConfirmedAction) came back with, above the list. */
export function ConfirmedActionOutcome({ notice, failure }: { notice: string | null; failure: string | null }) {
  return (
    <>
      {notice && <SuccessNotice>{notice}</SuccessNotice>}
      {failure && <ErrorAlert>{failure}</ErrorAlert>}
    </>
  );
}

/** A list's body: the last row action's failure or notice, then the table, or the load failure where the table would be. */
export function ListBody<Rows>({ actionFailure, actionNotice = null, content, table }: ListBodyProps<Rows>) {
  return (
    <>
      {actionFailure && <ErrorAlert>{actionFailure}</ErrorAlert>}
      {actionNotice && <SuccessNotice>{actionNotice}</SuccessNotice>}
      {'rows' in content ? table(content.rows) : <ErrorAlert>{content.loadFailure}</ErrorAlert>}
    </>
  );
}
