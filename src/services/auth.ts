import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import type { Client } from './client';
import { AuthError } from './errors';

export type { AuthChangeEvent, Session };

export interface SignedInUser {
  id: string;
  email: string;
  name: string;
}

function toAuthError(error: { message: string; code?: string; status?: number }): AuthError {
  return new AuthError(error.message, { code: error.code, status: error.status, cause: error });
}

export function userFromSession(session: Session | null): SignedInUser | null {
  if (!session) return null;
  const { user } = session;
  const name = typeof user.user_metadata.name === 'string' ? user.user_metadata.name : '';
  return { id: user.id, email: user.email ?? '', name };
}

/**
 * Password sign-in. Throws AuthError with GoTrue's code (`invalid_credentials`, ...); a response without a session
 * throws code `no_session` (docs/product.md §20's "no session returned" case).
 */
export async function signIn(client: Client, email: string, password: string): Promise<Session> {
  const { data, error } = await client.auth.signInWithPassword({ email: email.trim(), password });
  if (error) throw toAuthError(error);
  if (!data.session) throw new AuthError('No session returned', { code: 'no_session' });
  return data.session;
}

export interface SignUpInput {
  name: string;
  email: string;
  password: string;
  /** Where the confirmation e-mail (hosted projects with confirmations on) sends the user back to. */
  redirectTo: string;
}

/**
 * docs/product.md §18 sign-up: sends `{ name, role: 'admin' }` as metadata. Authorization never reads that role: the server
 * decides through public.profiles (docs/decisions/0001). Returns the session, or null when the project confirms by e-mail.
 */
export async function signUp(client: Client, input: SignUpInput): Promise<Session | null> {
  const { data, error } = await client.auth.signUp({
    email: input.email.trim(),
    password: input.password,
    options: { data: { name: input.name.trim(), role: 'admin' }, emailRedirectTo: input.redirectTo },
  });
  if (error) throw toAuthError(error);
  return data.session;
}

export async function getSession(client: Client): Promise<Session | null> {
  const { data, error } = await client.auth.getSession();
  if (error) throw toAuthError(error);
  return data.session;
}

/** Subscribes to sign-in, sign-out, token refresh, password recovery and user updates; returns the unsubscribe. */
export function onAuthChange(client: Client, listener: (event: AuthChangeEvent, session: Session | null) => void): () => void {
  const { data } = client.auth.onAuthStateChange(listener);
  return () => data.subscription.unsubscribe();
}

export async function signOut(client: Client): Promise<void> {
  const { error } = await client.auth.signOut();
  if (error) throw toAuthError(error);
}
