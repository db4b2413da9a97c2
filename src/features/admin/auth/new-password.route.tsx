import { Link, useLoaderData, useLocation, useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';
import { browserClient } from '../../../services/browser-client';
import { getSession, hasRecoverySession, updatePassword, userFromSession, type SignedInUser } from '../../../services/auth';
import { AuthPage } from './auth-page';
import { NewPasswordForm } from './new-password-form';
import { useRevalidateOnAuthChange } from './use-revalidate-on-auth-change';

interface NewPasswordData {
  /** Whoever is signed in (to follow sign-ins and sign-outs in other tabs), or null. */
  user: SignedInUser | null;
  /** Whether that session came from a recovery link: only then may a password be chosen here. */
  recovery: boolean;
}

/**
 * The recovery link lands here with the session in the fragment: the browser's client reads it as it starts
 * (browser-client.ts), so the session is there by the time getSession answers.
 */
export async function loader(): Promise<NewPasswordData> {
  const client = browserClient();
  try {
    const user = userFromSession(await getSession(client));
    return { user, recovery: user !== null && (await hasRecoverySession(client)) };
  } catch (error) {
    // An unreadable session is no recovery session: the page offers to ask for a new link.
    console.error(error);
    return { user: null, recovery: false };
  }
}

const linkClass = 'font-semibold text-brand-700 underline hover:text-brand-900';

/** No recovery session: the link was not followed, or it failed (used already, expired). */
function NoRecoverySession({ linkFailed }: { linkFailed: boolean }) {
  return (
    <AuthPage title={linkFailed ? 'Link inválido ou expirado' : 'Nova senha'}>
      <div className="space-y-4 text-slate-700">
        <p>
          {linkFailed
            ? 'Este link de recuperação é inválido, já foi usado ou expirou. Peça um novo link para criar sua senha.'
            : 'Para criar uma nova senha, abra o link que enviamos para o seu email. Se não o encontrar, peça um novo.'}
        </p>
        <p className="flex flex-col gap-2 text-sm sm:flex-row sm:justify-between">
          <Link to={paths.admin.forgotPassword()} className={linkClass}>
            Pedir um novo link
          </Link>
          <Link to={paths.admin.login()} className={linkClass}>
            Voltar para o login
          </Link>
        </p>
      </div>
    </AuthPage>
  );
}

export function Component() {
  const { user, recovery } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const { hash } = useLocation();
  useRevalidateOnAuthChange(user?.id ?? null);

  // GoTrue sends a failed link back with the error in the fragment; that is what to tell, even to a browser still
  // holding an earlier recovery session.
  const linkFailed = new URLSearchParams(hash.replace(/^#/, '')).has('error_code');
  if (linkFailed || !user || !recovery) return <NoRecoverySession linkFailed={linkFailed} />;
  return (
    <AuthPage title="Nova senha">
      <p className="mb-4 text-sm text-slate-700">Crie uma nova senha para {user.email}.</p>
      <NewPasswordForm
        onSave={async (password) => {
          await updatePassword(browserClient(), password);
          // The panel shows the dashboard, or the pending-approval notice to an account not yet approved.
          await navigate(paths.admin.root(), { replace: true });
        }}
      />
    </AuthPage>
  );
}
