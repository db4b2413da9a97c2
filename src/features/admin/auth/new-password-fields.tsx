import type { ComponentProps } from 'react';
import { TextField } from '../../../components/form/form-fields';

/** docs/product.md §19.7: a password has at least 6 characters. */
export const MIN_PASSWORD_LENGTH = 6;

/** What a form's `field(key)` ties to a text field (use-validated-form.ts). */
type BoundField = Pick<ComponentProps<typeof TextField>, 'name' | 'value' | 'onChange' | 'error'>;

/**
 * A new password and its confirmation, as registering and recovering ask them: a password manager offers a new
 * password for both, and the first names the minimum length (docs/product.md §19.7).
 */
export function NewPasswordFields({
  labels,
  password,
  confirmation,
}: {
  labels: { password: string; confirmation: string };
  password: BoundField;
  confirmation: BoundField;
}) {
  return (
    <>
      <TextField
        label={labels.password}
        type="password"
        autoComplete="new-password"
        required
        hint={`Mínimo de ${MIN_PASSWORD_LENGTH} caracteres`}
        {...password}
      />
      <TextField label={labels.confirmation} type="password" autoComplete="new-password" required {...confirmation} />
    </>
  );
}
