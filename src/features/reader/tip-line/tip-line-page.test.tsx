import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ServiceError, StorageError } from '../../../services/errors';
import type { NewsTipInput } from '../../../services/news-tips';
import { controllablePromise, renderInRouter } from '../testing/render-in-router';
import { TIP_CONSENT_TEXT } from './tip-line-values';
import { TipLinePage } from './tip-line-page';

// jsdom has no object URLs: the previews get a stand-in address per file.
let objectUrls = 0;
beforeEach(() => {
  URL.createObjectURL = vi.fn(() => `blob:preview-${(objectUrls += 1)}`);
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

function setup(send: (input: NewsTipInput) => Promise<void> = () => Promise.resolve()) {
  const sendTip = vi.fn(send);
  // The picker's `accept` is the browser's first filter; these tests also hand it what a reader could force past it.
  const user = userEvent.setup({ applyAccept: false });
  renderInRouter(<TipLinePage sendTip={sendTip} />);
  return { user, sendTip };
}

const photo = (name: string, type = 'image/jpeg', bytes = 1024) => new File([new Uint8Array(bytes)], name, { type });
const photosInput = () => screen.getByLabelText('Fotos (até 3)');
const submitButton = () => screen.getByRole('button', { name: 'Enviar sugestão' });

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/O que aconteceu\?/), 'Árvore caiu sobre a calçada.');
  await user.type(screen.getByLabelText(/Onde\?/), 'Rua XV de Novembro, Centro');
  await user.click(screen.getByRole('checkbox', { name: TIP_CONSENT_TEXT }));
}

describe('TipLinePage', () => {
  it('shows the heading, the fields with their labels, and the consent line', () => {
    setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Envie sua notícia' })).toBeInTheDocument();
    expect(screen.getByLabelText(/O que aconteceu\?/)).toHaveAttribute('aria-required', 'true');
    expect(screen.getByLabelText(/Onde\?/)).toHaveAttribute('aria-required', 'true');
    expect(screen.getByLabelText('Seu nome (opcional)')).not.toHaveAttribute('aria-required');
    expect(screen.getByLabelText('Telefone ou e-mail para contato (opcional)')).not.toHaveAttribute('aria-required');
    expect(photosInput()).toHaveAttribute('type', 'file');
    expect(screen.getByRole('checkbox', { name: TIP_CONSENT_TEXT })).not.toBeChecked();
    expect(TIP_CONSENT_TEXT).toMatch(/^Autorizo o Porto Ferreira Notícias a usar as informações e as fotos .* entrar em contato comigo/);
  });

  it('refuses to send without what happened, where and the consent, and says why beside each', async () => {
    const { user, sendTip } = setup();
    await user.type(screen.getByLabelText('Telefone ou e-mail para contato (opcional)'), 'sem-arroba@');
    await user.click(submitButton());

    expect(sendTip).not.toHaveBeenCalled();
    const whatHappened = screen.getByLabelText(/O que aconteceu\?/);
    expect(whatHappened).toHaveAccessibleDescription('Conte o que aconteceu.');
    expect(whatHappened).toHaveAttribute('aria-invalid', 'true');
    expect(whatHappened).toHaveFocus();
    expect(screen.getByLabelText(/Onde\?/)).toHaveAccessibleDescription('Informe onde aconteceu.');
    expect(screen.getByLabelText('Telefone ou e-mail para contato (opcional)')).toHaveAccessibleDescription(
      'Informe um telefone com DDD ou um e-mail válido.',
    );
    expect(screen.getByRole('checkbox', { name: TIP_CONSENT_TEXT })).toHaveAccessibleDescription('Marque a autorização para enviar sua sugestão.');
  });

  it('refuses a text longer than the database keeps', async () => {
    const { user, sendTip } = setup();
    await fillRequired(user);
    await user.clear(screen.getByLabelText(/Onde\?/));
    await user.click(screen.getByLabelText(/Onde\?/));
    await user.paste('x'.repeat(201));
    await user.click(submitButton());
    expect(sendTip).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/Onde\?/)).toHaveAccessibleDescription('Use no máximo 200 caracteres.');
  });

  it('adds photos with previews, at most 3, and removes one', async () => {
    const { user } = setup();
    await user.upload(photosInput(), [photo('a.jpg'), photo('b.png', 'image/png')]);
    await user.upload(photosInput(), [photo('c.webp', 'image/webp'), photo('d.jpg')]);

    const chosen = screen.getByRole('list', { name: 'Fotos escolhidas' });
    expect(within(chosen).getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual(['Foto 1: a.jpg', 'Foto 2: b.png', 'Foto 3: c.webp']);
    expect(photosInput()).toHaveAccessibleDescription(/Você pode enviar até 3 fotos\./);
    expect(photosInput()).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Remover foto 2 (b.png)' }));
    expect(within(chosen).getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual(['Foto 1: a.jpg', 'Foto 2: c.webp']);
    expect(photosInput()).toBeEnabled();
    expect(photosInput()).not.toHaveAttribute('aria-invalid');
  });

  it('refuses a file that is not an image, and one over 10 MB, beside the field', async () => {
    const { user } = setup();
    await user.upload(photosInput(), photo('desenho.svg', 'image/svg+xml'));
    expect(photosInput()).toHaveAccessibleDescription(/Envie apenas fotos em PNG, JPEG, WebP, GIF ou AVIF\./);
    await user.upload(photosInput(), photo('enorme.jpg', 'image/jpeg', 10 * 1024 * 1024 + 1));
    expect(photosInput()).toHaveAccessibleDescription(/Cada foto deve ter no máximo 10 MB\./);
    expect(screen.queryByRole('list', { name: 'Fotos escolhidas' })).not.toBeInTheDocument();
  });

  it("sends what was typed and chosen, shows 'Enviando...', then the success message; 'Enviar outra sugestão' starts over", async () => {
    const sending = controllablePromise<void>();
    const { user, sendTip } = setup(() => sending.promise);
    await fillRequired(user);
    await user.type(screen.getByLabelText('Seu nome (opcional)'), '  Maria  ');
    await user.type(screen.getByLabelText('Telefone ou e-mail para contato (opcional)'), 'maria@exemplo.com.br');
    const picture = photo('arvore.jpg');
    await user.upload(photosInput(), picture);
    await user.click(submitButton());

    expect(screen.getByRole('button', { name: 'Enviando...' })).toBeDisabled();
    expect(sendTip).toHaveBeenCalledWith({
      whatHappened: 'Árvore caiu sobre a calçada.',
      place: 'Rua XV de Novembro, Centro',
      senderName: 'Maria',
      senderContact: 'maria@exemplo.com.br',
      consentText: TIP_CONSENT_TEXT,
      photos: [picture],
    });
    sending.resolve();
    const status = await screen.findByRole('status');
    // The message takes the focus in an effect, after it is on the screen: waited for, not assumed.
    await waitFor(() => expect(within(status).getByRole('heading', { name: 'Sugestão enviada!' })).toHaveFocus());
    expect(status).toHaveTextContent('Obrigado por colaborar com o Porto Ferreira Notícias.');

    await user.click(screen.getByRole('button', { name: 'Enviar outra sugestão' }));
    expect(screen.getByLabelText(/O que aconteceu\?/)).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: TIP_CONSENT_TEXT })).not.toBeChecked();
  });

  it('keeps everything typed and chosen when sending fails, and says so', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = setup(() => Promise.reject(new Error('HTTP 500')));
    await fillRequired(user);
    await user.type(screen.getByLabelText('Seu nome (opcional)'), 'Maria');
    await user.upload(photosInput(), photo('arvore.jpg'));
    await user.click(submitButton());

    expect(await screen.findByRole('alert')).toHaveTextContent('Erro ao enviar sua sugestão. Por favor, tente novamente.');
    expect(screen.getByLabelText(/O que aconteceu\?/)).toHaveValue('Árvore caiu sobre a calçada.');
    expect(screen.getByLabelText(/Onde\?/)).toHaveValue('Rua XV de Novembro, Centro');
    expect(screen.getByLabelText('Seu nome (opcional)')).toHaveValue('Maria');
    expect(screen.getByRole('checkbox', { name: TIP_CONSENT_TEXT })).toBeChecked();
    expect(within(screen.getByRole('list', { name: 'Fotos escolhidas' })).getAllByRole('img')).toHaveLength(1);
    expect(submitButton()).toBeEnabled();
  });

  it.each([
    ['the tip (PT429, HTTP 429)', new ServiceError('news_tip_rate_limited', { code: 'PT429', status: 429 })],
    ['a photo (the bucket’s 403)', new StorageError('new row violates row-level security policy', { code: '403' })],
  ])('says when the per-client limit refused %s, as the media-kit form does, and logs no fault', async (_label, refusal) => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = setup(() => Promise.reject(refusal));
    await fillRequired(user);
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Recebemos várias sugestões deste contato em pouco tempo. Por favor, tente novamente mais tarde.',
    );
    expect(logged).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/O que aconteceu\?/)).toHaveValue('Árvore caiu sobre a calçada.');
  });

  it('says which photo problem the storage found when it refuses a file the browser let through', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = setup(() => Promise.reject(new StorageError('mime type image/jpeg is not supported', { code: '415' })));
    await fillRequired(user);
    await user.upload(photosInput(), photo('falsa.jpg'));
    await user.click(submitButton());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/Não foi possível enviar uma das fotos\./));
  });
});
