import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { ErrorAlert } from '../../../components/ui/alert-message';
import { primaryButton } from '../../../components/ui/buttons';
import { TextField, focusFirstInvalid } from '../../../components/form/form-fields';
import { isExpectedAuthRefusal, loginErrorMessage } from './auth-messages';

interface LoginFormProps {
  /** Signs in; throws the service's AuthError on failure. */
  onSignIn: (email: string, password: string) => Promise<void>;
}

type Errors = Partial<Record<'email' | 'password', string>>;

/** SPEC §2 admin login: email and password, 'Entrar' ('Processando...' while busy), link 'Criar conta'. */
export function LoginForm({ onSignIn }: LoginFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: Errors = {};
    if (!email.trim()) found.email = 'Informe o email';
    if (!password) found.password = 'Informe a senha';
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) {
      queueMicrotask(() => focusFirstInvalid(formRef.current));
      return;
    }
    setBusy(true);
    try {
      await onSignIn(email, password);
    } catch (error) {
      if (!isExpectedAuthRefusal(error)) console.error(error);
      setFailure(loginErrorMessage(error));
      setBusy(false);
    }
  }

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="space-y-4">
      {failure && <ErrorAlert>{failure}</ErrorAlert>}
      <TextField label="Email" name="email" type="email" autoComplete="email" required value={email} onChange={setEmail} error={errors.email} />
      <TextField
        label="Senha"
        name="password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={setPassword}
        error={errors.password}
      />
      <button type="submit" disabled={busy} className={`${primaryButton} w-full`}>
        {busy ? 'Processando...' : 'Entrar'}
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
