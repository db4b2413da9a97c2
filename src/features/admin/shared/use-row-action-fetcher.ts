import { useState } from 'react';
import { useFetcher, type SubmitTarget } from 'react-router';
import { JSON_SUBMIT, type ActionFailure, type ActionNotice } from './route-data';

/**
 * A list's row actions (publish toggles, deletes, account approvals) through one fetcher to the route's action:
 * the acted-on row is busy (its buttons disabled) until the action and the list's reload are done, and the list
 * shows the failure the action answers, or the notice a done action may answer (a lead story that lost its mark).
 * One fetcher, as the list had one busy row and one failure before.
 */
export function useRowActionFetcher<Body extends SubmitTarget & { id: string }>() {
  const fetcher = useFetcher<ActionFailure | ActionNotice | null>();
  const [last, setLast] = useState<Body | null>(null);
  const pending = fetcher.state !== 'idle';
  return {
    run(body: Body) {
      setLast(body);
      void fetcher.submit(body, JSON_SUBMIT);
    },
    /** The row whose action is under way, or null. */
    busyId: pending ? (last?.id ?? null) : null,
    failure: pending || !fetcher.data || !('error' in fetcher.data) ? null : fetcher.data.error,
    notice: pending || !fetcher.data || !('notice' in fetcher.data) ? null : fetcher.data.notice,
  };
}
