import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ServiceError } from '../../../services/errors';
import type { Profile } from '../../../services/profiles';
import { UserTable, rejectErrorMessage, roleChangeErrorMessage } from './user-table';

const me: Profile = { id: 'me', name: 'Redação', email: 'redacao@example.com', role: 'admin', created_at: '2026-10-01T12:00:00Z' };
const other: Profile = { id: 'o', name: 'Bia', email: 'bia@example.com', role: 'admin', created_at: '2026-10-02T12:00:00Z' };
const pending: Profile = { id: 'p', name: 'Caio', email: 'caio@example.com', role: 'pending', created_at: '2026-10-05T12:00:00Z' };

/** `administrators`: how many the whole table holds (the screen counts them apart from the page). */
function renderTable(profiles: Profile[], administrators = profiles.filter((profile) => profile.role === 'admin').length) {
  const onApprove = vi.fn();
  const onRevoke = vi.fn();
  const onReject = vi.fn();
  render(
    <UserTable
      profiles={profiles}
      currentUserId="me"
      administrators={administrators}
      busyId={null}
      onSetRole={onApprove}
      onRevoke={onRevoke}
      onReject={onReject}
    />,
  );
  return { onApprove, onRevoke, onReject };
}

describe('UserTable', () => {
  it('shows name, e-mail, role and date; approves pending accounts; revokes other admins, never yourself', async () => {
    const { onApprove, onRevoke, onReject } = renderTable([me, other, pending]);
    const mine = screen.getByRole('row', { name: /redacao@example.com/ });
    expect(within(mine).getByText('(você)')).toBeInTheDocument();
    expect(within(mine).queryByRole('button')).not.toBeInTheDocument();

    const pendingRow = screen.getByRole('row', { name: /caio@example.com/ });
    // Twice in the DOM: under the name on a phone and in its column on a desktop (CSS shows one).
    expect(within(pendingRow).getAllByText('Aguardando aprovação')).toHaveLength(2);
    expect(within(pendingRow).getByText('05/10/2026')).toBeInTheDocument();
    await userEvent.click(within(pendingRow).getByRole('button', { name: 'Aprovar: Caio' }));
    expect(onApprove).toHaveBeenCalledWith(pending, 'reporter');
    await userEvent.click(within(pendingRow).getByRole('button', { name: 'Recusar: Caio' }));
    expect(onReject).toHaveBeenCalledWith(pending);
    // Only pending sign-ups can be rejected.
    expect(screen.getAllByRole('button', { name: /^Recusar/ })).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Revogar acesso: Bia' }));
    expect(onRevoke).toHaveBeenCalledWith(other);
  });

  it('approves as the role chosen, and changes an approved account to another role', async () => {
    const reporter: Profile = { ...other, id: 'r', name: 'Rui', email: 'rui@example.com', role: 'reporter' };
    const { onApprove } = renderTable([me, reporter, pending]);
    const pendingRow = screen.getByRole('row', { name: /caio@example.com/ });
    await userEvent.selectOptions(within(pendingRow).getByRole('combobox', { name: 'Papel ao aprovar: Caio' }), 'editor');
    await userEvent.click(within(pendingRow).getByRole('button', { name: 'Aprovar: Caio' }));
    expect(onApprove).toHaveBeenLastCalledWith(pending, 'editor');

    const reporterRow = screen.getByRole('row', { name: /rui@example.com/ });
    expect(within(reporterRow).getAllByText('Repórter').length).toBeGreaterThan(0);
    await userEvent.selectOptions(within(reporterRow).getByRole('combobox', { name: 'Papel: Rui' }), 'admin');
    await userEvent.click(within(reporterRow).getByRole('button', { name: 'Alterar papel: Rui' }));
    expect(onApprove).toHaveBeenLastCalledWith(reporter, 'admin');
    // A reporter's access can be revoked whatever the number of administrators.
    expect(within(reporterRow).getByRole('button', { name: 'Revogar acesso: Rui' })).toBeInTheDocument();
  });

  it('offers no revoke when only one admin is left', () => {
    renderTable([me, pending]);
    expect(screen.queryByRole('button', { name: /Revogar/ })).not.toBeInTheDocument();
  });

  it('offers revoking an administrator shown alone (a search) when the table holds another', () => {
    renderTable([other], 2);
    expect(screen.getByRole('button', { name: 'Revogar acesso: Bia' })).toBeInTheDocument();
  });
});

describe('roleChangeErrorMessage', () => {
  it.each([
    ['PF001', 'Você não pode mudar o seu próprio papel de administrador.'],
    ['PF002', 'Não é possível tirar o papel do último administrador.'],
    ['42501', 'Apenas administradores podem alterar contas.'],
    [undefined, 'Erro ao atualizar a conta. Tente novamente.'],
  ])('maps SQLSTATE %s', (code, message) => {
    expect(roleChangeErrorMessage(new ServiceError('x', { code }))).toBe(message);
  });
});

describe('rejectErrorMessage', () => {
  it.each([
    ['PF003', 'Conta não encontrada. Recarregue a página.'],
    ['PF004', 'Só é possível recusar contas que aguardam aprovação.'],
    ['PF005', 'Você não pode recusar a sua própria conta.'],
    ['42501', 'Apenas administradores podem recusar contas.'],
    [undefined, 'Erro ao recusar a conta. Tente novamente.'],
  ])('maps SQLSTATE %s', (code, message) => {
    expect(rejectErrorMessage(new ServiceError('x', { code }))).toBe(message);
  });
});
