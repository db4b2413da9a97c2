import { primaryButton } from '../../../components/ui/buttons';
import { ErrorAlert } from '../../../components/ui/alert-message';
import { useValidatedForm, type FieldErrors } from '../../../components/form/use-validated-form';
import { MIN_PASSWORD_LENGTH, NewPasswordFields } from './new-password-fields';
import { PASSWORD_MISMATCH_MESSAGE, isExpectedPasswordRefusal, newPasswordErrorMessage } from './auth-messages';

interface NewPasswordValues {
  password: string;
  confirmation: string;
}

interface NewPasswordFormProps {
  /** Saves the new password; throws the service's AuthError on failure. */
  onSave: (password: string) => Promise<void>;
}

/** The registration form's password rules (docs/product.md §19.7): at least 6 characters, confirmed. */
export function validateNewPassword({ password, confirmation }: NewPasswordValues): FieldErrors<NewPasswordValues> {
  const errors: FieldErrors<NewPasswordValues> = {};
  if (!password) errors.password = 'Informe a nova senha';
  else if (password.length < MIN_PASSWORD_LENGTH) errors.password = `A senha deve ter pelo menos ${MIN_PASSWORD_LENGTH} caracteres`;
  if (!confirmation) errors.confirmation = 'Confirme a nova senha';
  else if (password && password !== confirmation) errors.confirmation = PASSWORD_MISMATCH_MESSAGE;
  return errors;
}

/** docs/decisions/0013: the new password twice, 'Salvar nova senha' ('Salvando...'). */
export function NewPasswordForm({ onSave }: NewPasswordFormProps) {
  const { formRef, field, failure, saving, submit } = useValidatedForm({
    initialValues: { password: '', confirmation: '' },
    validate: validateNewPassword,
    onSubmit: ({ password }) => onSave(password),
    failureMessage: newPasswordErrorMessage,
    isExpectedFailure: isExpectedPasswordRefusal,
  });

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="space-y-4">
      {failure && <ErrorAlert>{failure}</ErrorAlert>}
      <NewPasswordFields
        labels={{ password: 'Nova senha', confirmation: 'Confirmar nova senha' }}
        password={field('password')}
        confirmation={field('confirmation')}
      />
      <button type="submit" disabled={saving} className={`${primaryButton} w-full`}>
        {saving ? 'Salvando...' : 'Salvar nova senha'}
      </button>
    </form>
  );
}
