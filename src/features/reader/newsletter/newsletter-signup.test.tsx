import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { DigestSignUp } from '../../../services/newsletter/subscription';
import { controllablePromise } from '../testing/render-in-router';
import { DIGEST_CONSENT, DIGEST_FAILED, DIGEST_RATE_LIMITED, NewsletterSignup, type SignUpOutcome } from './newsletter-signup';

function setup(signUp: (input: DigestSignUp) => Promise<SignUpOutcome> = () => Promise.resolve('sent')) {
  const sent = vi.fn(signUp);
  const user = userEvent.setup();
  window.history.replaceState(null, '', '/noticia/abc/feira');
  render(<NewsletterSignup signUp={sent} />);
  return { user, sent };
}

const email = () => screen.getByLabelText(/Seu e-mail/);
const consent = () => screen.getByRole('checkbox', { name: DIGEST_CONSENT });
const send = () => screen.getByRole('button', { name: 'Quero receber' });

describe('NewsletterSignup', () => {
  it('asks for an e-mail and the consent, beside each field, and sends nothing until both are there', async () => {
    const { user, sent } = setup();
    await user.click(send());
    expect(screen.getByText('Informe seu e-mail.')).toBeInTheDocument();
    expect(screen.getByText('Marque a caixa para autorizar o envio do resumo.')).toBeInTheDocument();
    expect(email()).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(email()).toHaveFocus());

    await user.type(email(), 'ana@exemplo');
    await user.click(send());
    expect(screen.getByText('Informe um e-mail válido.')).toBeInTheDocument();
    expect(sent).not.toHaveBeenCalled();
  });

  it('records the consent line word for word and the page it was given on, then says to check the mail', async () => {
    const { user, sent } = setup();
    await user.type(email(), ' ana@exemplo.com.br ');
    await user.click(consent());
    await user.click(send());
    expect(sent).toHaveBeenCalledWith({ email: 'ana@exemplo.com.br', consentText: DIGEST_CONSENT, page: '/noticia/abc/feira' });
    expect(await screen.findByRole('status')).toHaveTextContent('Quase lá! Enviamos um link de confirmação para ana@exemplo.com.br.');
  });

  it("says 'Enviando...' while it sends, then the limit's message, keeping what was typed", async () => {
    const pending = controllablePromise<SignUpOutcome>();
    const { user } = setup(() => pending.promise);
    await user.type(email(), 'ana@exemplo.com.br');
    await user.click(consent());
    await user.click(send());
    expect(screen.getByRole('button', { name: 'Enviando...' })).toBeDisabled();
    pending.resolve('rate-limited');
    expect(await screen.findByRole('alert')).toHaveTextContent(DIGEST_RATE_LIMITED);
    expect(email()).toHaveValue('ana@exemplo.com.br');
    expect(consent()).toBeChecked();
  });

  it('an unexpected failure asks to try again', async () => {
    const failing = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = setup(() => Promise.reject(new Error('rede')));
    await user.type(email(), 'ana@exemplo.com.br');
    await user.click(consent());
    await user.click(send());
    expect(await screen.findByRole('alert')).toHaveTextContent(DIGEST_FAILED);
    expect(failing).toHaveBeenCalled();
    failing.mockRestore();
  });
});
