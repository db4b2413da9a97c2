import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, RouterProvider, createMemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getOwnProfile } from '../../../services/profiles';
import { userFromSession } from '../../../services/auth';
import { paths } from '../../../lib/paths';
import { routeTestBackend, screenClient } from '../../../../tests/support/route-test-backend';
import { AdminSessionContext, type AdminSession } from '../layout/admin-session-context';
import * as usersRoute from './users.route';

// The accounts screen, its route (loader, action), its service and the database together: 'Recusar' really deletes
// the pending sign-up through reject_pending_account (docs/decisions/0013); 'Revogar acesso' is offered by the
// administrators the whole table holds, not those the page shows.
vi.mock('../../../services/browser-client', () => import('../../../../tests/support/route-test-backend'));
const local = routeTestBackend();

let adminSession: AdminSession;

beforeAll(async () => {
  const client = screenClient();
  const user = userFromSession((await client.auth.getSession()).data.session);
  const profile = user && (await getOwnProfile(client, user.id));
  if (!user || !profile) throw new Error('the administrator is not signed in');
  adminSession = { user, profile, role: 'admin' };
}, 60_000);

/** The screen under a stand-in for the admin layout, which provides the signed-in administrator. */
function renderUsersScreen() {
  const router = createMemoryRouter(
    [
      {
        path: paths.admin.users.pattern,
        Component: () => (
          <AdminSessionContext value={adminSession}>
            <Outlet />
          </AdminSessionContext>
        ),
        HydrateFallback: () => null,
        children: [{ index: true, ...usersRoute, HydrateFallback: () => null }],
      },
    ],
    { initialEntries: [paths.admin.users()] },
  );
  render(<RouterProvider router={router} />);
}

async function pendingSignUp(name: string): Promise<{ id: string; email: string }> {
  const email = `${name.toLowerCase().replace(/\W+/g, '-')}-${Date.now().toString(36)}@example.com`;
  const { data, error } = await local.backend.anon().auth.signUp({ email, password: 'senha-segura-1', options: { data: { name } } });
  if (error || !data.user) throw new Error(`sign-up failed: ${error?.message}`);
  return { id: data.user.id, email };
}

describe('rejecting a sign-up on the accounts screen', () => {
  it("'Recusar' asks first; cancelling keeps the account, confirming deletes it and says so", async () => {
    const person = await pendingSignUp('Rita Recusada');
    const user = userEvent.setup();
    renderUsersScreen();

    await user.click(await screen.findByRole('button', { name: 'Recusar: Rita Recusada' }));
    let dialog = screen.getByRole('dialog', { name: 'Confirmar exclusão' });
    expect(dialog).toHaveAccessibleDescription('Tem certeza que deseja recusar o cadastro de Rita Recusada? A conta será excluída.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('row', { name: new RegExp(person.email) })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Recusar: Rita Recusada' }));
    dialog = screen.getByRole('dialog', { name: 'Confirmar exclusão' });
    await user.click(within(dialog).getByRole('button', { name: 'Recusar' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Cadastro de Rita Recusada recusado. A conta foi excluída.');
    expect(screen.queryByRole('row', { name: new RegExp(person.email) })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const { data } = await local.backend.anon().auth.signInWithPassword({ email: person.email, password: 'senha-segura-1' });
    expect(data.session).toBeNull();
  });

  it('shows the refusal when the account was approved meanwhile, and keeps it', async () => {
    const person = await pendingSignUp('Beto Aprovado');
    const user = userEvent.setup();
    renderUsersScreen();
    await screen.findByRole('button', { name: 'Recusar: Beto Aprovado' });
    // Another administrator approves the account while this screen still shows it as pending.
    const { error } = await (await local.backend.admin()).rpc('set_profile_role', { target_id: person.id, new_role: 'admin' });
    expect(error).toBeNull();

    // The action logs the refusal for the developer, as every failed account change.
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await user.click(screen.getByRole('button', { name: 'Recusar: Beto Aprovado' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Confirmar exclusão' })).getByRole('button', { name: 'Recusar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Só é possível recusar contas que aguardam aprovação.');
    expect(consoleError).toHaveBeenCalledTimes(1);
    consoleError.mockRestore();
    expect(screen.getByRole('row', { name: new RegExp(person.email) })).toBeInTheDocument();
  });
});

describe('revoking an administrator found through the search', () => {
  it("offers 'Revogar acesso' on the one administrator a search shows, since another exists, and revokes it", async () => {
    const person = await pendingSignUp('Otávio Buscado');
    const { error } = await (await local.backend.admin()).rpc('set_profile_role', { target_id: person.id, new_role: 'admin' });
    expect(error).toBeNull();
    const user = userEvent.setup();
    renderUsersScreen();

    await user.type(await screen.findByRole('searchbox', { name: 'Buscar' }), person.email);
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));
    const row = screen.getByRole('row', { name: new RegExp(person.email) });
    await user.click(within(row).getByRole('button', { name: 'Revogar acesso: Otávio Buscado' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Revogar acesso' })).getByRole('button', { name: 'Revogar acesso' }));

    await waitFor(() => expect(within(screen.getByRole('row', { name: new RegExp(person.email) })).getByRole('button', { name: 'Aprovar: Otávio Buscado' })).toBeInTheDocument());
    const { data } = await (await local.backend.admin()).from('profiles').select('role').eq('id', person.id).single();
    expect(data?.role).toBe('pending');
  });
});

describe('approving with a role, and changing it', () => {
  it("approves a sign-up as the role chosen (Repórter by default), then changes it to Editor; the log says so", async () => {
    const person = await pendingSignUp('Paula Pauteira');
    const user = userEvent.setup();
    renderUsersScreen();

    const chooser = await screen.findByRole('combobox', { name: 'Papel ao aprovar: Paula Pauteira' });
    expect(chooser).toHaveValue('reporter');
    expect(within(chooser).getAllByRole('option').map((option) => option.textContent)).toEqual(['Repórter', 'Editor', 'Administrador']);
    await user.click(screen.getByRole('button', { name: 'Aprovar: Paula Pauteira' }));

    const row = () => screen.getByRole('row', { name: new RegExp(person.email) });
    await waitFor(() => expect(within(row()).getByRole('combobox', { name: 'Papel: Paula Pauteira' })).toHaveValue('reporter'));
    expect(within(row()).getAllByText('Repórter').length).toBeGreaterThan(0);
    // Nothing to apply until another role is chosen.
    expect(within(row()).getByRole('button', { name: 'Alterar papel: Paula Pauteira' })).toBeDisabled();
    await user.selectOptions(within(row()).getByRole('combobox', { name: 'Papel: Paula Pauteira' }), 'editor');
    await user.click(within(row()).getByRole('button', { name: 'Alterar papel: Paula Pauteira' }));
    await waitFor(() => expect(within(row()).getAllByText('Editor').length).toBeGreaterThan(1));

    const { data } = await (await local.backend.admin())
      .from('audit_log')
      .select('detail')
      .eq('action', 'role_change')
      .eq('subject_id', person.id)
      .order('id');
    expect(data?.map((entry) => entry.detail)).toEqual([{ from: 'pending', to: 'reporter' }, { from: 'reporter', to: 'editor' }]);
  });

  it('offers no role change on your own account', async () => {
    renderUsersScreen();
    const mine = await screen.findByRole('row', { name: new RegExp(adminSession.user.email) });
    expect(within(mine).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(mine).queryByRole('button')).not.toBeInTheDocument();
  });
});
