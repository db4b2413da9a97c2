import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasRecoverySession, requestPasswordReset, signIn, updatePassword } from '../../src/services/auth.ts';
import { AuthError } from '../../src/services/errors.ts';
import { mailTo as mailboxTo, redirectOf } from '../support/mailbox.ts';
import { startTestBackend, type TestBackend, type TestUser } from '../support/test-backend.ts';

// Password recovery through real supabase-js against the local backend (docs/decisions/0013): /recover puts a link
// in the local mailbox, the link's /verify redirects with a recovery session in the fragment, and updateUser sets
// the new password.

let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.stop());

const mailTo = (email: string) => mailboxTo(backend.url, email);

const newPasswordPage = () => `${backend.url}/admin/nova-senha`;

const follow = redirectOf;

function fragment(url: URL): URLSearchParams {
  return new URLSearchParams(url.hash.slice(1));
}

async function recoveryLinkFor(user: TestUser): Promise<string> {
  await requestPasswordReset(backend.anon(), user.email, newPasswordPage());
  const [message] = await mailTo(user.email);
  if (!message) throw new Error(`no message for ${user.email}`);
  return message.link;
}

describe('asking for a recovery e-mail', () => {
  it('delivers a pt-BR message with a verify link to the local mailbox', async () => {
    const user = await backend.newUser();
    await requestPasswordReset(backend.anon(), user.email, newPasswordPage());
    const [message, ...others] = await mailTo(user.email);
    expect(others).toEqual([]);
    expect(message).toMatchObject({ to: user.email, subject: 'Redefinição de senha' });
    expect(message?.text).toContain('redefinir a senha');
    expect(message?.text).toContain(message?.link);
    const link = new URL(message?.link ?? '');
    expect(`${link.origin}${link.pathname}`).toBe(`${backend.url}/auth/v1/verify`);
    expect(link.searchParams.get('type')).toBe('recovery');
    expect(link.searchParams.get('redirect_to')).toBe(newPasswordPage());
    // Only the token's hash is stored.
    const { rows } = await backend.db.query<{ token_hash: string }>(
      `select token_hash from auth.one_time_tokens where user_id = $1`,
      [user.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).not.toBe(link.searchParams.get('token'));
  });

  it('answers an unknown address with the same 200 {} and sends nothing', async () => {
    const email = `ninguem-${Date.now()}@example.com`;
    const response = await fetch(`${backend.url}/auth/v1/recover`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({});
    await requestPasswordReset(backend.anon(), email, newPasswordPage());
    expect(await mailTo(email)).toEqual([]);
  });

  it('refuses a second e-mail to the same address within a minute (429 over_email_send_rate_limit)', async () => {
    const user = await backend.newUser();
    await requestPasswordReset(backend.anon(), user.email, newPasswordPage());
    const error = await requestPasswordReset(backend.anon(), user.email, newPasswordPage()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthError);
    expect((error as AuthError).code).toBe('over_email_send_rate_limit');
    expect((error as AuthError).status).toBe(429);
    expect((error as AuthError).message).toMatch(/^For security purposes, you can only request this after \d+ seconds\.$/);
    expect(await mailTo(user.email)).toHaveLength(1);
  });

  it('refuses an empty or malformed address', async () => {
    const empty = await requestPasswordReset(backend.anon(), '  ', newPasswordPage()).catch((e: unknown) => e);
    expect((empty as AuthError).code).toBe('validation_failed');
    const malformed = await requestPasswordReset(backend.anon(), 'sem-arroba', newPasswordPage()).catch((e: unknown) => e);
    expect((malformed as AuthError).code).toBe('validation_failed');
  });
});

describe('following the link', () => {
  it('signs in with a recovery session; the new password works, the old one and other sessions do not', async () => {
    const user = await backend.newUser();
    const elsewhere = (await backend.newUser()).client;
    await elsewhere.auth.signInWithPassword({ email: user.email, password: user.password });

    const target = await follow(await recoveryLinkFor(user));
    expect(`${target.origin}${target.pathname}`).toBe(newPasswordPage());
    const params = fragment(target);
    expect(params.get('type')).toBe('recovery');
    expect(params.get('token_type')).toBe('bearer');
    expect(params.get('expires_in')).toBe('3600');

    const client = backend.anon();
    const { error } = await client.auth.setSession({
      access_token: params.get('access_token') ?? '',
      refresh_token: params.get('refresh_token') ?? '',
    });
    expect(error).toBeNull();
    expect(await hasRecoverySession(client)).toBe(true);
    expect(await hasRecoverySession(user.client)).toBe(false);

    const same = await updatePassword(client, user.password).catch((e: unknown) => e);
    expect((same as AuthError).code).toBe('same_password');
    const weak = await updatePassword(client, '123').catch((e: unknown) => e);
    expect((weak as AuthError).code).toBe('weak_password');
    await updatePassword(client, 'nova-senha-456');

    await expect(signIn(backend.anon(), user.email, 'nova-senha-456')).resolves.toBeTruthy();
    const old = await signIn(backend.anon(), user.email, user.password).catch((e: unknown) => e);
    expect((old as AuthError).code).toBe('invalid_credentials');
    // GoTrue's UpdatePassword ends every other session of the user.
    // (supabase-js reports the server's session_not_found as a missing session.)
    const { data: gone, error: stale } = await elsewhere.auth.getUser();
    expect(gone.user).toBeNull();
    expect(stale?.name).toBe('AuthSessionMissingError');
    // A token refresh keeps the recovery session's amr.
    await client.auth.refreshSession();
    expect(await hasRecoverySession(client)).toBe(true);
  });

  it('refuses a used link, back on the page with otp_expired in the fragment', async () => {
    const user = await backend.newUser();
    const link = await recoveryLinkFor(user);
    expect(fragment(await follow(link)).get('access_token')).toBeTruthy();
    const again = await follow(link);
    expect(`${again.origin}${again.pathname}`).toBe(newPasswordPage());
    expect(Object.fromEntries(fragment(again))).toEqual({
      error: 'access_denied',
      error_code: 'otp_expired',
      error_description: 'Email link is invalid or has expired',
      sb: '',
    });
  });

  it('refuses a link older than an hour, and one replaced by a newer e-mail', async () => {
    const user = await backend.newUser();
    const link = await recoveryLinkFor(user);
    await backend.db.query(`update auth.one_time_tokens set created_at = now() - interval '61 minutes' where user_id = $1`, [user.id]);
    expect(fragment(await follow(link)).get('error_code')).toBe('otp_expired');

    await backend.db.query(`update auth.users set recovery_sent_at = null where id = $1`, [user.id]);
    const replaced = await recoveryLinkFor(user);
    await backend.db.query(`update auth.users set recovery_sent_at = null where id = $1`, [user.id]);
    const newest = await recoveryLinkFor(user);
    expect(newest).not.toBe(replaced);
    expect(fragment(await follow(replaced)).get('error_code')).toBe('otp_expired');
    expect(fragment(await follow(newest)).get('access_token')).toBeTruthy();
  });

  it('never redirects to another site: such a redirect_to falls back to the site URL', async () => {
    const user = await backend.newUser();
    await requestPasswordReset(backend.anon(), user.email, 'https://evil.example/admin/nova-senha');
    const [message] = await mailTo(user.email);
    expect(new URL(message?.link ?? '').searchParams.get('redirect_to')).toBe(backend.url);

    const origins: string[] = [];
    for (const evil of ['https://evil.example/', '//evil.example/', 'http://127.0.0.1.evil.example/', 'javascript:alert(1)']) {
      const tampered = new URL(message?.link ?? '');
      tampered.searchParams.set('redirect_to', evil);
      origins.push((await follow(tampered.toString())).origin);
    }
    expect(origins).toEqual([backend.url, backend.url, backend.url, backend.url]);
  });

  it('answers a link without a token or type with GoTrue 400 validation_failed', async () => {
    const response = await fetch(`${backend.url}/auth/v1/verify?type=recovery`, { redirect: 'manual' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ code: 'validation_failed', message: 'Verify requires a token or a token hash' });
  });
});

describe('the local mailbox page', () => {
  it('lists the messages, newest first, escaped, with the link clickable', async () => {
    await backend.db.query(`insert into auth.local_mailbox (recipient, subject, body, link) values ($1, $2, $3, $4)`, [
      'a@example.com',
      'Primeira',
      'sem link',
      'http://127.0.0.1/x',
    ]);
    await backend.db.query(`insert into auth.local_mailbox (recipient, subject, body, link) values ($1, $2, $3, $4)`, [
      'b@example.com',
      '<script>alert(1)</script>',
      'Abra: http://127.0.0.1/?a=1&b="2" e pronto',
      'http://127.0.0.1/?a=1&b="2"',
    ]);
    const response = await fetch(`${backend.url}/__mailbox`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const html = await response.text();
    expect(html).toContain('<html lang="pt-BR">');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('Abra: <a href="http://127.0.0.1/?a=1&amp;b=&quot;2&quot;">http://127.0.0.1/?a=1&amp;b=&quot;2&quot;</a> e pronto');
    expect(html.indexOf('&lt;script&gt;')).toBeLessThan(html.indexOf('Primeira'));
  });

  it.each([
    ['X-Forwarded-For', '203.0.113.9'],
    ['Forwarded', 'for=203.0.113.9'],
    ['X-Real-IP', '127.0.0.1'],
    ['CF-Connecting-IP', '127.0.0.1'],
    ['True-Client-IP', '127.0.0.1'],
    ['Via', '1.1 nginx'],
    ['X-Forwarded-Host', 'localhost'],
  ])('answers only this machine: a request a proxy forwarded (%s) is refused', async (header, value) => {
    for (const path of ['/__mailbox', '/__mailbox/messages']) {
      const response = await fetch(`${backend.url}${path}`, { headers: { [header]: value } });
      expect(response.status).toBe(403);
    }
  });
});
