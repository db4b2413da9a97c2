import { useSyncExternalStore } from 'react';
import { browserClient } from '../../../services/browser-client';
import { getSession, onAuthChange, userFromSession, type Session, type SignedInUser } from '../../../services/auth';

export type SessionState = { status: 'loading'; user: null } | { status: 'ready'; user: SignedInUser | null };

// One store for the whole admin area (its routes are siblings without a common element to hold a provider).
// supabase-js keeps the session in localStorage, refreshes it and signs out on a failed refresh (SPEC §4); this
// store only mirrors what it reports: the initial getSession, then every auth event.
let state: SessionState = { status: 'loading', user: null };
const listeners = new Set<() => void>();
let started = false;

function publish(session: Session | null) {
  const user = userFromSession(session);
  const previous = state.user;
  // A token refresh yields a new session object for the same person: keep the same user object so screens that
  // depend on it do not reload.
  const same = previous && user && previous.id === user.id && previous.email === user.email && previous.name === user.name;
  if (state.status === 'ready' && (same || (!previous && !user))) return;
  state = { status: 'ready', user: same ? previous : user };
  listeners.forEach((listener) => listener());
}

function start() {
  if (started) return;
  started = true;
  const client = browserClient();
  // Only records the event: calling supabase-js from inside this callback could deadlock its auth lock.
  onAuthChange(client, (_event, session) => publish(session));
  getSession(client).then(publish, (error: unknown) => {
    console.error(error);
    publish(null);
  });
}

function subscribe(listener: () => void) {
  start();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The signed-in user (or null) as supabase-js reports it; `status: 'loading'` until the stored session is read. */
export function useSession(): SessionState {
  return useSyncExternalStore(subscribe, () => state, () => state);
}
