import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { AuthError } from '../../../services/errors';
import { LoginForm } from './login-form';

afterEach(() => vi.restoreAllMocks());

function renderForm(onSignIn = vi.fn<(email: string, password: string) => Promise<void>>().mockResolvedValue(undefined)) {
  render(
    <MemoryRouter>
      <LoginForm onSignIn={onSignIn} />
    </MemoryRouter>,
  );
  return { onSignIn, user: userEvent.setup() };
}

async function fillAndSubmit(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/email/i), 'redacao@example.com');
  await user.type(screen.getByLabelText(/senha/i), 'segredo123');
  await user.click(screen.getByRole('button', { name: 'Entrar' }));
}

describe('LoginForm', () => {
  it('requires email and password, next to the fields, without calling the server', async () => {
    const { onSignIn, user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(screen.getByLabelText(/email/i)).toHaveAccessibleDescription('Informe o email');
    expect(screen.getByLabelText(/senha/i)).toHaveAccessibleDescription('Informe a senha');
    expect(screen.getByLabelText(/email/i)).toHaveFocus();
    expect(onSignIn).not.toHaveBeenCalled();
  });

  it("shows 'Processando...' and disables the button while signing in", async () => {
    let finish!: () => void;
    const { onSignIn, user } = renderForm(vi.fn(() => new Promise<void>((resolve) => (finish = resolve))));
    await fillAndSubmit(user);
    expect(onSignIn).toHaveBeenCalledWith('redacao@example.com', 'segredo123');
    expect(screen.getByRole('button', { name: 'Processando...' })).toBeDisabled();
    finish();
  });

  // A refused password is an expected state (shown, not logged); anything else is also logged for the developer.
  it.each([
    [new AuthError('Invalid login credentials', { code: 'invalid_credentials', status: 400 }), 'Email ou senha inválidos', false],
    [new AuthError('Invalid login credentials'), 'Email ou senha inválidos', false],
    [new AuthError('No session returned', { code: 'no_session' }), 'Erro ao fazer login. Por favor, tente novamente.', true],
    [new AuthError('Too many requests', { code: 'over_request_rate_limit', status: 429 }), 'Too many requests', true],
  ])('maps %s to an alert with docs/product.md §20 text', async (error, message, logged) => {
    const { user } = renderForm(vi.fn().mockRejectedValue(error));
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: 'Entrar' })).toBeEnabled();
    expect(screen.getByLabelText(/email/i)).toHaveValue('redacao@example.com');
    expect(consoleError).toHaveBeenCalledTimes(logged ? 1 : 0);
  });

  it("links to registration with 'Criar conta'", () => {
    renderForm();
    expect(screen.getByRole('link', { name: 'Criar conta' })).toHaveAttribute('href', '/admin/register');
  });

  it("links to password recovery with 'Esqueci minha senha'", () => {
    renderForm();
    expect(screen.getByRole('link', { name: 'Esqueci minha senha' })).toHaveAttribute('href', '/admin/recuperar-senha');
  });
});
