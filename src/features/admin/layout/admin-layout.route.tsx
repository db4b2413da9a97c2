import { useCallback } from 'react';
import {
  Outlet,
  useLoaderData,
  useNavigate,
  useNavigation,
  useRevalidator,
  type LoaderFunctionArgs,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import { browserClient } from '../../../services/browser-client';
import { signOut } from '../../../services/auth';
import { paths } from '../../../lib/paths';
import { ErrorAlert } from '../../../components/ui/alert-message';
import { AdminRouteError } from '../shared/admin-route-error';
import { loadAdminAccess } from '../auth/admin-access';
import { useRevalidateOnAuthChange } from '../auth/use-revalidate-on-auth-change';
import { AdminSessionContext } from './admin-session-context';
import { AdminSidebar } from './admin-sidebar';
import { PendingApprovalNotice } from './pending-approval-notice';

/** Wraps every signed-in admin route: no user → sign-in (remembering the page); pending → the approval notice. */
export function loader({ request }: LoaderFunctionArgs) {
  return loadAdminAccess(request);
}

/**
 * Saves on the screens change no account, so they do not read the profile again; sign-in changes and 'Verificar
 * novamente' (revalidations without a form) do.
 */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod ? false : defaultShouldRevalidate;
}

export function Component() {
  const access = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  useRevalidateOnAuthChange(access.user.id);

  const handleSignOut = useCallback(() => {
    signOut(browserClient())
      .catch((error: unknown) => console.error(error))
      .finally(() => void navigate(paths.admin.login(), { replace: true }));
  }, [navigate]);

  if (access.status === 'pending') {
    return (
      <PendingApprovalNotice
        email={access.user.email}
        onCheckAgain={() => void revalidator.revalidate()}
        checking={revalidator.state === 'loading'}
        onSignOut={handleSignOut}
      />
    );
  }

  return (
    <AdminSessionContext value={access}>
      <div className="min-h-screen bg-slate-100 md:flex">
        <AdminSidebar userName={access.profile.name || access.user.email} onSignOut={handleSignOut} />
        {/* The screen stays until the next one's data is there (its loader runs first); meanwhile a bar says so, and
            the main region is marked busy for screen readers. */}
        {navigation.state === 'loading' && <div aria-hidden="true" className="fixed inset-x-0 top-0 z-50 h-1 animate-pulse bg-brand-600" />}
        <main aria-busy={navigation.state === 'loading'} className="min-w-0 flex-1 px-4 py-6 sm:px-6 md:px-8 md:py-8">
          <div className="mx-auto max-w-6xl">
            <Outlet />
          </div>
        </main>
      </div>
    </AdminSessionContext>
  );
}

export function ErrorBoundary() {
  return (
    <AdminRouteError
      onLoadFailure={(message) => (
        <main className="mx-auto max-w-xl p-6">
          <ErrorAlert>{message}</ErrorAlert>
        </main>
      )}
    />
  );
}
