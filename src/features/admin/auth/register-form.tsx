import { PrivacyNoticeLink } from '../../../components/ui/privacy-notice-link';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { ErrorAlert, SuccessNotice } from '../../../components/ui/alert-message';
import { primaryButton } from '../../../components/ui/buttons';
import { TextField } from '../../../components/form/form-fields';
import { useValidatedForm, type FieldErrors } from '../../../components/form/use-validated-form';
import { MIN_PASSWORD_LENGTH, NewPasswordFields } from './new-password-fields';
import { PASSWORD_MISMATCH_MESSAGE, isExpectedAuthRefusal, registerErrorMessage } from './auth-messages';

export interface RegisterValues {
  name: string;
  email: string;
  password: string;
}

interface RegisterFormProps {
  /** Creates the account; resolves true when a session came back (signed in), false when the e-mail must be confirmed. */
  onRegister: (values: RegisterValues) => Promise<boolean>;
}

type RegisterFormValues = RegisterValues & { confirmation: string };
type Errors = FieldErrors<RegisterFormValues>;

/** docs/product.md §19.7 register rules: every field required, passwords of at least 6 characters that match. */
export function validateRegistration(values: RegisterFormValues): Errors {
  const errors: Errors = {};
  if (!values.name.trim()) errors.name = 'Informe seu nome completo';
  if (!values.email.trim()) errors.email = 'Informe o email';
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email.trim())) errors.email = 'Informe um email válido';
  if (!values.password) errors.password = 'Informe a senha';
  else if (values.password.length < MIN_PASSWORD_LENGTH) errors.password = `A senha deve ter pelo menos ${MIN_PASSWORD_LENGTH} caracteres`;
  if (!values.confirmation) errors.confirmation = 'Confirme a senha';
  else if (values.confirmation.length < MIN_PASSWORD_LENGTH) {
    errors.confirmation = `A senha deve ter pelo menos ${MIN_PASSWORD_LENGTH} caracteres`;
  } else if (values.password && values.password !== values.confirmation) errors.confirmation = PASSWORD_MISMATCH_MESSAGE;
  return errors;
}

/** docs/product.md §2 admin register: full name, email, password, confirmation, 'Criar conta', link 'Fazer login'. */
export function RegisterForm({ onRegister }: RegisterFormProps) {
  const [confirmEmail, setConfirmEmail] = useState(false);
  const { formRef, values, field, failure, saving, submit } = useValidatedForm<RegisterFormValues>({
    initialValues: { name: '', email: '', password: '', confirmation: '' },
    validate: validateRegistration,
    onSubmit: async ({ name, email, password }) => {
      const signedIn = await onRegister({ name, email, password });
      if (!signedIn) setConfirmEmail(true);
    },
    failureMessage: (error) => registerErrorMessage(error),
    isExpectedFailure: isExpectedAuthRefusal,
  });

  if (confirmEmail) {
    return (
      <div className="space-y-4">
        <SuccessNotice>Conta criada! Confirme seu cadastro pelo link enviado para {values.email.trim()} e depois faça login.</SuccessNotice>
        <Link to={paths.admin.login()} className="font-semibold text-brand-700 underline hover:text-brand-900">
          Fazer login
        </Link>
      </div>
    );
  }

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="space-y-4">
      {failure && <ErrorAlert>{failure}</ErrorAlert>}
      <TextField label="Nome completo" autoComplete="name" required {...field('name')} />
      <TextField label="Email" type="email" autoComplete="email" required {...field('email')} />
      <NewPasswordFields labels={{ password: 'Senha', confirmation: 'Confirmar senha' }} password={field('password')} confirmation={field('confirmation')} />
      <PrivacyNoticeLink />
      <button type="submit" disabled={saving} className={`${primaryButton} w-full`}>
        {saving ? 'Processando...' : 'Criar conta'}
      </button>
      <p className="text-center text-sm text-slate-700">
        Já tem conta?{' '}
        <Link to={paths.admin.login()} className="font-semibold text-brand-700 underline hover:text-brand-900">
          Fazer login
        </Link>
      </p>
    </form>
  );
}
