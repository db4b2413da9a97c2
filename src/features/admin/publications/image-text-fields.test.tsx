import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { PublicationForm } from './publication-form';
import { draftKey, readDraft } from './publication-draft';
import { EMPTY_PUBLICATION, toPublicationInput, type PublicationFormValues } from './publication-values';

vi.mock('../../../services/browser-client', () => ({ browserClient: () => ({}) }));

const topics = [{ id: 'local', name: 'Porto Ferreira', slug: 'local', created_at: '2026-10-01T12:00:00Z' }];
const KEY = draftKey(undefined);
const IMAGE = 'http://localhost:3000/storage/v1/object/public/publications/0b7a/original-1600w.jpg';

beforeEach(() => localStorage.clear());

function renderForm(initialValues: PublicationFormValues = EMPTY_PUBLICATION) {
  const submit = vi.fn<(values: PublicationFormValues) => void>();
  const upload = vi.fn().mockResolvedValue(IMAGE);
  const element = (
    <PublicationForm
      initialValues={initialValues}
      topics={topics}
      save={{ submit, pending: false, failure: null }}
      onCancel={vi.fn()}
      upload={upload}
      draftKey={KEY}
      storage={localStorage}
    />
  );
  // The publishing fields link to the preview: the form lives inside the router, as on its page.
  render(<RouterProvider router={createMemoryRouter([{ path: '/', element }])} />);
  return { submit, user: userEvent.setup({ applyAccept: false }) };
}

const withImage: PublicationFormValues = { ...EMPTY_PUBLICATION, title: 'Feira', topicId: 'local', imageUrl: IMAGE };

describe("the main image's alternative text and credit", () => {
  it('appear only with an image', async () => {
    const { user } = renderForm({ ...EMPTY_PUBLICATION, title: 'Feira', topicId: 'local' });
    expect(screen.queryByRole('textbox', { name: /Texto alternativo da imagem/ })).not.toBeInTheDocument();
    await user.upload(screen.getByLabelText('Imagem'), new File(['png'], 'a.png', { type: 'image/png' }));
    expect(await screen.findByRole('textbox', { name: /Texto alternativo da imagem/ })).toHaveAttribute('aria-required', 'true');
    expect(screen.getByRole('textbox', { name: 'Crédito da foto' })).not.toHaveAttribute('aria-required');
  });

  it('require the alternative text when there is an image, in pt-BR next to the field', async () => {
    const { submit, user } = renderForm(withImage);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(screen.getByRole('textbox', { name: /Texto alternativo da imagem/ })).toHaveAccessibleDescription(
      'Informe o texto alternativo da imagem: descreva-a para quem não pode vê-la',
    );
    expect(submit).not.toHaveBeenCalled();
  });

  it('save with the credit optional, trimmed, and kept in the draft meanwhile', async () => {
    const { submit, user } = renderForm(withImage);
    await user.type(screen.getByRole('textbox', { name: /Texto alternativo da imagem/ }), ' Barracas na praça ');
    expect(readDraft(localStorage, KEY)?.values.imageAlt).toBe(' Barracas na praça ');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(submit).toHaveBeenCalledTimes(1);
    const values = submit.mock.calls[0]![0];
    expect(toPublicationInput(values)).toMatchObject({ image_url: IMAGE, image_alt: 'Barracas na praça', image_credit: null });

    await user.type(screen.getByRole('textbox', { name: 'Crédito da foto' }), 'Ana Lima');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(toPublicationInput(submit.mock.calls[1]![0])).toMatchObject({ image_alt: 'Barracas na praça', image_credit: 'Ana Lima' });
  });

  it('refuse texts longer than their columns', async () => {
    const { submit, user } = renderForm({ ...withImage, imageAlt: 'a'.repeat(301), imageCredit: 'c'.repeat(121) });
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(screen.getByRole('textbox', { name: /Texto alternativo da imagem/ })).toHaveAccessibleDescription('O texto alternativo deve ter no máximo 300 caracteres');
    expect(screen.getByRole('textbox', { name: 'Crédito da foto' })).toHaveAccessibleDescription('O crédito deve ter no máximo 120 caracteres');
    expect(submit).not.toHaveBeenCalled();
  });

  it('go with the image: removing it saves neither', async () => {
    const { submit, user } = renderForm({ ...withImage, imageAlt: 'Barracas', imageCredit: 'Ana' });
    await user.click(screen.getByRole('button', { name: 'Remover imagem' }));
    expect(screen.queryByRole('textbox', { name: /Texto alternativo da imagem/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(toPublicationInput(submit.mock.calls[0]![0])).toMatchObject({ image_url: null, image_alt: null, image_credit: null });
  });

  it('a draft kept before these fields existed is still restored', () => {
    const { imageAlt: _alt, imageCredit: _credit, ...older } = { ...withImage, title: 'Rascunho antigo' };
    localStorage.setItem(KEY, JSON.stringify({ values: older, savedAt: '2026-11-20T10:00:00Z' }));
    renderForm();
    expect(screen.getByRole('textbox', { name: /título/i })).toHaveValue('Rascunho antigo');
    expect(within(screen.getByRole('status')).getByText(/Rascunho não salvo recuperado/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Texto alternativo da imagem/ })).toHaveValue('');
  });
});
