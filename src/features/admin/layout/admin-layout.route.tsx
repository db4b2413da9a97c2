import { useCallback, useMemo } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { browserClient } from '../../../services/browser-client';
import { signOut } from '../../../services/auth';
import { getOwnProfile } from '../../../services/profiles';
import { paths } from '../../../lib/paths';
import { ErrorAlert, LoadingMessage } from '../../../components/ui/alert-message';
import { useAsyncData } from '../shared/use-async-data';
import { loginPathFor } from '../auth/return-path';
import { useSession } from '../auth/use-session';
import type { SignedInUser } from '../../../services/auth';
import { AdminSessionContext } from './admin-session-context';
import { AdminSidebar } from './admin-sidebar';
import { PendingApprovalNotice } from './pending-approval-notice';

/** Wraps every signed-in admin route: no user → sign-in (remembering the page); pending → the approval notice. */
export function Component() {
  const session = useSession();
  const location = useLocation();

  if (session.status === 'loading') return <LoadingMessage />;
  if (!session.user) {
    return <Navigate to={loginPathFor(`${location.pathname}${location.search}${location.hash}`)} replace />;
  }
  // Keyed by user: another account signing in (in another tab) gets its own profile.
  return <SignedInLayout key={session.user.id} user={session.user} />;
}

function SignedInLayout({ user }: { user: SignedInUser }) {
  const navigate = useNavigate();
  const loadProfile = useCallback(() => getOwnProfile(browserClient(), user.id), [user.id]);
  const { state, reload } = useAsyncData(loadProfile);

  const handleSignOut = useCallback(() => {
    signOut(browserClient())
      .catch((error: unknown) => console.error(error))
      .finally(() => void navigate(paths.admin.login(), { replace: true }));
  }, [navigate]);

  const profile = state.status === 'success' ? state.data : null;
  const context = useMemo(() => (profile ? { user, profile } : null), [user, profile]);

  if (state.status === 'loading') return <LoadingMessage />;
  if (state.status === 'error') {
    return (
      <main className="mx-auto max-w-xl p-6">
        <ErrorAlert>Não foi possível carregar sua conta. Recarregue a página ou tente novamente mais tarde.</ErrorAlert>
      </main>
    );
  }
  if (!context || context.profile.role !== 'admin') {
    return <PendingApprovalNotice email={user.email} onCheckAgain={reload} onSignOut={handleSignOut} />;
  }

  return (
    <AdminSessionContext value={context}>
      <div className="min-h-screen bg-slate-100 md:flex">
        <AdminSidebar userName={context.profile.name || user.email} onSignOut={handleSignOut} />
        <main className="min-w-0 flex-1 px-4 py-6 sm:px-6 md:px-8 md:py-8">
          <div className="mx-auto max-w-6xl">
            <Outlet />
          </div>
        </main>
      </div>
    </AdminSessionContext>
  );
}
