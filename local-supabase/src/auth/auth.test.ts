import { decodeJwt } from 'jose';
import type { AuthChangeEvent } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signJwt } from '../jwt.ts';
import { startTestBackend, uniqueEmail, type TestBackend } from '../../../tests/support/test-backend.ts';

let backend: TestBackend<null>;

beforeAll(async () => {
  backend = await startTestBackend({ schema: 'base' });
});

afterAll(async () => {
  await backend?.stop();
});

const PASSWORD = 'senha-segura-123';

async function signedUp(data: Record<string, unknown> = {}) {
  const client = backend.anon();
  const email = uniqueEmail();
  const { data: result, error } = await client.auth.signUp({ email, password: PASSWORD, options: { data } });
  if (error || !result.session || !result.user) throw new Error(`sign-up failed: ${error?.message}`);
  return { client, email, session: result.session, user: result.user };
}

async function rawAuth(path: string, init: RequestInit & { bearer?: string } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('apikey', backend.anonKey);
  headers.set('authorization', `Bearer ${init.bearer ?? backend.anonKey}`);
  headers.set('x-supabase-api-version', '2024-01-01');
  return fetch(`${backend.url}/auth/v1${path}`, { ...init, headers });
}

describe('sign-up', () => {
  it('returns a session with GoTrue’s user shape and fires SIGNED_IN', async () => {
    const client = backend.anon();
    const events: AuthChangeEvent[] = [];
    client.auth.onAuthStateChange((event) => {
      events.push(event);
    });
    const email = uniqueEmail('ada');
    const { data, error } = await client.auth.signUp({
      email: email.toUpperCase(),
      password: PASSWORD,
      options: { data: { name: 'Ada', role: 'admin' }, emailRedirectTo: 'http://localhost:5173/admin' },
    });

    expect(error).toBeNull();
    expect(data.session).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(data.session?.refresh_token).toEqual(expect.any(String));
    expect(data.user).toMatchObject({
      aud: 'authenticated',
      role: 'authenticated',
      email,
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { name: 'Ada', role: 'admin', email_verified: true },
      is_anonymous: false,
    });
    expect(data.user?.email_confirmed_at).toBe(data.user?.confirmed_at);
    expect(data.user?.identities).toHaveLength(1);
    expect(data.user?.identities?.[0]).toMatchObject({ provider: 'email', user_id: data.user?.id, identity_data: { email } });
    await vi.waitFor(() => expect(events).toContain('SIGNED_IN'));
  });

  it('signs the access token with GoTrue’s claims', async () => {
    const { session, user } = await signedUp({ name: 'Bia' });
    const claims = decodeJwt(session.access_token);
    expect(Object.keys(claims)).toEqual([
      'iss', 'sub', 'aud', 'exp', 'iat', 'email', 'phone', 'app_metadata', 'user_metadata', 'role', 'aal', 'amr',
      'session_id', 'is_anonymous',
    ]);
    expect(claims).toMatchObject({
      iss: `${backend.url}/auth/v1`,
      sub: user.id,
      aud: 'authenticated',
      role: 'authenticated',
      aal: 'aal1',
      user_metadata: { name: 'Bia', email_verified: true },
      is_anonymous: false,
    });
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(3600);
    expect(session.expires_at).toBe(claims.exp);
    const { rows } = await backend.db.query('select 1 from auth.sessions where id = $1', [claims.session_id]);
    expect(rows).toHaveLength(1);
  });

  it('refuses an address that is already registered', async () => {
    const { email } = await signedUp();
    const { data, error } = await backend.anon().auth.signUp({ email, password: PASSWORD });
    expect(data.session).toBeNull();
    expect(error).toMatchObject({ name: 'AuthApiError', status: 422, code: 'user_already_exists', message: 'User already registered' });
  });

  it('refuses a weak password with its reasons', async () => {
    const { error } = await backend.anon().auth.signUp({ email: uniqueEmail(), password: '12345' });
    expect(error).toMatchObject({
      name: 'AuthWeakPasswordError',
      status: 422,
      code: 'weak_password',
      message: 'Password should be at least 6 characters.',
      reasons: ['length'],
    });
  });

  it('judges the password before the address, as GoTrue does', async () => {
    const { error } = await backend.anon().auth.signUp({ email: 'not-an-email', password: '12345' });
    expect(error).toMatchObject({ status: 422, code: 'weak_password' });
  });

  it.each([
    [{ email: 'not-an-email', password: PASSWORD }, 'Unable to validate email address: invalid format'],
    [{ email: 'ok@example.com', password: '' }, 'Signup requires a valid password'],
    [{ email: 'joão@example.com', password: PASSWORD }, 'Unable to validate email address: invalid format'],
    // bcrypt would silently ignore everything past 72 bytes; GoTrue refuses instead.
    [{ email: 'ok@example.com', password: 'ç'.repeat(37) }, 'Password cannot be longer than 72 characters'],
  ])('answers 400 validation_failed for %j', async (body, message) => {
    const response = await rawAuth('/signup', {
      method: 'POST',
      headers: { 'content-type': 'application/json;charset=UTF-8' },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(response.headers.get('x-sb-error-code')).toBe('validation_failed');
    expect(await response.json()).toEqual({ code: 'validation_failed', message });
  });
});

describe('password sign-in', () => {
  it('returns a new session for the right password', async () => {
    const { email, user } = await signedUp();
    const client = backend.anon();
    const { data, error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
    expect(error).toBeNull();
    expect(data.user?.id).toBe(user.id);
    expect(data.user?.last_sign_in_at).toEqual(expect.any(String));
    expect(data.session?.access_token).toEqual(expect.any(String));
  });

  it('answers invalid_credentials for a wrong password or an unknown address alike', async () => {
    const { email } = await signedUp();
    for (const attempt of [
      { email, password: 'wrong-password' },
      { email: uniqueEmail('nobody'), password: PASSWORD },
    ]) {
      const { data, error } = await backend.anon().auth.signInWithPassword(attempt);
      expect(data.session).toBeNull();
      expect(error).toMatchObject({ name: 'AuthApiError', status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' });
    }
  });
});

describe('refresh tokens', () => {
  it('rotate on every refresh and fire TOKEN_REFRESHED', async () => {
    const { client, session } = await signedUp();
    const events: AuthChangeEvent[] = [];
    client.auth.onAuthStateChange((event) => {
      events.push(event);
    });
    const { data, error } = await client.auth.refreshSession();
    expect(error).toBeNull();
    expect(data.session?.refresh_token).not.toBe(session.refresh_token);
    expect(decodeJwt(data.session?.access_token ?? '').session_id).toBe(decodeJwt(session.access_token).session_id);
    await vi.waitFor(() => expect(events).toContain('TOKEN_REFRESHED'));
  });

  it('give the active token back when its parent is presented again (a lost answer)', async () => {
    const { session } = await signedUp();
    const first = await backend.anon().auth.refreshSession({ refresh_token: session.refresh_token });
    const again = await backend.anon().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(again.error).toBeNull();
    expect(again.data.session?.refresh_token).toBe(first.data.session?.refresh_token);
  });

  it('refuse an old token reused after the reuse interval, and revoke the whole session', async () => {
    const { session } = await signedUp();
    const second = await backend.anon().auth.refreshSession({ refresh_token: session.refresh_token });
    const third = await backend.anon().auth.refreshSession({ refresh_token: second.data.session?.refresh_token ?? '' });
    expect(third.error).toBeNull();
    await backend.db.query(`update auth.refresh_tokens set updated_at = now() - interval '1 minute' where revoked`);

    const reused = await backend.anon().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(reused.error).toMatchObject({ status: 400, code: 'refresh_token_already_used', message: 'Invalid Refresh Token: Already Used' });

    await backend.db.query(`update auth.refresh_tokens set updated_at = now() - interval '1 minute'`);
    const latest = await backend.anon().auth.refreshSession({ refresh_token: third.data.session?.refresh_token ?? '' });
    expect(latest.error?.code).toBe('refresh_token_already_used');
  });

  it('refuse an unknown token', async () => {
    const { error } = await backend.anon().auth.refreshSession({ refresh_token: 'never-issued' });
    expect(error).toMatchObject({ status: 400, code: 'refresh_token_not_found', message: 'Invalid Refresh Token: Refresh Token Not Found' });
  });
});

describe('current user', () => {
  it('getUser returns the bare user', async () => {
    const { client, user } = await signedUp({ name: 'Caio' });
    const { data, error } = await client.auth.getUser();
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ id: user.id, email: user.email, user_metadata: { name: 'Caio' } });
  });

  it('updateUser merges metadata and changes the password', async () => {
    const { client, email } = await signedUp({ name: 'Duda' });
    const { data, error } = await client.auth.updateUser({ data: { name: 'Duda Souza' }, password: 'outra-senha-456' });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toMatchObject({ name: 'Duda Souza', email_verified: true });
    const old = await backend.anon().auth.signInWithPassword({ email, password: PASSWORD });
    expect(old.error?.code).toBe('invalid_credentials');
    const renewed = await backend.anon().auth.signInWithPassword({ email, password: 'outra-senha-456' });
    expect(renewed.error).toBeNull();
  });

  it('answers 401 no_authorization without a bearer and 403 bad_jwt for a forged one', async () => {
    const missing = await fetch(`${backend.url}/auth/v1/user`, { headers: { apikey: backend.anonKey } });
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ code: 'no_authorization' });

    const forged = await signJwt({ sub: crypto.randomUUID(), role: 'authenticated' }, 'another-secret-that-is-at-least-32-chars');
    const response = await rawAuth('/user', { bearer: forged });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: 'bad_jwt' });
  });
});

describe('sign-out', () => {
  it('revokes the refresh token and the session (JWT → session_not_found)', async () => {
    const { client, session } = await signedUp();
    const events: AuthChangeEvent[] = [];
    client.auth.onAuthStateChange((event) => {
      events.push(event);
    });
    const { error } = await client.auth.signOut();
    expect(error).toBeNull();
    await vi.waitFor(() => expect(events).toContain('SIGNED_OUT'));

    const refreshed = await backend.anon().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refreshed.error?.code).toBe('refresh_token_not_found');

    const response = await rawAuth('/user', { bearer: session.access_token });
    expect(response.status).toBe(403);
    expect(response.headers.get('x-sb-error-code')).toBe('session_not_found');
    expect(await response.json()).toEqual({
      code: 'session_not_found',
      message: 'Session from session_id claim in JWT does not exist',
    });
  });

  it('accepts a JSON content type with an empty body and answers 204', async () => {
    const { session } = await signedUp();
    const response = await rawAuth('/logout?scope=local', {
      method: 'POST',
      bearer: session.access_token,
      headers: { 'content-type': 'application/json;charset=UTF-8' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('x-supabase-api-version')).toBe('2024-01-01');
  });

  it('scope=others keeps the current session only', async () => {
    const { email, session } = await signedUp();
    const other = await backend.anon().auth.signInWithPassword({ email, password: PASSWORD });
    const response = await rawAuth('/logout?scope=others', { method: 'POST', bearer: session.access_token });
    expect(response.status).toBe(204);
    expect((await rawAuth('/user', { bearer: session.access_token })).status).toBe(200);
    expect((await rawAuth('/user', { bearer: other.data.session?.access_token ?? '' })).status).toBe(403);
  });

  it('getUser with a JWT whose session was deleted reports session_not_found to the client', async () => {
    const { client, session } = await signedUp();
    await backend.db.query('delete from auth.sessions where id = $1', [decodeJwt(session.access_token).session_id]);
    const { data, error } = await client.auth.getUser();
    expect(data.user).toBeNull();
    expect(error?.name).toBe('AuthSessionMissingError');
  });
});

describe('small endpoints', () => {
  it('answers /settings and /health, and a JSON 404 for unknown paths', async () => {
    expect(await (await rawAuth('/settings')).json()).toMatchObject({ mailer_autoconfirm: true, disable_signup: false });
    expect(await (await rawAuth('/health')).json()).toMatchObject({ name: 'GoTrue' });
    const missing = await rawAuth('/nothing-here');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: 'not_found' });
  });
});
