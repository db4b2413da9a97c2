import { fireEvent, screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ServiceError } from '../../../services/errors';
import type { MediaKitRequestInput } from '../../../services/media-kit';
import { controllablePromise, renderInRouter } from '../testing/render-in-router';
import { AdvertisingPage } from './advertising-page';

function setup(submit: (input: MediaKitRequestInput) => Promise<void> = () => Promise.resolve()) {
  const notify = vi.fn<(message: string) => void>();
  const submitMediaKit = vi.fn(submit);
  const user = userEvent.setup();
  renderInRouter(<AdvertisingPage submitMediaKit={submitMediaKit} notify={notify} />);
  return { user, notify, submitMediaKit };
}

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Solicitar Mídia Kit' }));
  const dialog = screen.getByRole('dialog', { name: 'Solicitar Mídia Kit' });
  // The form loads when the dialog first opens.
  await within(dialog).findByLabelText(/Nome/);
  return dialog;
}

async function fillRequired(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  await user.type(within(dialog).getByLabelText(/Nome/), 'Ana Lima');
  await user.type(within(dialog).getByLabelText(/Empresa/), 'Padaria Central');
  await user.type(within(dialog).getByLabelText(/E-mail/), 'ana@padaria.com.br');
  await user.type(within(dialog).getByLabelText(/Telefone/), '(19) 99999-0000');
}

describe('AdvertisingPage', () => {
  it('shows the hero, the three benefits, the price table and the contact data', () => {
    setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Anuncie no Porto Ferreira Notícias' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar para a página inicial' })).toHaveAttribute('href', '/');
    for (const benefit of ['Alcance Local', 'Público Qualificado', 'Resultados Mensuráveis']) {
      expect(screen.getByRole('heading', { level: 3, name: benefit })).toBeInTheDocument();
    }
    expect(screen.getByText(/Mais de 50 mil leitores mensais/)).toBeInTheDocument();
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1).map((row) => row.textContent);
    expect(rows).toEqual([
      'Banner Principal970x250R$ 500/mês',
      'Banner Lateral300x600R$ 200/mês',
      'Banner em Matéria728x90R$ 400/mês',
    ]);
    expect(screen.getByRole('link', { name: 'comercial@portoferreiranoticias.com.br' })).toHaveAttribute('href', 'mailto:comercial@portoferreiranoticias.com.br');
    expect(screen.getByRole('link', { name: '(19) 3581-0000' })).toBeInTheDocument();
    expect(screen.getByText(/Rua Dr. Carlos Botelho/)).toBeInTheDocument();
  });

  it('opens a labelled dialog with the six fields and banner-principal chosen', async () => {
    const { user } = setup();
    const dialog = await openDialog(user);
    expect(within(dialog).getByLabelText(/Nome/)).toBeRequired();
    expect(within(dialog).getByLabelText(/Empresa/)).toBeRequired();
    expect(within(dialog).getByLabelText(/E-mail/)).toHaveAttribute('type', 'email');
    expect(within(dialog).getByLabelText(/Telefone/)).toHaveAttribute('type', 'tel');
    const interest = within(dialog).getByLabelText('Interesse');
    expect(interest).toHaveValue('banner-principal');
    expect(within(interest).getAllByRole('option').map((option) => (option as HTMLOptionElement).value)).toEqual([
      'banner-principal',
      'banner-lateral',
      'banner-materia',
      'outros',
    ]);
    expect(within(dialog).getByLabelText(/Mensagem/)).not.toBeRequired();
  });

  it('refuses to send without the required fields and says why beside each', async () => {
    const { user, submitMediaKit } = setup();
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText(/E-mail/), 'sem-arroba');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar solicitação' }));
    expect(submitMediaKit).not.toHaveBeenCalled();
    expect(within(dialog).getByText('Informe seu nome.')).toBeInTheDocument();
    expect(within(dialog).getByText('Informe o nome da empresa.')).toBeInTheDocument();
    expect(within(dialog).getByText('Informe um e-mail válido.')).toBeInTheDocument();
    expect(within(dialog).getByText('Informe seu telefone.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Nome/)).toHaveFocus();
    expect(within(dialog).getByLabelText(/Nome/)).toHaveAccessibleDescription('Informe seu nome.');
  });

  it("sends, shows 'Enviando...', then closes, thanks and starts over", async () => {
    const sending = controllablePromise<void>();
    const { user, submitMediaKit, notify } = setup(() => sending.promise);
    const dialog = await openDialog(user);
    await fillRequired(user, dialog);
    await user.selectOptions(within(dialog).getByLabelText('Interesse'), 'banner-lateral');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar solicitação' }));

    expect(within(dialog).getByRole('button', { name: 'Enviando...' })).toBeDisabled();
    expect(submitMediaKit).toHaveBeenCalledWith({
      name: 'Ana Lima',
      company: 'Padaria Central',
      email: 'ana@padaria.com.br',
      phone: '(19) 99999-0000',
      interest: 'banner-lateral',
      message: null,
    });
    sending.resolve();
    await waitFor(() => expect(notify).toHaveBeenCalledWith('Obrigado pelo interesse! Entraremos em contato em breve.'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    const reopened = await openDialog(user);
    expect(within(reopened).getByLabelText(/Nome/)).toHaveValue('');
    expect(within(reopened).getByLabelText('Interesse')).toHaveValue('banner-principal');
  });

  it('keeps everything typed and says so when sending fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user, notify } = setup(() => Promise.reject(new Error('HTTP 500')));
    const dialog = await openDialog(user);
    await fillRequired(user, dialog);
    await user.type(within(dialog).getByLabelText(/Mensagem/), 'Quero anunciar no Natal.');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar solicitação' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Erro ao enviar formulário. Por favor, tente novamente.');
    expect(notify).not.toHaveBeenCalled();
    expect(within(dialog).getByLabelText(/Nome/)).toHaveValue('Ana Lima');
    expect(within(dialog).getByLabelText(/Empresa/)).toHaveValue('Padaria Central');
    expect(within(dialog).getByLabelText(/E-mail/)).toHaveValue('ana@padaria.com.br');
    expect(within(dialog).getByLabelText(/Telefone/)).toHaveValue('(19) 99999-0000');
    expect(within(dialog).getByLabelText(/Mensagem/)).toHaveValue('Quero anunciar no Natal.');
    expect(within(dialog).getByRole('button', { name: 'Enviar solicitação' })).toBeEnabled();
  });

  it("says when the server's rate limit refused the request (HTTP 429, PT429), keeps everything typed and logs no fault", async () => {
    // Cleared: an earlier test's failure may already sit on the same spy.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    logged.mockClear();
    // What submitMediaKitRequest throws for PostgREST's 429 answer to the database's PT429.
    const refused = new ServiceError('media_kit_rate_limited', { code: 'PT429', status: 429 });
    const { user, notify } = setup(() => Promise.reject(refused));
    const dialog = await openDialog(user);
    await fillRequired(user, dialog);
    await user.selectOptions(within(dialog).getByLabelText('Interesse'), 'outros');
    await user.type(within(dialog).getByLabelText(/Mensagem/), 'Anúncio para a feira.');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar solicitação' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Recebemos várias solicitações deste contato em pouco tempo. Por favor, tente novamente mais tarde.',
    );
    expect(within(dialog).queryByText('Erro ao enviar formulário. Por favor, tente novamente.')).not.toBeInTheDocument();
    expect(notify).not.toHaveBeenCalled();
    expect(logged).not.toHaveBeenCalled();
    expect(within(dialog).getByLabelText(/Nome/)).toHaveValue('Ana Lima');
    expect(within(dialog).getByLabelText(/Empresa/)).toHaveValue('Padaria Central');
    expect(within(dialog).getByLabelText(/E-mail/)).toHaveValue('ana@padaria.com.br');
    expect(within(dialog).getByLabelText(/Telefone/)).toHaveValue('(19) 99999-0000');
    expect(within(dialog).getByLabelText('Interesse')).toHaveValue('outros');
    expect(within(dialog).getByLabelText(/Mensagem/)).toHaveValue('Anúncio para a feira.');
    expect(within(dialog).getByRole('button', { name: 'Enviar solicitação' })).toBeEnabled();
  });

  it("keeps the general media-kit message (docs/product.md §20) for any other refusal (an HTTP 400 from the database)", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = setup(() => Promise.reject(new ServiceError('new row violates check constraint', { code: '23514', status: 400 })));
    const dialog = await openDialog(user);
    await fillRequired(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Enviar solicitação' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Erro ao enviar formulário. Por favor, tente novamente.');
    expect(within(dialog).getByLabelText(/Nome/)).toHaveValue('Ana Lima');
  });

  it('closes with Esc (the dialog cancel event) and keeps what was typed for later', async () => {
    const { user } = setup();
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText(/Nome/), 'Ana');
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const reopened = await openDialog(user);
    expect(within(reopened).getByLabelText(/Nome/)).toHaveValue('Ana');
  });
});
