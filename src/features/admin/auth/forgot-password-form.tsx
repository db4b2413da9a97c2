import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { ErrorAlert, SuccessNotice } from '../../../components/ui/alert-message';
import { primaryButton } from '../../../components/ui/buttons';
import { TextField } from '../../../components/form/form-fields';
import { useValidatedForm, type FieldErrors } from '../../../components/form/use-validated-form';
import { emailFieldError, isExpectedRecoveryRefusal, isRecoveryAlreadySent, recoveryRequestErrorMessage } from './auth-messages';

interface ForgotPasswordValues {
  email: string;
}

interface ForgotPasswordFormProps {
  /** Asks for the recovery e-mail; throws the service's AuthError on failure. */
  onRequest: (email: string) => Promise<void>;
}

function validate({ email }: ForgotPasswordValues): FieldErrors<ForgotPasswordValues> {
  const error = emailFieldError(email);
  return error ? { email: error } : {};
}

const backToLogin = (
  <Link to={paths.admin.login()} className="font-semibold text-brand-700 underline hover:text-brand-900">
    Voltar para o login
  </Link>
);

/**
 * docs/decisions/0013: the e-mail, 'Enviar link' ('Enviando...'); then the same answer whether or not an account
 * has that address, so the page never tells who is registered.
 */
export function ForgotPasswordForm({ onRequest }: ForgotPasswordFormProps) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { formRef, field, failure, saving, submit } = useValidatedForm({
    initialValues: { email: '' },
    validate,
    onSubmit: async ({ email }) => {
      try {
        await onRequest(email.trim());
      } catch (error) {
        if (!isRecoveryAlreadySent(error)) throw error;
      }
      setSentTo(email.trim());
    },
    failureMessage: recoveryRequestErrorMessage,
    isExpectedFailure: isExpectedRecoveryRefusal,
    failureLog: 'Asking for a password-recovery e-mail failed',
  });

  if (sentTo !== null) {
    return (
      <div className="space-y-4">
        <SuccessNotice>
          Se houver uma conta com o email {sentTo}, enviamos um link para criar uma nova senha. Confira sua caixa de
          entrada e a pasta de spam. O link vale por 1 hora.
        </SuccessNotice>
        <p className="text-center text-sm text-slate-700">{backToLogin}</p>
      </div>
    );
  }

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="space-y-4">
      {failure && <ErrorAlert>{failure}</ErrorAlert>}
      <p className="text-sm text-slate-700">Informe o email da sua conta. Enviaremos um link para você criar uma nova senha.</p>
      <TextField label="Email" type="email" autoComplete="email" required {...field('email')} />
      <button type="submit" disabled={saving} className={`${primaryButton} w-full`}>
        {saving ? 'Enviando...' : 'Enviar link'}
      </button>
      <p className="text-center text-sm text-slate-700">{backToLogin}</p>
    </form>
  );
}
