import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LoaderFunctionArgs } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { paths } from '../../../lib/paths';
import { routeTestBackend, screenClient, setScreenClient } from '../../../../tests/support/route-test-backend';
import { requireAdmin } from '../auth/admin-access';
import { renderRoute } from '../testing/render-route';
import * as layoutRoute from './admin-layout.route';

// A sign-up refused (deleted: docs/decisions/0013) while its tab shows the approval notice, with the layout, its
// services and the local backend together: the tab's next check finds no profile and says what happened.
vi.mock('../../../services/browser-client', () => import('../../../../tests/support/route-test-backend'));
const local = routeTestBackend({ screenSignedIn: 'nobody' });


/** A new account (pending), signed in in this "browser". */
async function signedInSignUp(name: string): Promise<{ id: string; email: string }> {
  const email = `${name.toLowerCase().replace(/\W+/g, '-')}-${Date.now().toString(36)}@example.com`;
  const { data, error } = await local.backend.anon().auth.signUp({ email, password: 'senha-segura-1', options: { data: { name } } });
  if (error || !data.user) throw new Error(`sign-up failed: ${error?.message}`);
  const client = local.backend.anon();
  setScreenClient(client);
  const signIn = await client.auth.signInWithPassword({ email, password: 'senha-segura-1' });
  if (signIn.error) throw signIn.error;
  return { id: data.user.id, email };
}

async function screenLoader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

async function openPendingNotice() {
  renderRoute(layoutRoute, {
    pattern: paths.admin.root.pattern,
    path: paths.admin.jobs(),
    children: [{ path: paths.admin.jobs.pattern, loader: screenLoader, element: <h1>Vagas de Emprego</h1>, errorElement: <p>A tela falhou.</p> }],
  });
  expect(await screen.findByRole('heading', { name: 'Conta aguardando aprovação' })).toBeInTheDocument();
}

async function reject(id: string) {
  const { error } = await (await local.backend.admin()).rpc('reject_pending_account', { target_id: id });
  expect(error).toBeNull();
}

async function expectRefusalSaid(email: string) {
  expect(await screen.findByRole('heading', { name: 'Cadastro recusado' })).toBeInTheDocument();
  expect(screen.getByText(`O pedido de acesso da conta ${email} foi recusado`, { exact: false })).toHaveTextContent('a conta foi excluída');
  expect(screen.queryByText(/aguardando aprovação/i)).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Criar outra conta' })).toHaveAttribute('href', '/admin/register');
  // Signed out, and it stays on this page (no detour to the sign-in page).
  await waitFor(async () => expect((await screenClient().auth.getSession()).data.session).toBeNull());
  expect(screen.getByRole('heading', { name: 'Cadastro recusado' })).toBeInTheDocument();
  expect(screen.queryByText(/^outra página/)).not.toBeInTheDocument();
}

describe('a sign-up refused while its tab waits for approval', () => {
  it("says, at 'Verificar novamente', that the request was refused and the account removed, and signs out", async () => {
    const person = await signedInSignUp('Rita Recusada');
    await openPendingNotice();
    await reject(person.id);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Verificar novamente' }));
    await expectRefusalSaid(person.email);
  });

  it('learns it by itself when the tab comes back into view', async () => {
    const person = await signedInSignUp('Tiago Ausente');
    await openPendingNotice();
    await reject(person.id);

    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await expectRefusalSaid(person.email);
  });
});
