import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { AuthError } from '../../../services/errors';
import { RegisterForm, type RegisterValues } from './register-form';

afterEach(() => vi.restoreAllMocks());

function renderForm(onRegister = vi.fn<(values: RegisterValues) => Promise<boolean>>().mockResolvedValue(true)) {
  render(
    <MemoryRouter>
      <RegisterForm onRegister={onRegister} />
    </MemoryRouter>,
  );
  return { onRegister, user: userEvent.setup() };
}

async function fill(user: ReturnType<typeof userEvent.setup>, password = 'segredo1', confirmation = password) {
  await user.type(screen.getByLabelText(/nome completo/i), 'Ana Souza');
  await user.type(screen.getByLabelText(/^email/i), 'ana@example.com');
  await user.type(screen.getByLabelText(/^senha/i), password);
  await user.type(screen.getByLabelText(/confirmar senha/i), confirmation);
  await user.click(screen.getByRole('button', { name: 'Criar conta' }));
}

describe('RegisterForm', () => {
  it('requires every field', async () => {
    const { onRegister, user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    expect(screen.getByLabelText(/nome completo/i)).toHaveAccessibleDescription('Informe seu nome completo');
    expect(screen.getByLabelText(/^email/i)).toHaveAccessibleDescription('Informe o email');
    expect(screen.getByLabelText(/^senha/i)).toHaveAccessibleDescription('Informe a senha');
    expect(screen.getByLabelText(/confirmar senha/i)).toHaveAccessibleDescription('Confirme a senha');
    expect(onRegister).not.toHaveBeenCalled();
  });

  it("says 'As senhas não coincidem' when the confirmation differs", async () => {
    const { onRegister, user } = renderForm();
    await fill(user, 'segredo1', 'segredo2');
    expect(screen.getByLabelText(/confirmar senha/i)).toHaveAccessibleDescription('As senhas não coincidem');
    expect(onRegister).not.toHaveBeenCalled();
  });

  it('asks for at least 6 characters', async () => {
    const { onRegister, user } = renderForm();
    await fill(user, '12345');
    expect(screen.getByLabelText(/^senha/i)).toHaveAccessibleDescription('A senha deve ter pelo menos 6 caracteres');
    expect(onRegister).not.toHaveBeenCalled();
  });

  it('sends name, email and password', async () => {
    const { onRegister, user } = renderForm();
    await fill(user);
    expect(onRegister).toHaveBeenCalledWith({ name: 'Ana Souza', email: 'ana@example.com', password: 'segredo1' });
  });

  // A taken e-mail or a weak password is an expected state (shown, not logged); a failure is also logged.
  it.each([
    [new AuthError('User already registered', { code: 'user_already_exists', status: 422 }), 'Este email já está cadastrado', false],
    [new AuthError('Email already registered'), 'Este email já está cadastrado', false],
    [new AuthError('Password should be at least 6 characters.', { code: 'weak_password', status: 422 }), 'Senha fraca: use pelo menos 6 caracteres', false],
    [new Error('network down'), 'Erro ao criar conta. Por favor, tente novamente.', true],
  ])('maps %s to a pt-BR alert and keeps the form', async (error, message, logged) => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderForm(vi.fn().mockRejectedValue(error));
    await fill(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByLabelText(/nome completo/i)).toHaveValue('Ana Souza');
    expect(consoleError).toHaveBeenCalledTimes(logged ? 1 : 0);
  });

  it('tells the user to confirm the e-mail when no session comes back', async () => {
    const { user } = renderForm(vi.fn().mockResolvedValue(false));
    await fill(user);
    expect(await screen.findByRole('status')).toHaveTextContent('ana@example.com');
    expect(screen.getByRole('link', { name: 'Fazer login' })).toHaveAttribute('href', '/admin/login');
  });
});
