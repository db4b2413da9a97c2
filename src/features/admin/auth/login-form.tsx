import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { ErrorAlert } from '../../../components/ui/alert-message';
import { primaryButton } from '../../../components/ui/buttons';
import { TextField } from '../../../components/form/form-fields';
import { useValidatedForm, type FieldErrors } from '../../../components/form/use-validated-form';
import { isExpectedAuthRefusal, loginErrorMessage } from './auth-messages';

interface LoginValues {
  email: string;
  password: string;
}

interface LoginFormProps {
  /** Signs in; throws the service's AuthError on failure. */
  onSignIn: (email: string, password: string) => Promise<void>;
}

function validateLogin({ email, password }: LoginValues): FieldErrors<LoginValues> {
  const errors: FieldErrors<LoginValues> = {};
  if (!email.trim()) errors.email = 'Informe o email';
  if (!password) errors.password = 'Informe a senha';
  return errors;
}

/**
 * docs/product.md §2 admin login: email and password, 'Esqueci minha senha', 'Entrar' ('Processando...' while busy),
 * link 'Criar conta'.
 */
export function LoginForm({ onSignIn }: LoginFormProps) {
  const { formRef, field, failure, saving, submit } = useValidatedForm({
    initialValues: { email: '', password: '' },
    validate: validateLogin,
    onSubmit: ({ email, password }) => onSignIn(email, password),
    failureMessage: (error) => loginErrorMessage(error),
    isExpectedFailure: isExpectedAuthRefusal,
  });

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="space-y-4">
      {failure && <ErrorAlert>{failure}</ErrorAlert>}
      <TextField label="Email" type="email" autoComplete="email" required {...field('email')} />
      <TextField label="Senha" type="password" autoComplete="current-password" required {...field('password')} />
      <p className="-mt-2 text-right text-sm">
        {/* docs/product.md §10.5, docs/decisions/0013. */}
        <Link to={paths.admin.forgotPassword()} className="font-semibold text-brand-700 underline hover:text-brand-900">
          Esqueci minha senha
        </Link>
      </p>
      <button type="submit" disabled={saving} className={`${primaryButton} w-full`}>
        {saving ? 'Processando...' : 'Entrar'}
      </button>
      <p className="text-center text-sm text-slate-700">
        Não tem conta?{' '}
        <Link to={paths.admin.register()} className="font-semibold text-brand-700 underline hover:text-brand-900">
          Criar conta
        </Link>
      </p>
    </form>
  );
}
