import { useCallback, useEffect, useRef, useState } from 'react';
import {
  Outlet,
  useLoaderData,
  useLocation,
  useNavigate,
  useNavigation,
  useRevalidator,
  type LoaderFunctionArgs,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import { browserClient } from '../../../services/browser-client';
import { signOut } from '../../../services/auth';
import { paths } from '../../../lib/paths';
import { startBrowserErrorReports } from '../../../lib/error-reports/browser';
import { ErrorAlert } from '../../../components/ui/alert-message';
import { AdminRouteError } from '../shared/admin-route-error';
import { loadAdminAccess } from '../auth/admin-access';
import { loginPathFor } from '../auth/return-path';
import { SessionExpiredDialog } from '../auth/session-expired-dialog';
import { useRevalidateOnAuthChange } from '../auth/use-revalidate-on-auth-change';
import { AccountRemovedNotice } from './account-removed-notice';
import { AdminSessionContext } from './admin-session-context';
import { AdminSidebar } from './admin-sidebar';
import { FailingJobsWarning } from './failing-jobs-warning';
import { PendingApprovalNotice } from './pending-approval-notice';

/** The main region's id, the skip link's target. */
const ADMIN_MAIN_ID = 'conteudo';

/**
 * Wraps every signed-in admin route: no user → sign-in (remembering the page); pending → the approval notice; an
 * account deleted meanwhile (a refused sign-up) → says so, and signs out.
 */
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
  const location = useLocation();
  // The session ended without the editor signing out (a refused token refresh): sign in again over the screen.
  const [sessionLost, setSessionLost] = useState(false);
  const signingOut = useRef(false);
  const onSessionLost = useCallback(() => {
    if (!signingOut.current) setSessionLost(true);
  }, []);
  // An account waiting for approval has nothing typed to keep: it goes to the sign-in page as before. A removed one is
  // followed as signed out already, so ending its session below does not send it to the sign-in page.
  useRevalidateOnAuthChange(
    access.status === 'removed' ? null : access.user.id,
    access.status === 'staff' ? onSessionLost : undefined,
  );
  const { revalidate } = revalidator;
  const checkAgain = useCallback(() => void revalidate(), [revalidate]);
  // The panel's errors are reported (with VITE_SENTRY_DSN only: docs/decisions/0041); its SDK loads after the panel.
  useEffect(() => startBrowserErrorReports(), []);
  // The deleted account's token outlives it (until it expires, the API still accepts it): end the session here.
  useEffect(() => {
    if (access.status === 'removed') signOut(browserClient()).catch((error: unknown) => console.error(error));
  }, [access.status]);

  const handleSignOut = useCallback(() => {
    signingOut.current = true;
    signOut(browserClient())
      .catch((error: unknown) => console.error(error))
      .finally(() => void navigate(paths.admin.login(), { replace: true }));
  }, [navigate]);

  if (access.status === 'removed') return <AccountRemovedNotice email={access.user.email} />;

  if (access.status === 'pending') {
    // An account waiting for approval still has its own data to download or delete (LGPD art. 18).
    if (location.pathname === paths.admin.account()) {
      return (
        <main className="mx-auto max-w-3xl px-4 py-8">
          <Outlet />
        </main>
      );
    }
    return (
      <PendingApprovalNotice
        email={access.user.email}
        onCheckAgain={checkAgain}
        checking={revalidator.state === 'loading'}
        onSignOut={handleSignOut}
      />
    );
  }

  return (
    <AdminSessionContext value={access}>
      <div className="min-h-screen bg-slate-100 md:flex">
        {/* First in the Tab order: past the sidebar's links to the screen itself (WCAG 2.4.1). */}
        <a
          href={`#${ADMIN_MAIN_ID}`}
          className="sr-only z-50 rounded bg-white px-4 py-2 text-brand-800 focus:not-sr-only focus:absolute focus:left-2 focus:top-2"
        >
          Pular para o conteúdo
        </a>
        <AdminSidebar userName={access.profile.name || access.user.email} role={access.role} onSignOut={handleSignOut} />
        {/* The screen stays until the next one's data is there (its loader runs first); meanwhile a bar says so, and
            the main region is marked busy for screen readers. */}
        {navigation.state === 'loading' && <div aria-hidden="true" className="fixed inset-x-0 top-0 z-50 h-1 animate-pulse bg-brand-600" />}
        <main id={ADMIN_MAIN_ID} tabIndex={-1} aria-busy={navigation.state === 'loading'} className="min-w-0 flex-1 outline-none px-4 py-6 sm:px-6 md:px-8 md:py-8">
          <div className="mx-auto max-w-6xl">
            {access.role === 'admin' && <FailingJobsWarning />}
            <Outlet />
          </div>
        </main>
      </div>
      {sessionLost && (
        <SessionExpiredDialog
          email={access.user.email}
          onSignedIn={() => setSessionLost(false)}
          onLeave={() => void navigate(loginPathFor(`${location.pathname}${location.search}`), { replace: true })}
        />
      )}
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
