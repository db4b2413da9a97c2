import { useEffect } from 'react';
import { browserClient } from '../../../services/browser-client';
import { signIn } from '../../../services/auth';
import { ErrorAlert } from '../../../components/ui/alert-message';
import { primaryButton } from '../../../components/ui/buttons';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/form/form-fields';
import { useValidatedForm, type FieldErrors } from '../../../components/form/use-validated-form';
import { isExpectedAuthRefusal, loginErrorMessage } from './auth-messages';

interface Credentials {
  email: string;
  password: string;
}

interface SessionExpiredDialogProps {
  /** The account that was signed in: the e-mail comes filled in. */
  email: string;
  /** Signed in again: the screen behind carries on (a save can be sent again). */
  onSignedIn: () => void;
  /** Closing without signing in leaves for the sign-in page; what was typed in a form stays as its draft. */
  onLeave: () => void;
}

function validate({ email, password }: Credentials): FieldErrors<Credentials> {
  const errors: FieldErrors<Credentials> = {};
  if (!email.trim()) errors.email = 'Informe o email';
  if (!password) errors.password = 'Informe a senha';
  return errors;
}

/**
 * The session ended under the editor (its refresh was refused: signed out elsewhere, revoked, expired): a sign-in over
 * the screen, so a form being typed stays exactly as it is, and its save can be retried once signed in.
 */
export function SessionExpiredDialog({ email, onSignedIn, onLeave }: SessionExpiredDialogProps) {
  const { formRef, field, failure, saving, submit } = useValidatedForm({
    initialValues: { email, password: '' },
    validate,
    onSubmit: async (values) => {
      await signIn(browserClient(), values.email, values.password);
      onSignedIn();
    },
    failureMessage: loginErrorMessage,
    isExpectedFailure: isExpectedAuthRefusal,
  });

  // The e-mail comes filled in: the password is what is missing (the dialog would focus its close button first).
  useEffect(() => {
    formRef.current?.querySelector<HTMLInputElement>('input[type="password"]')?.focus();
  }, [formRef]);

  return (
    <Modal
      open
      size="sm"
      title="Sua sessão expirou"
      description="Entre novamente para continuar. O que você estava editando continua aqui."
      onClose={onLeave}
    >
      <form ref={formRef} onSubmit={submit} noValidate className="space-y-4">
        {failure && <ErrorAlert>{failure}</ErrorAlert>}
        <TextField label="Email" type="email" autoComplete="email" required {...field('email')} />
        <TextField label="Senha" type="password" autoComplete="current-password" required {...field('password')} />
        <button type="submit" disabled={saving} className={`${primaryButton} w-full`}>
          {saving ? 'Processando...' : 'Entrar'}
        </button>
      </form>
    </Modal>
  );
}
