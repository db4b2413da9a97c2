import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../lib/paths';
import { mailTo } from '../../../../tests/support/mailbox';
import { routeTestBackend } from '../../../../tests/support/route-test-backend';
import { renderRoute } from '../testing/render-route';
import * as forgotPasswordRoute from './forgot-password.route';

// The page, its service and the local backend's /recover together: what it sends is what lands in the mailbox.
vi.mock('../../../services/browser-client', () => import('../../../../tests/support/route-test-backend'));
const local = routeTestBackend({ screenSignedIn: 'anonymous' });

const email = `esqueceu-${Date.now().toString(36)}@example.com`;

beforeAll(async () => {
  const { error } = await local.backend.anon().auth.signUp({ email, password: 'senha-antiga-1' });
  if (error) throw error;
}, 60_000);

const NEUTRAL = /Se houver uma conta com o email .+, enviamos um link para criar uma nova senha\./;

function renderPage() {
  renderRoute(forgotPasswordRoute, { pattern: paths.admin.forgotPassword.pattern });
  return userEvent.setup();
}

describe('the forgot-password page', () => {
  it('asks for a valid e-mail, next to the field, keeping what was typed', async () => {
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Enviar link' }));
    expect(screen.getByLabelText(/email/i)).toHaveAccessibleDescription('Informe o email');
    await user.type(screen.getByLabelText(/email/i), 'redacao@');
    await user.click(screen.getByRole('button', { name: 'Enviar link' }));
    expect(screen.getByLabelText(/email/i)).toHaveAccessibleDescription('Informe um email válido');
    expect(screen.getByLabelText(/email/i)).toHaveValue('redacao@');
    expect(screen.getByLabelText(/email/i)).toHaveFocus();
  });

  it('sends the link to a known address and says so neutrally; asking again within a minute says the same', async () => {
    let user = renderPage();
    await user.type(await screen.findByLabelText(/email/i), email);
    await user.click(screen.getByRole('button', { name: 'Enviar link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(NEUTRAL);
    expect(screen.getByRole('link', { name: 'Voltar para o login' })).toHaveAttribute('href', '/admin/login');
    const messages = await mailTo(local.backend.url, email);
    expect(messages).toHaveLength(1);
    expect(new URL(messages[0]?.link ?? '').pathname).toBe('/auth/v1/verify');

    // The backend refuses a second e-mail within a minute (429); the page does not tell that the account exists.
    document.body.replaceChildren();
    user = renderPage();
    await user.type(await screen.findByLabelText(/email/i), email);
    await user.click(screen.getByRole('button', { name: 'Enviar link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(NEUTRAL);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(await mailTo(local.backend.url, email)).toHaveLength(1);
  });

  it('answers an unknown address exactly the same, and sends nothing', async () => {
    const unknown = `ninguem-${Date.now().toString(36)}@example.com`;
    const user = renderPage();
    await user.type(await screen.findByLabelText(/email/i), unknown);
    await user.click(screen.getByRole('button', { name: 'Enviar link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(NEUTRAL);
    expect(await mailTo(local.backend.url, unknown)).toEqual([]);
  });
});
