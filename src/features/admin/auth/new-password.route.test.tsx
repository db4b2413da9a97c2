import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isRecoveryRedirect, onAuthChange, requestPasswordReset, type AuthChangeEvent } from '../../../services/auth';
import { createSupabaseClient, type Client } from '../../../services/client';
import { paths } from '../../../lib/paths';
import { latestLinkTo, redirectOf } from '../../../../tests/support/mailbox';
import { routeTestBackend, setScreenClient } from '../../../../tests/support/route-test-backend';
import { renderRoute } from '../testing/render-route';
import * as newPasswordRoute from './new-password.route';

// The recovery link's landing page with a real recovery session: the link is followed on the local backend, and a
// client configured as the browser's (detectSessionInUrl: isRecoveryRedirect) starts on the address it leads to.
vi.mock('../../../services/browser-client', () => import('../../../../tests/support/route-test-backend'));
const local = routeTestBackend({ screenSignedIn: 'nobody' });

afterEach(() => {
  window.history.replaceState(null, '', '/');
  localStorage.clear();
});

let clients = 0;
/** A client as the browser's, started on the current address (it reads a recovery fragment when it starts). */
function browserLikeClient(): Client {
  return createSupabaseClient(local.backend.url, local.backend.anonKey, {
    auth: { persistSession: true, autoRefreshToken: false, detectSessionInUrl: isRecoveryRedirect, storageKey: `nova-senha-${(clients += 1)}` },
  });
}

async function newAccount(): Promise<{ email: string; password: string }> {
  const account = { email: `recupera-${Date.now().toString(36)}-${clients}@example.com`, password: 'senha-antiga-1' };
  const { error } = await local.backend.anon().auth.signUp(account);
  if (error) throw error;
  return account;
}

/** Follows the account's recovery e-mail to the new-password page, as the browser would land there. */
async function landFromRecoveryLink(email: string): Promise<void> {
  await requestPasswordReset(local.backend.anon(), email, `${local.backend.url}${paths.admin.newPassword()}`);
  const target = await redirectOf(await latestLinkTo(local.backend.url, email));
  window.history.replaceState(null, '', `${target.pathname}${target.hash}`);
}

describe('the new-password page', () => {
  it('with a recovery link: PASSWORD_RECOVERY, then the new password (checked, refused if unchanged) signs in', async () => {
    const account = await newAccount();
    await landFromRecoveryLink(account.email);
    const client = browserLikeClient();
    setScreenClient(client);
    const events: AuthChangeEvent[] = [];
    onAuthChange(client, (event) => events.push(event));

    const user = userEvent.setup();
    renderRoute(newPasswordRoute, { pattern: paths.admin.newPassword.pattern });
    expect(await screen.findByText(`Crie uma nova senha para ${account.email}.`)).toBeInTheDocument();
    await vi.waitFor(() => expect(events).toContain('PASSWORD_RECOVERY'));
    // The tokens do not stay in the address.
    expect(window.location.hash).toBe('');

    await user.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
    expect(screen.getByLabelText(/^nova senha/i)).toHaveAccessibleDescription('Informe a nova senha');
    await user.type(screen.getByLabelText(/^nova senha/i), 'nova-senha-2');
    await user.type(screen.getByLabelText(/confirmar nova senha/i), 'nova-senha-3');
    await user.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
    expect(screen.getByLabelText(/confirmar nova senha/i)).toHaveAccessibleDescription('As senhas não coincidem');

    await user.clear(screen.getByLabelText(/^nova senha/i));
    await user.clear(screen.getByLabelText(/confirmar nova senha/i));
    await user.type(screen.getByLabelText(/^nova senha/i), account.password);
    await user.type(screen.getByLabelText(/confirmar nova senha/i), account.password);
    await user.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A nova senha precisa ser diferente da anterior.');

    await user.clear(screen.getByLabelText(/^nova senha/i));
    await user.clear(screen.getByLabelText(/confirmar nova senha/i));
    await user.type(screen.getByLabelText(/^nova senha/i), 'nova-senha-2');
    await user.type(screen.getByLabelText(/confirmar nova senha/i), 'nova-senha-2');
    await user.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
    expect(await screen.findByText('outra página: /admin')).toBeInTheDocument();

    const { error } = await local.backend.anon().auth.signInWithPassword({ email: account.email, password: 'nova-senha-2' });
    expect(error).toBeNull();
  });

  it('without a recovery session (even signed in with a password), offers to ask for a new link', async () => {
    const account = await newAccount();
    const client = browserLikeClient();
    setScreenClient(client);
    await client.auth.signInWithPassword(account);
    renderRoute(newPasswordRoute, { pattern: paths.admin.newPassword.pattern });
    expect(await screen.findByText(/Para criar uma nova senha, abra o link que enviamos para o seu email\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pedir um novo link' })).toHaveAttribute('href', '/admin/recuperar-senha');
    expect(screen.queryByLabelText(/^nova senha/i)).not.toBeInTheDocument();
  });

  it('after a used or expired link, says so', async () => {
    const account = await newAccount();
    await requestPasswordReset(local.backend.anon(), account.email, `${local.backend.url}${paths.admin.newPassword()}`);
    const link = await latestLinkTo(local.backend.url, account.email);
    await redirectOf(link);
    const refused = await redirectOf(link);
    window.history.replaceState(null, '', `${refused.pathname}${refused.hash}`);
    setScreenClient(browserLikeClient());

    renderRoute(newPasswordRoute, { pattern: paths.admin.newPassword.pattern, path: `${refused.pathname}${refused.hash}` });
    expect(await screen.findByRole('heading', { name: 'Link inválido ou expirado' })).toBeInTheDocument();
    expect(screen.getByText(/Este link de recuperação é inválido, já foi usado ou expirou\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pedir um novo link' })).toHaveAttribute('href', '/admin/recuperar-senha');
  });
});
