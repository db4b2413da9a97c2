import { Navigate, useNavigate } from 'react-router';
import { browserClient } from '../../../services/browser-client';
import { signUp } from '../../../services/auth';
import { paths } from '../../../lib/paths';
import { LoadingMessage } from '../../../components/ui/alert-message';
import { AuthPage } from './auth-page';
import { RegisterForm } from './register-form';
import { useSession } from './use-session';

export function Component() {
  const session = useSession();
  const navigate = useNavigate();

  if (session.status === 'ready' && session.user) return <Navigate to={paths.admin.root()} replace />;

  return (
    <AuthPage title="Criar conta">
      {session.status === 'loading' ? (
        <LoadingMessage />
      ) : (
        <RegisterForm
          onRegister={async (values) => {
            // SPEC §7: sign-up sends { name, role: 'admin' } and the /admin redirect; the server decides the real
            // role (DESIGN §4): a new account waits for approval.
            const created = await signUp(browserClient(), {
              ...values,
              redirectTo: new URL(paths.admin.root(), window.location.origin).toString(),
            });
            if (created) await navigate(paths.admin.root(), { replace: true });
            return created !== null;
          }}
        />
      )}
    </AuthPage>
  );
}
