import { useEffect, useRef } from 'react';
import { useRevalidator } from 'react-router';
import { browserClient } from '../../../services/browser-client';
import { onAuthChange, userFromSession } from '../../../services/auth';

/**
 * Keeps a page's loaders in step with supabase-js's session: when the signed-in person is no longer the one the
 * loaders saw (a sign-out in another tab, a failed token refresh, a sign-in elsewhere), they run again, and the
 * admin layout's sends a signed-out user to the sign-in page while the sign-in page's sends a signed-in one on.
 * A token refresh for the same person reloads nothing. With `onSignedOut`, losing the session calls it instead of
 * reloading: the admin layout asks for the password in place, so the screen (a form being typed) stays.
 */
export function useRevalidateOnAuthChange(signedInUserId: string | null, onSignedOut?: () => void): void {
  const { revalidate } = useRevalidator();
  const signedOutHandler = useRef(onSignedOut);
  useEffect(() => {
    signedOutHandler.current = onSignedOut;
  }, [onSignedOut]);
  useEffect(
    () =>
      onAuthChange(browserClient(), (_event, session) => {
        const userId = userFromSession(session)?.id ?? null;
        if (userId === signedInUserId) return;
        // Later, not inside the callback: supabase-js runs it holding its auth lock, which the loaders' getSession
        // (or a sign-in from the handler) would wait for.
        const handleSignOut = signedOutHandler.current;
        if (userId === null && handleSignOut) setTimeout(handleSignOut, 0);
        else setTimeout(() => void revalidate(), 0);
      }),
    [signedInUserId, revalidate],
  );
}
