import { redirect, useNavigate } from 'react-router';
import { browserClient } from '../../../services/browser-client';
import { signUp } from '../../../services/auth';
import { paths } from '../../../lib/paths';
import { AuthPage } from './auth-page';
import { currentUser } from './admin-access';
import { RegisterForm } from './register-form';
import { useRevalidateOnAuthChange } from './use-revalidate-on-auth-change';

/** A signed-in user has an account already: the panel (or its approval notice). */
export async function loader() {
  if (await currentUser()) throw redirect(paths.admin.root());
  return null;
}

export function Component() {
  const navigate = useNavigate();
  useRevalidateOnAuthChange(null);

  return (
    <AuthPage title="Criar conta">
      <RegisterForm
        onRegister={async (values) => {
          // docs/product.md §18: sign-up sends { name, role: 'admin' } and the /admin redirect; the server decides the real
          // role (docs/decisions/0001): a new account waits for approval.
          const created = await signUp(browserClient(), {
            ...values,
            redirectTo: new URL(paths.admin.root(), window.location.origin).toString(),
          });
          if (created) await navigate(paths.admin.root(), { replace: true });
          return created !== null;
        }}
      />
    </AuthPage>
  );
}
