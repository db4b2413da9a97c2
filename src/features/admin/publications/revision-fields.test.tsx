import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PublicationForm } from './publication-form';
import { EMPTY_PUBLICATION, toPublicationInput, type PublicationFormValues } from './publication-values';
import { REVISION_MESSAGES, validateRevision } from './revision-fields';

// docs/decisions/0038: a live story's text change is saved with a correction or a minor edit, chosen in the form.

const topics = [{ id: 'local', name: 'Porto Ferreira', slug: 'local', created_at: '2026-10-01T12:00:00Z' }];
const LIVE: PublicationFormValues = {
  ...EMPTY_PUBLICATION,
  title: 'Ponte reabre em março',
  description: 'Obra termina antes.',
  content: '<p>Em março.</p>',
  topicId: 'local',
  published: true,
};

function renderLive(initialValues: PublicationFormValues = LIVE) {
  const save = { submit: vi.fn<(values: PublicationFormValues) => void>(), pending: false, failure: null };
  render(
    <PublicationForm
      initialValues={initialValues}
      topics={topics}
      save={save}
      onCancel={vi.fn()}
      upload={vi.fn()}
      draftKey="publication-draft:test"
      storage={localStorage}
    />,
  );
  return { submit: save.submit, user: userEvent.setup() };
}

describe('validateRevision', () => {
  it('asks for a kind only when a live story that stays published has new text', () => {
    expect(validateRevision(LIVE, { ...LIVE, title: 'Ponte reabre em abril' })).toEqual({ revisionKind: REVISION_MESSAGES.kindRequired });
    expect(validateRevision(LIVE, { ...LIVE, imageAlt: 'Outra' })).toEqual({});
    expect(validateRevision({ ...LIVE, published: false }, { ...LIVE, title: 'Rascunho' })).toEqual({});
    expect(validateRevision({ ...LIVE, published: false, scheduled: true }, { ...LIVE, title: 'Agendada' })).toEqual({});
    expect(validateRevision(LIVE, { ...LIVE, published: false, title: 'Retirada' })).toEqual({});
  });

  it('a correction needs what was wrong and what is right, within bounds, dated no later than now', () => {
    const now = new Date('2026-11-27T15:00:00Z');
    const correction = { ...LIVE, revisionKind: 'correction' as const };
    expect(validateRevision(LIVE, correction, now)).toEqual({ correctionWrong: REVISION_MESSAGES.wrongRequired, correctionRight: REVISION_MESSAGES.rightRequired });
    expect(validateRevision(LIVE, { ...correction, correctionWrong: 'x'.repeat(1001), correctionRight: 'b', correctionAt: '2026-11-28T10:00' }, now)).toEqual({
      correctionWrong: REVISION_MESSAGES.tooLong,
      correctionAt: REVISION_MESSAGES.dateFuture,
    });
    expect(validateRevision(LIVE, { ...correction, correctionWrong: 'a', correctionRight: 'b', correctionAt: '2026-11-27T11:00' }, now)).toEqual({});
  });
});

describe('the form of a live story', () => {
  it('refuses a text change without a kind, then hands over the correction with the values as typed', async () => {
    const { submit, user } = renderLive();
    const title = screen.getByRole('textbox', { name: /título/i });
    await user.clear(title);
    await user.type(title, 'Ponte reabre em abril');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(REVISION_MESSAGES.kindRequired)).toBeInTheDocument();
    expect(submit).not.toHaveBeenCalled();
    expect(title).toHaveValue('Ponte reabre em abril');

    await user.click(screen.getByRole('radio', { name: /^Correção/ }));
    await user.type(screen.getByRole('textbox', { name: /o que estava errado/i }), 'Dizia março.');
    await user.type(screen.getByRole('textbox', { name: /o que está correto/i }), 'É abril.');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    const values = submit.mock.calls[0]![0];
    expect(toPublicationInput(values).revision).toEqual({ kind: 'correction', wrong: 'Dizia março.', correct: 'É abril.', correctedAt: null });
  });

  it('drops the revision when the story is unpublished in the same save', async () => {
    const { submit, user } = renderLive({ ...LIVE, revisionKind: 'minor_edit' });
    await user.click(screen.getByRole('checkbox', { name: 'Publicar imediatamente' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(toPublicationInput(submit.mock.calls[0]![0]).revision).toBeNull();
  });

  it('shows no section for a draft', () => {
    renderLive({ ...LIVE, published: false });
    expect(screen.queryByRole('group', { name: 'Alteração em notícia publicada' })).toBeNull();
  });
});
