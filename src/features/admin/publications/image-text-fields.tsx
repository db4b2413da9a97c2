import { TextField } from '../../../components/form/form-fields';
import type { ValidatedForm } from '../../../components/form/use-validated-form';
import type { PublicationFormValues } from './publication-values';

// docs/product.md §12: the main image's alternative text and credit, under the image field.

/** The limits of publications.image_alt and image_credit (migration 20261123140000). */
export const IMAGE_ALT_MAX = 300;
export const IMAGE_CREDIT_MAX = 120;

export const IMAGE_TEXT_MESSAGES = {
  altRequired: 'Informe o texto alternativo da imagem: descreva-a para quem não pode vê-la',
  altTooLong: `O texto alternativo deve ter no máximo ${IMAGE_ALT_MAX} caracteres`,
  creditTooLong: `O crédito deve ter no máximo ${IMAGE_CREDIT_MAX} caracteres`,
} as const;

/** The alternative text is required when there is an image; neither text may pass its column's limit. */
export function validateImageTexts(values: PublicationFormValues): Partial<Record<keyof PublicationFormValues, string>> {
  const errors: Partial<Record<keyof PublicationFormValues, string>> = {};
  if (!values.imageUrl) return errors;
  const alt = values.imageAlt.trim();
  if (!alt) errors.imageAlt = IMAGE_TEXT_MESSAGES.altRequired;
  else if (alt.length > IMAGE_ALT_MAX) errors.imageAlt = IMAGE_TEXT_MESSAGES.altTooLong;
  if (values.imageCredit.trim().length > IMAGE_CREDIT_MAX) errors.imageCredit = IMAGE_TEXT_MESSAGES.creditTooLong;
  return errors;
}

type ImageTextForm = Pick<ValidatedForm<PublicationFormValues>, 'values' | 'field'>;

/** Shown once there is an image (or one is going up): what is typed stays in the draft even if the image changes. */
export function ImageTextFields({ form, uploading }: { form: ImageTextForm; uploading: boolean }) {
  const { values, field } = form;
  if (!values.imageUrl && !uploading) return null;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        label="Texto alternativo da imagem"
        required
        hint="Descreva o que a foto mostra, para quem usa leitor de tela."
        {...field('imageAlt')}
      />
      <TextField
        label="Crédito da foto"
        placeholder="Nome do fotógrafo ou da agência"
        hint='Opcional. A legenda mostra "Foto: crédito".'
        {...field('imageCredit')}
      />
    </div>
  );
}
