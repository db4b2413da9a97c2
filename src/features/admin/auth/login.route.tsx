import { redirect, useNavigate, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { browserClient } from '../../../services/browser-client';
import { signIn } from '../../../services/auth';
import { AuthPage } from './auth-page';
import { currentUser } from './admin-access';
import { LoginForm } from './login-form';
import { returnPathAfterLogin } from './return-path';
import { useRevalidateOnAuthChange } from './use-revalidate-on-auth-change';

/** docs/product.md §2: an existing session goes straight on, to the page first asked for. */
export async function loader({ request }: LoaderFunctionArgs) {
  if (await currentUser()) throw redirect(returnPathAfterLogin(new URL(request.url).searchParams.get('redirectTo')));
  return null;
}

export function Component() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  // A sign-in in another tab sends this one on too.
  useRevalidateOnAuthChange(null);

  return (
    <AuthPage title="Entrar">
      <LoginForm
        onSignIn={async (email, password) => {
          await signIn(browserClient(), email, password);
          await navigate(returnPathAfterLogin(params.get('redirectTo')), { replace: true });
        }}
      />
    </AuthPage>
  );
}
