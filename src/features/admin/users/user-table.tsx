import type { Profile } from '../../../services/profiles';
import { ServiceError } from '../../../services/errors';
import { formatDate } from '../../../lib/dates';
import { secondaryButton } from '../../../components/ui/buttons';
import { DataTable, EmptyRow, cell, desktopCell, phoneDetails } from '../shared/data-table';

/** The message of a database refusal: its SQLSTATE looked up in `refusals`, else `fallback`. */
function refusalMessage(error: unknown, refusals: Readonly<Record<string, string>>, fallback: string): string {
  const code = error instanceof ServiceError ? error.code : undefined;
  return (code && refusals[code]) || fallback;
}

const ACCOUNT_NOT_FOUND = 'Conta não encontrada. Recarregue a página.';

/** set_profile_role's refusals (supabase/migrations/*_profiles_and_admin_role.sql), in pt-BR. */
export function roleChangeErrorMessage(error: unknown): string {
  return refusalMessage(
    error,
    {
      PF001: 'Você não pode revogar o seu próprio acesso de administrador.',
      PF002: 'Não é possível revogar o último administrador.',
      PF003: ACCOUNT_NOT_FOUND,
      '42501': 'Apenas administradores podem alterar contas.',
    },
    'Erro ao atualizar a conta. Tente novamente.',
  );
}

/** reject_pending_account's refusals (supabase/migrations/*_reject_pending_accounts.sql), in pt-BR. */
export function rejectErrorMessage(error: unknown): string {
  return refusalMessage(
    error,
    {
      PF003: ACCOUNT_NOT_FOUND,
      PF004: 'Só é possível recusar contas que aguardam aprovação.',
      PF005: 'Você não pode recusar a sua própria conta.',
      '42501': 'Apenas administradores podem recusar contas.',
    },
    'Erro ao recusar a conta. Tente novamente.',
  );
}

/** How the screen names an account: its name, else its e-mail. */
export function accountLabel(profile: Pick<Profile, 'name' | 'email'>): string {
  return profile.name || profile.email;
}

function RoleBadge({ role }: { role: Profile['role'] }) {
  return role === 'admin' ? (
    <span className="inline-flex rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-semibold text-brand-800">Administrador</span>
  ) : (
    <span className="inline-flex rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">Aguardando aprovação</span>
  );
}

interface UserTableProps {
  profiles: readonly Profile[];
  currentUserId: string;
  /**
   * How many administrators the whole table holds (countAdministrators), not this page or search: revoking is offered
   * only while another one would remain.
   */
  administrators: number;
  busyId: string | null;
  onApprove: (profile: Profile) => void;
  onRevoke: (profile: Profile) => void;
  /** Asks to reject (delete) a pending sign-up. */
  onReject: (profile: Profile) => void;
}

/**
 * docs/decisions/0001 accounts: name, e-mail, role, date; approve or reject (0013) a pending account, revoke an admin
 * (never yourself).
 */
export function UserTable({ profiles, currentUserId, administrators, busyId, onApprove, onRevoke, onReject }: UserTableProps) {
  return (
    <DataTable caption="Usuários" headers={['Nome', 'Email', 'Papel', 'Cadastro', 'Ações']} phoneHidden={['Email', 'Papel', 'Cadastro']}>
      {profiles.length === 0 && <EmptyRow colSpan={5}>Nenhuma conta cadastrada</EmptyRow>}
      {profiles.map((profile) => {
        const self = profile.id === currentUserId;
        const label = accountLabel(profile);
        return (
          <tr key={profile.id}>
            <td className={`${cell} font-medium`}>
              {profile.name || '-'}
              {self && <span className="ml-2 text-xs font-normal text-slate-600">(você)</span>}
              {/* On a phone the e-mail and role stand under the name, so the actions stay on screen. */}
              <p className={`${phoneDetails} font-normal`}>
                <span className="break-all">{profile.email}</span>
                <RoleBadge role={profile.role} />
              </p>
            </td>
            <td className={`${cell} ${desktopCell}`}>{profile.email}</td>
            <td className={`${cell} ${desktopCell}`}>
              <RoleBadge role={profile.role} />
            </td>
            <td className={`${cell} ${desktopCell} whitespace-nowrap`}>{formatDate(profile.created_at)}</td>
            <td className={`${cell} text-right`}>
              {profile.role === 'pending' && (
                <span className="inline-flex flex-wrap justify-end gap-2">
                  <button type="button" onClick={() => onApprove(profile)} disabled={busyId === profile.id} aria-label={`Aprovar: ${label}`} className={secondaryButton}>
                    Aprovar
                  </button>
                  <button
                    type="button"
                    onClick={() => onReject(profile)}
                    disabled={busyId === profile.id}
                    aria-label={`Recusar: ${label}`}
                    className={`${secondaryButton} text-red-800`}
                  >
                    Recusar
                  </button>
                </span>
              )}
              {profile.role === 'admin' && !self && administrators > 1 && (
                <button
                  type="button"
                  onClick={() => onRevoke(profile)}
                  disabled={busyId === profile.id}
                  aria-label={`Revogar acesso: ${label}`}
                  className={`${secondaryButton} text-red-800`}
                >
                  Revogar acesso
                </button>
              )}
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
