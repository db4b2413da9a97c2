import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { routeTestBackend, screenClient } from '../../../../tests/support/route-test-backend';
import { AdminSessionContext, type AdminSession } from '../layout/admin-session-context';
import type { StaffRole } from '../auth/permissions';
import { WeeklySummaryChoice } from './weekly-summary-choice';

// 'Minha conta's weekly audience summary choice (issue 38) on the local backend: off until ticked, kept as stored, and
// not offered to a Repórter.
vi.mock('../../../services/browser-client', () => import('../../../../tests/support/route-test-backend'));
routeTestBackend();

async function sessionAs(role: StaffRole): Promise<AdminSession> {
  const { data } = await screenClient().auth.getUser();
  const user = data.user!;
  return {
    user: { id: user.id, email: user.email ?? '', name: 'Redação' },
    profile: { id: user.id, name: 'Redação', email: user.email ?? '', role, created_at: user.created_at },
    role,
  };
}

function renderChoice(session: AdminSession) {
  render(
    <AdminSessionContext value={session}>
      <WeeklySummaryChoice />
    </AdminSessionContext>,
  );
}

describe("the weekly summary choice on 'Minha conta'", () => {
  it('is off until ticked, and stays as saved', async () => {
    const session = await sessionAs('admin');
    renderChoice(session);
    const box = await screen.findByRole('checkbox', { name: 'Receber o resumo semanal por e-mail' });
    expect(box).not.toBeChecked();
    await userEvent.click(box);
    expect(await screen.findByText('Pronto: você vai receber o resumo semanal.')).toBeInTheDocument();
    cleanup();
    renderChoice(session);
    expect(await screen.findByRole('checkbox', { name: 'Receber o resumo semanal por e-mail' })).toBeChecked();
    await userEvent.click(screen.getByRole('checkbox'));
    expect(await screen.findByText('Pronto: você não vai mais receber o resumo semanal.')).toBeInTheDocument();
  });

  it('is not offered to a Repórter', async () => {
    renderChoice(await sessionAs('reporter'));
    expect(screen.queryByRole('heading', { name: 'Resumo semanal da audiência' })).not.toBeInTheDocument();
  });
});
