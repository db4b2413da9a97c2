import { useId, useState } from 'react';
import type { Profile } from '../../../services/profiles';
import type { ProfileRole } from '../../../types/database';
import { ServiceError } from '../../../services/errors';
import { ROLE_LABELS, type StaffRole } from '../auth/permissions';
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
      PF001: 'Você não pode mudar o seu próprio papel de administrador.',
      PF002: 'Não é possível tirar o papel do último administrador.',
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

const BADGE_LOOKS: Record<ProfileRole, string> = {
  admin: 'bg-brand-100 text-brand-800',
  editor: 'bg-emerald-100 text-emerald-900',
  reporter: 'bg-slate-200 text-slate-800',
  pending: 'bg-amber-100 text-amber-900',
};

function RoleBadge({ role }: { role: ProfileRole }) {
  return <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${BADGE_LOOKS[role]}`}>{ROLE_LABELS[role]}</span>;
}

/** The roles an approval or a change may give, least power first (an approval starts from Repórter). */
const STAFF_ROLES: readonly StaffRole[] = ['reporter', 'editor', 'admin'];

/** A role to choose and the button that applies it: 'Aprovar' for a pending account, 'Alterar papel' for another. */
function RoleChooser({
  profile,
  busy,
  onChoose,
}: {
  profile: Profile;
  busy: boolean;
  onChoose: (role: StaffRole) => void;
}) {
  const pending = profile.role === 'pending';
  const [role, setRole] = useState<StaffRole>(profile.role === 'pending' ? 'reporter' : profile.role);
  const selectId = useId();
  const label = accountLabel(profile);
  return (
    <span className="inline-flex flex-wrap items-center justify-end gap-2">
      <label htmlFor={selectId} className="sr-only">
        {pending ? `Papel ao aprovar: ${label}` : `Papel: ${label}`}
      </label>
      <select
        id={selectId}
        value={role}
        disabled={busy}
        onChange={(event) => setRole(event.target.value as StaffRole)}
        className="rounded-md border border-slate-300 bg-white px-2 py-2 text-sm text-slate-900"
      >
        {STAFF_ROLES.map((value) => (
          <option key={value} value={value}>
            {ROLE_LABELS[value]}
          </option>
        ))}
      </select>
      <button
        type="button"
        onClick={() => onChoose(role)}
        disabled={busy || (!pending && role === profile.role)}
        aria-label={`${pending ? 'Aprovar' : 'Alterar papel'}: ${label}`}
        className={secondaryButton}
      >
        {pending ? 'Aprovar' : 'Alterar papel'}
      </button>
    </span>
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
  /** Approves a pending account, or changes an approved one's role, to `role`. */
  onSetRole: (profile: Profile, role: StaffRole) => void;
  onRevoke: (profile: Profile) => void;
  /** Asks to reject (delete) a pending sign-up. */
  onReject: (profile: Profile) => void;
}

/**
 * docs/decisions/0001 accounts: name, e-mail, role, date; approve with a role (0037) or reject (0013) a pending
 * account, change another account's role, revoke its access (never yourself; an administrator only while another
 * one remains).
 */
export function UserTable({ profiles, currentUserId, administrators, busyId, onSetRole, onRevoke, onReject }: UserTableProps) {
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
                  <RoleChooser profile={profile} busy={busyId === profile.id} onChoose={(role) => onSetRole(profile, role)} />
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
              {profile.role !== 'pending' && !self && (profile.role !== 'admin' || administrators > 1) && (
                <span className="inline-flex flex-wrap justify-end gap-2">
                  <RoleChooser profile={profile} busy={busyId === profile.id} onChoose={(role) => onSetRole(profile, role)} />
                  <button
                    type="button"
                    onClick={() => onRevoke(profile)}
                    disabled={busyId === profile.id}
                    aria-label={`Revogar acesso: ${label}`}
                    className={`${secondaryButton} text-red-800`}
                  >
                    Revogar acesso
                  </button>
                </span>
              )}
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
