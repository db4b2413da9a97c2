import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminPublication } from '../../../services/publication-admin';
import { PublicationForm } from './publication-form';
import { draftKey, readDraft } from './publication-draft';
import { EMPTY_PUBLICATION, toPublicationInput, valuesFromPublication, type PublicationFormValues } from './publication-values';

// 'Conteúdo patrocinado' in the publication form (docs/product.md §12). Saving and loading through the route and the
// database: sponsored-story.route.test.tsx.

vi.mock('../../../services/browser-client', () => ({ browserClient: () => ({}) }));

const topics = [{ id: 'local', name: 'Porto Ferreira', slug: 'local', created_at: '2026-10-01T12:00:00Z' }];
const KEY = draftKey(undefined);
const story: PublicationFormValues = { ...EMPTY_PUBLICATION, title: 'Guia de reformas', topicId: 'local' };

beforeEach(() => localStorage.clear());

function renderForm(initialValues: PublicationFormValues = story) {
  const submit = vi.fn<(values: PublicationFormValues) => void>();
  render(
    <PublicationForm
      initialValues={initialValues}
      topics={topics}
      save={{ submit, pending: false, failure: null }}
      onCancel={vi.fn()}
      upload={vi.fn()}
      draftKey={KEY}
      storage={localStorage}
    />,
  );
  return { submit, user: userEvent.setup() };
}

const sponsorField = () => screen.queryByRole('textbox', { name: /Patrocinador/ });

describe("'Conteúdo patrocinado' in the publication form", () => {
  it("asks for the sponsor once ticked, in pt-BR next to the field, and keeps what was typed", async () => {
    const { submit, user } = renderForm();
    expect(sponsorField()).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Conteúdo patrocinado' }));
    expect(sponsorField()).toHaveAttribute('aria-required', 'true');

    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(submit).not.toHaveBeenCalled();
    expect(sponsorField()).toHaveAccessibleDescription('Informe o nome do patrocinador.');
    expect(sponsorField()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: /Título/ })).toHaveValue('Guia de reformas');
    expect(screen.getByRole('checkbox', { name: 'Conteúdo patrocinado' })).toBeChecked();
  });

  it('refuses a name longer than 120 characters and keeps it for the editor to shorten', async () => {
    const long = 'M'.repeat(121);
    const { submit, user } = renderForm({ ...story, sponsored: true, sponsorName: long });
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(submit).not.toHaveBeenCalled();
    expect(sponsorField()).toHaveAccessibleDescription('O nome do patrocinador deve ter no máximo 120 caracteres.');
    expect(sponsorField()).toHaveValue(long);
  });

  it('saves the sponsor trimmed, kept in the draft meanwhile; unticked, saves none', async () => {
    const { submit, user } = renderForm();
    await user.click(screen.getByRole('checkbox', { name: 'Conteúdo patrocinado' }));
    await user.type(sponsorField()!, ' Casa & Obra ');
    expect(readDraft(localStorage, KEY)?.values).toMatchObject({ sponsored: true, sponsorName: ' Casa & Obra ' });
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(submit).toHaveBeenCalledTimes(1);
    expect(toPublicationInput(submit.mock.calls[0]![0])).toMatchObject({ sponsor_name: 'Casa & Obra' });

    await user.click(screen.getByRole('checkbox', { name: 'Conteúdo patrocinado' }));
    expect(sponsorField()).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(submit).toHaveBeenCalledTimes(2);
    expect(toPublicationInput(submit.mock.calls[1]![0])).toMatchObject({ sponsor_name: null });
  });

  it('loads a saved story ticked with its sponsor, and a story of its own unticked', () => {
    const row = { title: 'T', description: null, content: null, image_url: null, youtube_url: null, topic_id: 'local', published: false, published_at: null, is_lead: false, signed: false, image_alt: null, image_credit: null };
    expect(valuesFromPublication({ ...row, sponsor_name: 'Casa & Obra' } as AdminPublication)).toMatchObject({ sponsored: true, sponsorName: 'Casa & Obra' });
    expect(valuesFromPublication({ ...row, sponsor_name: null } as AdminPublication)).toMatchObject({ sponsored: false, sponsorName: '' });
  });
});
