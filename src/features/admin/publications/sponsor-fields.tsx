import { CheckboxField, TextField } from '../../../components/form/form-fields';
import type { ValidatedForm } from '../../../components/form/use-validated-form';
import type { PublicationFormValues } from './publication-values';

// docs/product.md §12: a sponsored story ('Conteúdo patrocinado') and its sponsor, whose name readers see on its page.

/** The limit of publications.sponsor_name (migration 20261127100000). */
export const SPONSOR_NAME_MAX = 120;

export const SPONSOR_MESSAGES = {
  required: 'Informe o nome do patrocinador.',
  tooLong: `O nome do patrocinador deve ter no máximo ${SPONSOR_NAME_MAX} caracteres.`,
} as const;

/** A ticked box needs the sponsor's name, within the column's limit; an unticked one checks nothing (nothing is saved). */
export function validateSponsor(values: PublicationFormValues): Partial<Record<keyof PublicationFormValues, string>> {
  if (!values.sponsored) return {};
  const name = values.sponsorName.trim();
  if (!name) return { sponsorName: SPONSOR_MESSAGES.required };
  if (name.length > SPONSOR_NAME_MAX) return { sponsorName: SPONSOR_MESSAGES.tooLong };
  return {};
}

type SponsorForm = Pick<ValidatedForm<PublicationFormValues>, 'values' | 'set' | 'field'>;

/** The box, and the sponsor's name once it is ticked. */
export function SponsorFields({ form }: { form: SponsorForm }) {
  const { values, set, field } = form;
  return (
    <div className="space-y-3">
      <CheckboxField label="Conteúdo patrocinado" name="sponsored" checked={values.sponsored} onChange={(v) => set('sponsored', v)} />
      {values.sponsored && (
        <TextField
          label="Patrocinador"
          required
          placeholder="Nome da empresa ou entidade"
          hint="Os leitores veem “Conteúdo patrocinado por” e este nome na página da notícia."
          {...field('sponsorName')}
        />
      )}
    </div>
  );
}
