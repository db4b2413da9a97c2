import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { ErrorAlert, SuccessNotice } from '../../../components/ui/alert-message';
import { primaryButton } from '../../../components/ui/buttons';
import { TextField, focusFirstInvalid } from '../../../components/form/form-fields';
import { PASSWORD_MISMATCH_MESSAGE, isExpectedAuthRefusal, registerErrorMessage } from './auth-messages';

export const MIN_PASSWORD_LENGTH = 6;

export interface RegisterValues {
  name: string;
  email: string;
  password: string;
}

interface RegisterFormProps {
  /** Creates the account; resolves true when a session came back (signed in), false when the e-mail must be confirmed. */
  onRegister: (values: RegisterValues) => Promise<boolean>;
}

type Field = 'name' | 'email' | 'password' | 'confirmation';
type Errors = Partial<Record<Field, string>>;

/** SPEC §5 register rules: every field required, passwords of at least 6 characters that match. */
export function validateRegistration(values: RegisterValues & { confirmation: string }): Errors {
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

/** SPEC §2 admin register: full name, email, password, confirmation, 'Criar conta', link 'Fazer login'. */
export function RegisterForm({ onRegister }: RegisterFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [confirmEmail, setConfirmEmail] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateRegistration({ name, email, password, confirmation });
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) {
      queueMicrotask(() => focusFirstInvalid(formRef.current));
      return;
    }
    setBusy(true);
    try {
      const signedIn = await onRegister({ name, email, password });
      if (!signedIn) {
        setConfirmEmail(true);
        setBusy(false);
      }
    } catch (error) {
      if (!isExpectedAuthRefusal(error)) console.error(error);
      setFailure(registerErrorMessage(error));
      setBusy(false);
    }
  }

  if (confirmEmail) {
    return (
      <div className="space-y-4">
        <SuccessNotice>Conta criada! Confirme seu cadastro pelo link enviado para {email.trim()} e depois faça login.</SuccessNotice>
        <Link to={paths.admin.login()} className="font-semibold text-brand-700 underline hover:text-brand-900">
          Fazer login
        </Link>
      </div>
    );
  }

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="space-y-4">
      {failure && <ErrorAlert>{failure}</ErrorAlert>}
      <TextField label="Nome completo" name="name" autoComplete="name" required value={name} onChange={setName} error={errors.name} />
      <TextField label="Email" name="email" type="email" autoComplete="email" required value={email} onChange={setEmail} error={errors.email} />
      <TextField
        label="Senha"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        value={password}
        onChange={setPassword}
        error={errors.password}
        hint={`Mínimo de ${MIN_PASSWORD_LENGTH} caracteres`}
      />
      <TextField
        label="Confirmar senha"
        name="confirmation"
        type="password"
        autoComplete="new-password"
        required
        value={confirmation}
        onChange={setConfirmation}
        error={errors.confirmation}
      />
      <button type="submit" disabled={busy} className={`${primaryButton} w-full`}>
        {busy ? 'Processando...' : 'Criar conta'}
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
