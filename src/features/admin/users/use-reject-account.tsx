import { useState } from 'react';
import { useFetcher } from 'react-router';
import type { Profile } from '../../../services/profiles';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { JSON_SUBMIT, type ActionFailure } from '../shared/route-data';
import { accountLabel } from './user-table';

/** What the users route's action answers a rejection: the account's label when done, or the failure. */
type RejectAnswer = ActionFailure | { rejected: string };

/**
 * 'Recusar' on a pending sign-up (docs/decisions/0013), the deletes' pattern: `ask(profile)` opens the confirmation;
 * confirming sends `{ intent: 'reject' }` to the route's action, the dialog stays open (button disabled) until the
 * delete and the list's reload are done, then the screen says what happened.
 */
export function useRejectAccount() {
  const fetcher = useFetcher<RejectAnswer>();
  const [asked, setAsked] = useState<{ profile: Profile; confirmed: boolean } | null>(null);
  const busy = fetcher.state !== 'idle';
  const deleting = asked !== null && asked.confirmed && busy;
  const answer = busy ? undefined : fetcher.data;

  const dialog = (
    <ConfirmDialog
      open={asked !== null && (!asked.confirmed || deleting)}
      message={
        asked ? `Tem certeza que deseja recusar o cadastro de ${accountLabel(asked.profile)}? A conta será excluída.` : ''
      }
      confirmLabel="Recusar"
      busy={deleting}
      onConfirm={() => {
        if (!asked) return;
        setAsked({ profile: asked.profile, confirmed: true });
        void fetcher.submit({ intent: 'reject', id: asked.profile.id, label: accountLabel(asked.profile) }, JSON_SUBMIT);
      }}
      onCancel={() => setAsked(null)}
    />
  );

  return {
    ask: (profile: Profile) => setAsked({ profile, confirmed: false }),
    dialog,
    busyId: deleting ? asked.profile.id : null,
    notice: answer && 'rejected' in answer ? `Cadastro de ${answer.rejected} recusado. A conta foi excluída.` : null,
    failure: answer && 'error' in answer ? answer.error : null,
  };
}
