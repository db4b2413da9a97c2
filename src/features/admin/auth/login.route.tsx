import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { browserClient } from '../../../services/browser-client';
import { signIn } from '../../../services/auth';
import { LoadingMessage } from '../../../components/ui/alert-message';
import { AuthPage } from './auth-page';
import { LoginForm } from './login-form';
import { returnPathAfterLogin } from './return-path';
import { useSession } from './use-session';

export function Component() {
  const session = useSession();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const target = returnPathAfterLogin(params.get('redirectTo'));

  // SPEC §2: an existing session goes straight on.
  if (session.status === 'ready' && session.user) return <Navigate to={target} replace />;

  return (
    <AuthPage title="Entrar">
      {session.status === 'loading' ? (
        <LoadingMessage />
      ) : (
        <LoginForm
          onSignIn={async (email, password) => {
            await signIn(browserClient(), email, password);
            await navigate(target, { replace: true });
          }}
        />
      )}
    </AuthPage>
  );
}
