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

/**
 * supabase-js's detectSessionInUrl for the browser's client: only a password-recovery link's redirect
 * (`#access_token=…&type=recovery`, docs/decisions/0013) is read from the address; it signs in and emits
 * PASSWORD_RECOVERY. Nothing else in a URL is ever taken for a session.
 */
export function isRecoveryRedirect(_url: URL, params: Record<string, string>): boolean {
  return params.type === 'recovery' && Boolean(params.access_token);
}

/**
 * Asks for a password-recovery e-mail whose link leads back to `redirectTo`. GoTrue answers an unknown address
 * exactly like a known one; a second request for the same address within a minute is refused with
 * `over_email_send_rate_limit` (an earlier link is still on its way), which callers may treat as sent.
 */
export async function requestPasswordReset(client: Client, email: string, redirectTo: string): Promise<void> {
  const { error } = await client.auth.resetPasswordForEmail(email.trim(), { redirectTo });
  if (error) throw toAuthError(error);
}

/**
 * Whether the current session came from a recovery link: GoTrue authenticates those by one-time code (amr `otp`;
 * `recovery` in the PKCE flow), never by password, and the claim survives token refreshes.
 */
export async function hasRecoverySession(client: Client): Promise<boolean> {
  const { data, error } = await client.auth.mfa.getAuthenticatorAssuranceLevel();
  if (error) throw toAuthError(error);
  // An entry is an object, or a bare method name in RFC 8176's form.
  const methods = data.currentAuthenticationMethods.map((entry) => (typeof entry === 'string' ? entry : entry.method));
  return methods.some((method) => method === 'otp' || method === 'recovery');
}

/** Sets the signed-in user's new password. Throws AuthError: `weak_password`, `same_password`, `session_not_found`, ... */
export async function updatePassword(client: Client, password: string): Promise<void> {
  const { error } = await client.auth.updateUser({ password });
  if (error) throw toAuthError(error);
}

export async function signOut(client: Client): Promise<void> {
  const { error } = await client.auth.signOut();
  if (error) throw toAuthError(error);
}
