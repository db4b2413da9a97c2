import { Link } from 'react-router';
import { CheckboxField, TextField } from '../../../components/form/form-fields';
import type { ValidatedForm } from '../../../components/form/use-validated-form';
import { fromSaoPauloInput } from '../../../lib/dates';
import type { PublicationFormValues } from './publication-values';

// docs/product.md §12, docs/decisions/0014: when the story goes out, whether it leads the home page, and whose name signs it.

/** The checks of these fields; `now` is the form's clock (a test's fixed one). */
export function validatePublishing(values: PublicationFormValues, now: Date): Partial<Record<keyof PublicationFormValues, string>> {
  const errors: Partial<Record<keyof PublicationFormValues, string>> = {};
  if (values.scheduled) {
    const at = fromSaoPauloInput(values.scheduleAt);
    if (!values.scheduleAt.trim()) errors.scheduleAt = 'Informe a data e a hora da publicação';
    else if (!at) errors.scheduleAt = 'Data e hora inválidas';
    else if (at.getTime() <= now.getTime()) errors.scheduleAt = 'Escolha uma data e hora no futuro (horário de São Paulo)';
  }
  if (values.isLead && !values.published) {
    errors.isLead = values.scheduled
      ? 'Uma publicação agendada só pode ser manchete depois de publicada'
      : 'Só uma publicação publicada pode ser a manchete';
  }
  return errors;
}

/** What saving a story marked 'Manchete' does to the current lead, in the newsroom's words. */
function replacesLeadText(currentLead: string): string {
  return `Ao salvar, esta publicação passa a ser a manchete, no lugar de “${currentLead}”, que deixa de ser a manchete.`;
}

/** When the story goes out: now or at a set time, never both, so ticking one unticks the other. */
const WHEN_CHOICES = [
  { key: 'published', label: 'Publicar imediatamente', excludes: 'scheduled' },
  { key: 'scheduled', label: 'Agendar publicação', excludes: 'published' },
] as const;

type PublishingForm = Pick<ValidatedForm<PublicationFormValues>, 'values' | 'set' | 'field' | 'errors'>;

/**
 * `replacedLead`: the title of the story that leads the home page now, when it is another one; ticking 'Manchete'
 * says, before saving, that it stops being the lead (the database moves the mark on save).
 */
export function PublishingFields({
  form,
  previewHref,
  replacedLead = null,
}: {
  form: PublishingForm;
  previewHref: string | null;
  replacedLead?: string | null;
}) {
  const { values, set, field, errors } = form;
  return (
    <fieldset className="min-w-0 space-y-3 rounded-md border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-800">Publicação</legend>
      {WHEN_CHOICES.map(({ key, label, excludes }) => (
        <CheckboxField
          key={key}
          label={label}
          name={key}
          checked={values[key]}
          onChange={(v) => {
            set(key, v);
            if (v) set(excludes, false);
          }}
        />
      ))}
      {values.scheduled && (
        <TextField
          label="Data e hora da publicação (horário de São Paulo)"
          type="datetime-local"
          required
          hint="A publicação aparece para os leitores nesse horário, sem ninguém precisar agir."
          {...field('scheduleAt')}
        />
      )}
      <CheckboxField label="Manchete da página inicial" name="isLead" checked={values.isLead} onChange={(v) => set('isLead', v)} />
      {errors.isLead && (
        <p role="alert" className="text-sm text-red-700">
          {errors.isLead}
        </p>
      )}
      {values.isLead && !errors.isLead && replacedLead !== null && (
        <p role="status" className="text-sm text-slate-700">
          {replacesLeadText(replacedLead)}
        </p>
      )}
      <BylineFields signed={values.signed} onSignedChange={(v) => set('signed', v)} previewHref={previewHref} />
    </fieldset>
  );
}

/** Whose name signs the story, and the saved version's preview: the editor's box and the reporter's alike. */
export function BylineFields({ signed, onSignedChange, previewHref }: { signed: boolean; onSignedChange: (signed: boolean) => void; previewHref: string | null }) {
  return (
    <>
      <CheckboxField label="Assinar com meu nome" name="signed" checked={signed} onChange={onSignedChange} />
      <p className="text-xs text-slate-600">Sem essa opção, a autoria aparece como “Redação”.</p>
      {previewHref && (
        <Link to={previewHref} className="inline-block text-sm font-semibold text-brand-700 underline hover:no-underline">
          Pré-visualizar (versão salva)
        </Link>
      )}
    </>
  );
}
