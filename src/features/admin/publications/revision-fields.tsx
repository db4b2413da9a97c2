import { useId } from 'react';
import { TextAreaField, TextField } from '../../../components/form/form-fields';
import type { FieldErrors, ValidatedForm } from '../../../components/form/use-validated-form';
import { formatSaoPauloDateTime, fromSaoPauloInput } from '../../../lib/dates';
import { sanitizeRichText } from '../../../lib/rich-text/sanitize';
import type { RevisionHistory } from '../../../services/publication-admin';
import type { PublicationFormValues, RevisionValues } from './publication-values';

// docs/decisions/0038: once a story is live, a change to its title, description or content is saved with a
// correction (readers see it at the story's end and in /correcoes) or a minor edit (typos, formatting: the newsroom
// keeps who and when). The database refuses it otherwise; this section asks for it first, in the form itself, so the
// correction's text is kept in the form's draft with the story's.

/** The limits of publication_corrections.wrong/correct and publication_minor_edits.note. */
export const CORRECTION_TEXT_MAX = 1000;
export const MINOR_EDIT_NOTE_MAX = 300;

export const REVISION_MESSAGES = {
  kindRequired: 'O texto de uma notícia publicada mudou: escolha “Correção” ou “Edição menor” para salvar.',
  wrongRequired: 'Diga o que estava errado.',
  rightRequired: 'Diga o que está correto.',
  tooLong: `Use no máximo ${CORRECTION_TEXT_MAX} caracteres.`,
  noteTooLong: `Use no máximo ${MINOR_EDIT_NOTE_MAX} caracteres.`,
  dateInvalid: 'Informe uma data e hora válidas, ou deixe em branco para agora.',
  dateFuture: 'A correção não pode ter data no futuro.',
} as const;

/** The story was live when the form opened and stays published: its text changes are revisions. */
export function isLiveEdit(initial: PublicationFormValues, values: PublicationFormValues): boolean {
  return initial.published && !initial.scheduled && values.published;
}

/** Whether the title, description or content differ from what was loaded (the content as it will be stored). */
export function textChanged(initial: PublicationFormValues, values: PublicationFormValues): boolean {
  return (
    initial.title.trim() !== values.title.trim() ||
    initial.description.trim() !== values.description.trim() ||
    (initial.content !== values.content && sanitizeRichText(initial.content) !== sanitizeRichText(values.content))
  );
}

export function validateRevision(initial: PublicationFormValues, values: PublicationFormValues, now: Date = new Date()): FieldErrors<PublicationFormValues> {
  if (!isLiveEdit(initial, values)) return {};
  const errors: FieldErrors<PublicationFormValues> = {};
  if (values.revisionKind === '' && textChanged(initial, values)) errors.revisionKind = REVISION_MESSAGES.kindRequired;
  if (values.revisionKind === 'correction') {
    const wrong = values.correctionWrong.trim();
    const right = values.correctionRight.trim();
    if (!wrong) errors.correctionWrong = REVISION_MESSAGES.wrongRequired;
    else if (wrong.length > CORRECTION_TEXT_MAX) errors.correctionWrong = REVISION_MESSAGES.tooLong;
    if (!right) errors.correctionRight = REVISION_MESSAGES.rightRequired;
    else if (right.length > CORRECTION_TEXT_MAX) errors.correctionRight = REVISION_MESSAGES.tooLong;
    if (values.correctionAt) {
      const at = fromSaoPauloInput(values.correctionAt);
      if (!at) errors.correctionAt = REVISION_MESSAGES.dateInvalid;
      else if (at.getTime() > now.getTime() + 60_000) errors.correctionAt = REVISION_MESSAGES.dateFuture;
    }
  }
  if (values.revisionKind === 'minor_edit' && values.minorEditNote.trim().length > MINOR_EDIT_NOTE_MAX) {
    errors.minorEditNote = REVISION_MESSAGES.noteTooLong;
  }
  return errors;
}

/** What is saved: a revision only for a live story that stays published (unpublishing needs none). */
export function withApplicableRevision(initial: PublicationFormValues, values: PublicationFormValues): PublicationFormValues {
  return isLiveEdit(initial, values) ? values : { ...values, revisionKind: '' };
}

type RevisionForm = Pick<ValidatedForm<PublicationFormValues>, 'values' | 'set' | 'field' | 'errors'>;

const KINDS: { value: RevisionValues['revisionKind']; label: string; hint: string }[] = [
  { value: '', label: 'Nenhuma', hint: 'O título, a descrição e o conteúdo não mudaram.' },
  { value: 'correction', label: 'Correção', hint: 'Um erro de informação: os leitores veem a correção no fim da notícia e “Atualizado em”.' },
  { value: 'minor_edit', label: 'Edição menor', hint: 'Erro de digitação ou formatação: fica registrado quem alterou e quando.' },
];

/** The section a live story's form shows above 'Salvar'. */
export function RevisionFields({ form, changed }: { form: RevisionForm; changed: boolean }) {
  const { values, set, field, errors } = form;
  const legendId = useId();
  const errorId = useId();
  const error = errors.revisionKind;
  return (
    <fieldset
      aria-labelledby={legendId}
      aria-describedby={error ? errorId : undefined}
      className="space-y-4 rounded-md border border-amber-300 bg-amber-50 p-4"
    >
      <legend id={legendId} className="px-1 text-sm font-semibold text-slate-900">
        Alteração em notícia publicada
      </legend>
      <p className="text-sm text-slate-700">
        {changed
          ? 'Você alterou o texto de uma notícia que os leitores já viram. Diga como registrar a alteração.'
          : 'Para corrigir uma informação sem mudar o texto, escolha “Correção” e descreva-a.'}
      </p>
      <div className="space-y-2">
        {KINDS.map((kind) => (
          <label key={kind.value || 'none'} className="flex items-start gap-2 text-sm">
            <input
              type="radio"
              name="revisionKind"
              value={kind.value}
              checked={values.revisionKind === kind.value}
              onChange={() => set('revisionKind', kind.value)}
              aria-invalid={error ? true : undefined}
              className="mt-0.5 h-4 w-4 shrink-0 border-slate-400 text-brand-700 focus:ring-brand-600"
            />
            <span>
              <span className="font-medium text-slate-900">{kind.label}</span>
              <span className="block text-slate-600">{kind.hint}</span>
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
      {values.revisionKind === 'correction' && (
        <div className="space-y-4">
          <TextAreaField label="O que estava errado" required rows={2} {...field('correctionWrong')} />
          <TextAreaField label="O que está correto" required rows={2} {...field('correctionRight')} />
          <TextField
            label="Data e hora da correção (horário de São Paulo)"
            type="datetime-local"
            hint="Em branco: agora."
            {...field('correctionAt')}
          />
        </div>
      )}
      {values.revisionKind === 'minor_edit' && (
        <TextField label="Observação (opcional)" placeholder="Ex.: erro de digitação no segundo parágrafo" {...field('minorEditNote')} />
      )}
    </fieldset>
  );
}

/** The story's corrections and minor edits, newest first, under its form. */
export function RevisionHistoryList({ history }: { history: RevisionHistory }) {
  const { corrections, minorEdits } = history;
  if (!corrections.length && !minorEdits.length) return null;
  return (
    <section aria-labelledby="historico-alteracoes" className="mt-6 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id="historico-alteracoes" className="text-lg font-semibold text-slate-900">
        Histórico de alterações
      </h2>
      {corrections.length > 0 && (
        <>
          <h3 className="mt-4 text-sm font-semibold uppercase tracking-wide text-slate-600">Correções</h3>
          <ul className="mt-2 space-y-3 text-sm">
            {corrections.map((correction) => (
              <li key={correction.id} className="border-l-4 border-amber-500 pl-3">
                <p className="text-slate-600">
                  {formatSaoPauloDateTime(correction.corrected_at)} · {correction.corrected_by_name || 'Conta removida'}
                </p>
                <p className="text-slate-900">
                  <span className="font-medium">Estava errado:</span> {correction.wrong}
                </p>
                <p className="text-slate-900">
                  <span className="font-medium">Correto:</span> {correction.correct}
                </p>
              </li>
            ))}
          </ul>
        </>
      )}
      {minorEdits.length > 0 && (
        <>
          <h3 className="mt-4 text-sm font-semibold uppercase tracking-wide text-slate-600">Edições menores</h3>
          <ul className="mt-2 space-y-2 text-sm">
            {minorEdits.map((edit) => (
              <li key={edit.id} className="text-slate-800">
                {formatSaoPauloDateTime(edit.edited_at)} · {edit.edited_by_name || 'Conta removida'}
                {edit.note && <span className="text-slate-600"> — {edit.note}</span>}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
