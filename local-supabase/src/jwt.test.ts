import { afterEach, describe, expect, it, vi } from 'vitest';
import { anonKeyFor, resolveBearer, signJwt } from './jwt.ts';

const secret = 'super-secret-jwt-token-with-at-least-32-characters-long';

describe('resolveBearer', () => {
  it('treats a missing header as anon', async () => {
    expect(await resolveBearer(undefined, secret)).toMatchObject({ ok: true, role: 'anon', token: null });
  });

  it('reproduces the Supabase CLI demo anon key and reads its role', async () => {
    const key = await anonKeyFor(secret);
    expect(key).toBe(
      'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0',
    );
    expect(await resolveBearer(`Bearer ${key}`, secret)).toMatchObject({ ok: true, role: 'anon' });
  });

  it('accepts an authenticated user token with its claims', async () => {
    const token = await signJwt({ role: 'authenticated', sub: 'u1', exp: Math.floor(Date.now() / 1000) + 60 }, secret);
    expect(await resolveBearer(`Bearer ${token}`, secret)).toMatchObject({ ok: true, role: 'authenticated', claims: { sub: 'u1' } });
  });

  it('refuses a token signed with another secret, and an expired one as expired', async () => {
    const forged = await signJwt({ role: 'authenticated' }, 'another-secret-that-is-at-least-32-characters');
    expect(await resolveBearer(`Bearer ${forged}`, secret)).toMatchObject({ ok: false, reason: 'invalid' });
    const expired = await signJwt({ role: 'authenticated', exp: Math.floor(Date.now() / 1000) - 10 }, secret);
    expect(await resolveBearer(`Bearer ${expired}`, secret)).toMatchObject({ ok: false, reason: 'expired' });
  });

  it.each(['postgres', 'pg_read_all_data', 'supabase_admin'])('refuses a validly signed token acting as %s', async (role) => {
    const token = await signJwt({ role }, secret);
    expect(await resolveBearer(`Bearer ${token}`, secret)).toMatchObject({ ok: false, reason: 'invalid' });
  });

  describe('a token verified before (kept by this process)', () => {
    afterEach(() => vi.useRealTimers());

    it('is expired once its time has come, as on its first check', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const start = new Date('2026-11-29T12:00:00Z');
      vi.setSystemTime(start);
      const token = await signJwt({ role: 'authenticated', sub: 'u2', exp: Math.floor(start.getTime() / 1000) + 60 }, secret);
      expect(await resolveBearer(`Bearer ${token}`, secret)).toMatchObject({ ok: true, claims: { sub: 'u2' } });
      expect(await resolveBearer(`Bearer ${token}`, secret)).toMatchObject({ ok: true, claims: { sub: 'u2' } });
      vi.setSystemTime(start.getTime() + 60_000);
      expect(await resolveBearer(`Bearer ${token}`, secret)).toMatchObject({ ok: false, reason: 'expired' });
    });

    it('is still refused under another secret', async () => {
      const token = await signJwt({ role: 'authenticated', sub: 'u3' }, secret);
      expect(await resolveBearer(`Bearer ${token}`, secret)).toMatchObject({ ok: true });
      expect(await resolveBearer(`Bearer ${token}`, 'another-secret-that-is-at-least-32-characters')).toMatchObject({ ok: false, reason: 'invalid' });
    });

    it('hands each caller its own claims: changing them changes nothing for the next request', async () => {
      const token = await signJwt({ role: 'anon', iss: 'here' }, secret);
      const first = await resolveBearer(`Bearer ${token}`, secret);
      if (first.ok) first.claims.role = 'service_role';
      expect(await resolveBearer(`Bearer ${token}`, secret)).toMatchObject({ ok: true, role: 'anon', claims: { role: 'anon' } });
    });
  });
});
