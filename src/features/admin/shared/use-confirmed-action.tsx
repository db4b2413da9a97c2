import { useState } from 'react';
import { useFetcher } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { JSON_SUBMIT, type ActionFailure } from './route-data';

interface ConfirmedActionOptions<Item> {
  /** The question the dialog asks about `item`. */
  message: (item: Item) => string;
  /** The dialog's title, when what is confirmed is not a deletion. */
  title?: string;
  confirmLabel?: string;
  /** The JSON the route's action receives once confirmed. */
  body: (item: Item) => Record<string, string>;
  idOf: (item: Item) => string;
}

/**
 * A row action that cannot be undone (a delete, a rejection): `ask(item)` opens the confirmation; confirming sends
 * `body(item)` to the route's action, and the dialog stays open (button disabled) until the action and the list's
 * reload are done. `answer` is then the action's answer, for the screen to say what happened.
 */
export function useConfirmedAction<Item, Done extends object>({ message, title, confirmLabel, body, idOf }: ConfirmedActionOptions<Item>) {
  const fetcher = useFetcher<ActionFailure | Done>();
  const [asked, setAsked] = useState<{ item: Item; confirmed: boolean } | null>(null);
  const busy = fetcher.state !== 'idle';
  const running = asked !== null && asked.confirmed && busy;

  const dialog = (
    <ConfirmDialog
      open={asked !== null && (!asked.confirmed || running)}
      title={title}
      message={asked ? message(asked.item) : ''}
      confirmLabel={confirmLabel}
      busy={running}
      onConfirm={() => {
        if (!asked) return;
        setAsked({ item: asked.item, confirmed: true });
        void fetcher.submit(body(asked.item), JSON_SUBMIT);
      }}
      onCancel={() => setAsked(null)}
    />
  );

  const answer = busy ? undefined : fetcher.data;
  return {
    ask: (item: Item) => setAsked({ item, confirmed: false }),
    dialog,
    busyId: running ? idOf(asked.item) : null,
    done: answer && !('error' in answer) ? answer : undefined,
    failure: answer && 'error' in answer ? answer.error : null,
  };
}
