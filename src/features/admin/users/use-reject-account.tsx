import type { Profile } from '../../../services/profiles';
import { useConfirmedAction } from '../shared/use-confirmed-action';
import { accountLabel } from './user-table';

/** 'Recusar' on a pending sign-up (docs/decisions/0013): confirmed first, since the account is deleted. */
export function useRejectAccount() {
  const action = useConfirmedAction<Profile, { rejected: string }>({
    message: (profile) => `Tem certeza que deseja recusar o cadastro de ${accountLabel(profile)}? A conta será excluída.`,
    confirmLabel: 'Recusar',
    body: (profile) => ({ intent: 'reject', id: profile.id, label: accountLabel(profile) }),
    idOf: (profile) => profile.id,
  });
  return {
    ...action,
    notice: action.done ? `Cadastro de ${action.done.rejected} recusado. A conta foi excluída.` : null,
  };
}
