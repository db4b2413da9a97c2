// Self-promotion by every route a freshly registered account has, and the functions the API must not expose.
// Each attack is checked by what the app is answered and by the account's role as the database owner reads it;
// next to them the administrator's own promotion of an account still works.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../../local-supabase/src/jwt.ts';
import { seed } from '../support/seed.ts';
import { ownerCount, ownerRow, permissionDenied, expectRefused, stamp, startAttackers, type Attackers } from './support/attackers.ts';
import { uniqueEmail } from '../support/test-backend.ts';

let attackers: Attackers;
let nextAddress = 10;
/** A loopback address per account made here, so no sign-up shares a client with another. */
const freshAddress = () => `127.0.1.${(nextAddress += 1)}`;

beforeAll(async () => {
  attackers = await startAttackers();
});
afterAll(() => attackers?.stop());

async function roleOf(id: string): Promise<unknown> {
  return (await ownerRow(attackers.db, 'profiles', id))?.role;
}

/** The claims inside a JWT (no verification: the backend signed it). */
function claimsOf(token: string): Record<string, unknown> {
  const payload = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** Whether a client can still do an administrator's write (it must not). */
async function expectCannotPublish(client: Attackers['pending']): Promise<void> {
  const title = `Promovido ${stamp()}`;
  const result = await client.from('publications').insert({ title, topic_id: seed.topics.local, published: true });
  expectRefused(result, permissionDenied('pending'));
  expect(await ownerCount(attackers.db, 'select count(*) from public.publications where title = $1', [title])).toBe(0);
}

describe('self-promotion', () => {
  it('a sign-up asking for role admin in its metadata gets a pending account', async () => {
    const account = await attackers.signUpAt(freshAddress(), { name: 'Quero Ser Admin', role: 'admin' });
    expect(await roleOf(account.id)).toBe('pending');
    await expectCannotPublish(account.client);
  });

  it('a sign-up with extra fields (app_metadata, role, aud, is_super_admin) gets a pending account and an ordinary token', async () => {
    const email = uniqueEmail('extras');
    const response = await fetch(`${attackers.backend.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: attackers.backend.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        email,
        password: 'senha-segura-123',
        data: { role: 'admin' },
        app_metadata: { role: 'admin', provider: 'admin' },
        role: 'service_role',
        aud: 'service_role',
        is_super_admin: true,
      }),
    });
    expect(response.status).toBe(200);
    const session = (await response.json()) as { access_token: string; user: { id: string } };
    const claims = claimsOf(session.access_token);
    expect(claims.role).toBe('authenticated');
    expect(claims.aud).toBe('authenticated');
    expect(claims.app_metadata).toEqual({ provider: 'email', providers: ['email'] });
    expect(await roleOf(session.user.id)).toBe('pending');

    const insert = await fetch(`${attackers.backend.url}/rest/v1/topics`, {
      method: 'POST',
      headers: { apikey: attackers.backend.anonKey, Authorization: `Bearer ${session.access_token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Extra', slug: `extra-${stamp()}` }),
    });
    expect(insert.status).toBe(403);
    expect(await insert.json()).toMatchObject({ code: '42501' });
  });

  it('pending cannot promote itself by updating its profile’s role', async () => {
    const result = await attackers.pending.from('profiles').update({ role: 'admin' }).eq('id', attackers.pendingId);
    expectRefused(result, permissionDenied('pending'));
    expect(await roleOf(attackers.pendingId)).toBe('pending');
  });

  it('pending cannot upsert its own profile as admin', async () => {
    const result = await attackers.pending
      .from('profiles')
      .upsert({ id: attackers.pendingId, email: 'x@example.com', name: 'Eu', role: 'admin' });
    expectRefused(result, permissionDenied('pending'));
    expect(await roleOf(attackers.pendingId)).toBe('pending');
  });

  it('pending cannot call set_profile_role on itself', async () => {
    const result = await attackers.pending.rpc('set_profile_role', { target_id: attackers.pendingId, new_role: 'admin' });
    expectRefused(result, permissionDenied('pending'));
    expect(result.error?.message).toBe('only administrators can change account roles');
    expect(await roleOf(attackers.pendingId)).toBe('pending');
  });

  it('anon cannot call set_profile_role', async () => {
    const result = await attackers.anon.rpc('set_profile_role', { target_id: attackers.pendingId, new_role: 'admin' });
    expectRefused(result, permissionDenied('anon'));
    expect(await roleOf(attackers.pendingId)).toBe('pending');
  });

  it('pending that writes role admin into its user metadata (auth.updateUser) stays pending and cannot publish', async () => {
    const account = await attackers.signUpAt(freshAddress(), { name: 'Metadados' });
    const { error } = await account.client.auth.updateUser({ data: { role: 'admin', is_admin: true } });
    expect(error).toBeNull();
    // A fresh token carries the new metadata: the database must still not believe it.
    const { data: refreshed } = await account.client.auth.refreshSession();
    expect((refreshed.session?.user.user_metadata as Record<string, unknown>).role).toBe('admin');
    expect(await roleOf(account.id)).toBe('pending');
    await expectCannotPublish(account.client);
  });

  it('pending cannot reject another pending account', async () => {
    const victim = await attackers.signUpAt(freshAddress(), { name: 'Vítima' });
    const result = await attackers.pending.rpc('reject_pending_account', { target_id: victim.id });
    expectRefused(result, permissionDenied('pending'));
    expect(await roleOf(victim.id)).toBe('pending');
  });

  it('a token signed with another secret, claiming service_role, is refused', async () => {
    const forged = await signJwt({ role: 'service_role', sub: attackers.pendingId, exp: Math.floor(Date.now() / 1000) + 3600 }, 'x'.repeat(40));
    const response = await fetch(`${attackers.backend.url}/rest/v1/media_kit_requests?select=*`, {
      headers: { apikey: attackers.backend.anonKey, Authorization: `Bearer ${forged}` },
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'PGRST301' });
  });

  it('admin can promote a pending account, which can then publish', async () => {
    const account = await attackers.signUpAt(freshAddress(), { name: 'Aprovada' });
    const { error } = await attackers.admin.rpc('set_profile_role', { target_id: account.id, new_role: 'admin' });
    expect(error).toBeNull();
    expect(await roleOf(account.id)).toBe('admin');
    const title = `Aprovada ${stamp()}`;
    const insert = await account.client.from('publications').insert({ title, topic_id: seed.topics.local });
    expect(insert.error).toBeNull();
    expect(await ownerCount(attackers.db, 'select count(*) from public.publications where title = $1', [title])).toBe(1);
  });
});

describe('private functions are not reachable through /rest/v1/rpc', () => {
  const privateFunctions: [string, Record<string, unknown>][] = [
    ['is_admin', {}],
    ['clock_now', {}],
    ['client_key', {}],
    ['client_address', {}],
    ['salted_hash', { value: 'x' }],
    ['is_own_storage_image_url', { url: '/storage/v1/object/public/publications/a.png' }],
    ['is_youtube_url', { url: 'https://youtu.be/dQw4w9WgXcQ' }],
    ['is_safe_image_url', { url: 'https://example.com/a.png' }],
    ['html_to_text', { html: '<p>x</p>' }],
    ['sao_paulo_date', { instant: new Date().toISOString() }],
    ['limit_media_kit_requests', {}],
  ];

  it.each(privateFunctions)('anon calling %s gets 404 PGRST202', async (name, args) => {
    const result = await attackers.anon.rpc(name, args);
    expectRefused(result, { status: 404, code: 'PGRST202' });
  });

  it.each(['pending', 'admin'] as const)('%s calling is_admin gets 404 PGRST202 too', async (actor) => {
    const result = await attackers[actor].rpc('is_admin');
    expectRefused(result, { status: 404, code: 'PGRST202' });
  });

  it.each(['handle_new_user', 'publications_before_write', 'record_topic_slug', 'keep_reserved_topic_slug'])(
    'anon cannot run the trigger function %s',
    async (name) => {
      const result = await attackers.anon.rpc(name);
      expectRefused(result, permissionDenied('anon'));
    },
  );

  it('the API still serves the functions the app calls', async () => {
    const { error } = await attackers.anon.rpc('search_publications_count', { q: 'cerâmica' });
    expect(error).toBeNull();
  });
});
