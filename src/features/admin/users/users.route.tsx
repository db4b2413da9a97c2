import { useCallback, useState } from 'react';
import { browserClient } from '../../../services/browser-client';
import { listProfiles, setProfileRole, type Profile } from '../../../services/profiles';
import type { ProfileRole } from '../../../types/database';
import { Modal } from '../../../components/ui/modal';
import { ErrorAlert, LoadingMessage } from '../../../components/ui/alert-message';
import { AdminRouteError } from '../shared/admin-route-error';
import { primaryButton, secondaryButton } from '../../../components/ui/buttons';
import { PageHeader } from '../shared/page-header';
import { useAsyncData } from '../shared/use-async-data';
import { useAdminSession } from '../layout/admin-session-context';
import { UserTable, roleChangeErrorMessage } from './user-table';

export function Component() {
  const { user } = useAdminSession();
  const load = useCallback(() => listProfiles(browserClient()), []);
  const { state, reload } = useAsyncData(load);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<Profile | null>(null);

  async function changeRole(profile: Profile, role: ProfileRole) {
    setBusyId(profile.id);
    setFailure(null);
    try {
      await setProfileRole(browserClient(), profile.id, role);
      reload();
    } catch (error) {
      console.error(error);
      setFailure(roleChangeErrorMessage(error));
    } finally {
      setBusyId(null);
    }
  }

  return (
    <>
      <PageHeader title="Usuários" />
      <p className="-mt-3 mb-6 text-sm text-slate-700">
        Novas contas só podem publicar depois de aprovadas por um administrador.
      </p>
      <div className="space-y-4">
        {failure && <ErrorAlert>{failure}</ErrorAlert>}
        {state.status === 'loading' && <LoadingMessage />}
        {state.status === 'error' && <ErrorAlert>Erro ao carregar as contas.</ErrorAlert>}
        {state.status === 'success' && (
          <UserTable
            profiles={state.data}
            currentUserId={user.id}
            busyId={busyId}
            onApprove={(profile) => void changeRole(profile, 'admin')}
            onRevoke={setRevoking}
          />
        )}
      </div>
      <Modal
        open={revoking !== null}
        title="Revogar acesso"
        description={revoking ? `${revoking.name || revoking.email} deixará de poder gerenciar o conteúdo do site.` : undefined}
        onClose={() => setRevoking(null)}
        size="sm"
      >
        <div className="flex justify-end gap-3">
          <button type="button" onClick={() => setRevoking(null)} className={secondaryButton}>
            Cancelar
          </button>
          <button
            type="button"
            className={`${primaryButton} bg-red-700 hover:bg-red-800`}
            onClick={() => {
              const target = revoking;
              setRevoking(null);
              if (target) void changeRole(target, 'pending');
            }}
          >
            Revogar acesso
          </button>
        </div>
      </Modal>
    </>
  );
}

export const ErrorBoundary = AdminRouteError;
