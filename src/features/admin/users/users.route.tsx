import { useState } from 'react';
import { useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { browserClient } from '../../../services/browser-client';
import { countAdministrators, listProfilesPage, rejectPendingAccount, setProfileRole, type Profile } from '../../../services/profiles';
import type { ProfileRole } from '../../../types/database';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { requireAdmin } from '../auth/admin-access';
import { useAdminSession } from '../layout/admin-session-context';
import { AdminRouteError } from '../shared/admin-route-error';
import { OffsetListBody, type OffsetListContent } from '../shared/offset-list-body';
import { OFFSET_PAGE_SIZE, readPageNumber, readSearch } from '../shared/offset-pager';
import { PageHeader } from '../shared/page-header';
import { actionFailure, loadScreenData, readJson } from '../shared/route-data';
import { useRowActionFetcher } from '../shared/use-row-action-fetcher';
import { useRejectAccount } from './use-reject-account';
import { UserTable, rejectErrorMessage, roleChangeErrorMessage } from './user-table';

type RoleChange = { intent: 'role'; id: string; role: ProfileRole };
/** Rejecting a sign-up (docs/decisions/0013); the label is for the success message. */
type Rejection = { intent: 'reject'; id: string; label: string };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const page = readPageNumber(url);
  const q = readSearch(url);
  const [result, administrators] = await loadScreenData('Erro ao carregar as contas.', () =>
    Promise.all([listProfilesPage(browserClient(), page, OFFSET_PAGE_SIZE, q), countAdministrators(browserClient())]),
  );
  return { page, q, administrators, ...result };
}

/**
 * Approves an account with a role or changes it (admin, editor, reporter: docs/decisions/0037), revokes it (pending),
 * or rejects (deletes) a pending one; the database refuses what docs/decisions/0001 and 0013 forbid.
 */
export async function action({ request }: ActionFunctionArgs) {
  const body = await readJson<RoleChange | Rejection>(request);
  if (body.intent === 'reject') {
    try {
      await rejectPendingAccount(browserClient(), body.id);
      return { rejected: body.label };
    } catch (error) {
      console.error(error);
      return actionFailure(rejectErrorMessage(error));
    }
  }
  try {
    await setProfileRole(browserClient(), body.id, body.role);
    return null;
  } catch (error) {
    console.error(error);
    return actionFailure(roleChangeErrorMessage(error));
  }
}

/** docs/decisions/0001 accounts: approve a pending account, revoke an admin after a confirmation. */
function UsersScreen({
  content,
  administrators = 0,
}: {
  content: OffsetListContent<Profile>;
  /** Administrators in the whole table (up to 2), not on this page: 'Revogar acesso' needs another one to remain. */
  administrators?: number;
}) {
  const { user } = useAdminSession();
  const roles = useRowActionFetcher<RoleChange>();
  const rejection = useRejectAccount();
  const [revoking, setRevoking] = useState<Profile | null>(null);

  return (
    <>
      <PageHeader title="Usuários" />
      <p className="-mt-3 mb-6 text-sm text-slate-700">
        Novas contas só entram no painel depois de aprovadas por um administrador, com um papel: Repórter escreve e
        envia para revisão; Editor publica e cuida de todo o conteúdo; Administrador também cuida das contas e das
        configurações.
      </p>
      <OffsetListBody
        content={content}
        noun={['conta', 'contas']}
        confirmed={rejection}
        rowActions={roles}
        table={(profiles, busyId) => (
          <UserTable
            profiles={profiles}
            currentUserId={user.id}
            administrators={administrators}
            busyId={busyId}
            onSetRole={(profile, role) => roles.run({ intent: 'role', id: profile.id, role })}
            onRevoke={setRevoking}
            onReject={rejection.ask}
          />
        )}
      />
      <ConfirmDialog
        open={revoking !== null}
        title="Revogar acesso"
        message={revoking ? `${revoking.name || revoking.email} deixará de ter acesso ao painel e voltará a aguardar aprovação.` : ''}
        confirmLabel="Revogar acesso"
        onConfirm={() => {
          const target = revoking;
          setRevoking(null);
          if (target) roles.run({ intent: 'role', id: target.id, role: 'pending' });
        }}
        onCancel={() => setRevoking(null)}
      />
      {rejection.dialog}
    </>
  );
}

export function Component() {
  const { page, q, rows, total, administrators } = useLoaderData<typeof loader>();
  return <UsersScreen content={{ rows, paging: { page, total, q } }} administrators={administrators} />;
}

export function ErrorBoundary() {
  return <AdminRouteError onLoadFailure={(loadFailure) => <UsersScreen content={{ loadFailure }} />} />;
}
