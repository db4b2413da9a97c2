import { useEffect } from 'react';
import { useRevalidator } from 'react-router';
import { browserClient } from '../../../services/browser-client';
import { onAuthChange, userFromSession } from '../../../services/auth';

/**
 * Keeps a page's loaders in step with supabase-js's session: when the signed-in person is no longer the one the
 * loaders saw (a sign-out in another tab, a failed token refresh, a sign-in elsewhere), they run again, and the
 * admin layout's sends a signed-out user to the sign-in page while the sign-in page's sends a signed-in one on.
 * A token refresh for the same person reloads nothing.
 */
export function useRevalidateOnAuthChange(signedInUserId: string | null): void {
  const { revalidate } = useRevalidator();
  useEffect(
    () =>
      onAuthChange(browserClient(), (_event, session) => {
        if ((userFromSession(session)?.id ?? null) === signedInUserId) return;
        // Later, not inside the callback: supabase-js runs it holding its auth lock, which the loaders' getSession
        // would wait for.
        setTimeout(() => void revalidate(), 0);
      }),
    [signedInUserId, revalidate],
  );
}
