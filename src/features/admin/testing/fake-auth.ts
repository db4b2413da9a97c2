import type { SignedInUser } from '../../../services/auth';

// supabase-js's sessions as the admin's guard and sign-in page see them, with no backend: a session here is the
// signed-in user itself. A test mocks src/services/auth.ts with this module (adding the sign-in it needs):
//
//   vi.mock('../../../services/auth', async () => ({ ...(await import('../testing/fake-auth')), signIn: vi.fn() }));

type Listener = (event: string, session: SignedInUser | null) => void;

/** Who is signed in, and the guard's listener while one is subscribed. */
export const auth = {
  user: null as SignedInUser | null,
  listener: undefined as Listener | undefined,
  /** Plays an auth event: a sign-in, or a sign-out (in another tab). */
  change(user: SignedInUser | null) {
    auth.user = user;
    auth.listener?.(user ? 'SIGNED_IN' : 'SIGNED_OUT', user);
  },
};

export const getSession = (): Promise<SignedInUser | null> => Promise.resolve(auth.user);

export const userFromSession = (session: SignedInUser | null): SignedInUser | null => session;

export function onAuthChange(_client: unknown, listener: Listener): () => void {
  auth.listener = listener;
  return () => (auth.listener = undefined);
}

export const signOut = (): Promise<void> => Promise.resolve();
