import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, uniqueEmail, type TestBackend } from '../../tests/support/test-backend.ts';
import { serviceRoleKeyFor, signJwt } from './jwt.ts';

// The whole backend as the app meets it: every migration and the seed, the administrator bootstrap, and REST,
// auth and storage behind one Node handler.

const PNG = Uint8Array.from(
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64'),
);

describe('the composed backend (in memory)', () => {
  let backend: TestBackend;

  beforeAll(async () => {
    backend = await startTestBackend();
  });

  afterAll(async () => {
    await backend?.stop();
  });

  it('creates the local administrator through sign-up, so the first-account trigger makes it admin', async () => {
    const { administrator } = backend;
    expect(administrator.account).toBe('created');
    expect(administrator.email).toBe('redacao@portoferreiranoticias.com.br');
    const { data, error } = await backend.anon().auth.signInWithPassword({
      email: administrator.email,
      password: administrator.password,
    });
    expect(error).toBeNull();
    const { rows } = await backend.db.query<{ role: string }>('select role from public.profiles where id = $1', [data.user?.id]);
    expect(rows[0]?.role).toBe('admin');
  });

  it('serves REST on /rest/v1 with the seeded rows', async () => {
    const { data, error } = await backend.anon().from('topics').select('slug').order('slug').limit(2);
    expect(error).toBeNull();
    expect(data?.length).toBe(2);
  });

  it('lets the administrator upload to the publications bucket and denies a pending account', async () => {
    const { client: admin } = await backend.admin();
    const name = `${crypto.randomUUID()}.png`;
    const uploaded = await admin.storage.from('publications').upload(name, new Blob([PNG], { type: 'image/png' }));
    expect(uploaded.error).toBeNull();
    const publicUrl = admin.storage.from('publications').getPublicUrl(name).data.publicUrl;
    const response = await fetch(publicUrl);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(PNG);

    const pending = backend.anon();
    const signUp = await pending.auth.signUp({ email: uniqueEmail('pending'), password: 'senha-segura-123' });
    expect(signUp.error).toBeNull();
    const denied = await pending.storage.from('publications').upload(`${crypto.randomUUID()}.png`, new Blob([PNG], { type: 'image/png' }));
    expect(denied.error).toMatchObject({ statusCode: '403' });
  });

  it('answers JSON 404s and never a stack trace', async () => {
    const response = await fetch(`${backend.url}/nowhere`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'no Route matched with those values' });

    const storage = await fetch(`${backend.url}/storage/v1/bucket/unknown-route`, { headers: { apikey: backend.anonKey } });
    expect(await storage.json()).toMatchObject({ statusCode: '404' });
  });

  it('allows cross-origin calls from this machine only, exposing the headers supabase-js reads', async () => {
    const preflight = await fetch(`${backend.url}/auth/v1/token?grant_type=password`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'apikey, authorization, content-type, x-supabase-api-version',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('x-supabase-api-version');

    const failure = await fetch(`${backend.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: {
        origin: 'http://127.0.0.1:5173',
        apikey: backend.anonKey,
        'content-type': 'application/json',
        'x-supabase-api-version': '2024-01-01',
      },
      body: JSON.stringify({ email: 'nobody@example.com', password: 'whatever' }),
    });
    expect(failure.status).toBe(400);
    expect(failure.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
    expect(failure.headers.get('access-control-expose-headers')).toContain('X-Supabase-Api-Version');

    const foreign = await fetch(`${backend.url}/rest/v1/topics?select=slug`, {
      headers: { origin: 'https://evil.example', apikey: backend.anonKey },
    });
    expect(foreign.status).toBe(200);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });

  describe('the API gateway in front of the composed backend', () => {
    let serviceKey: string;

    beforeAll(async () => {
      serviceKey = await serviceRoleKeyFor(backend.jwtSecret);
    });

    const get = (path: string, headers: Record<string, string> = {}) => fetch(`${backend.url}${path}`, { headers });

    it('answers 401 with hosted Supabase’s body when the key is missing, on every service', async () => {
      for (const path of ['/rest/v1/topics?select=slug', '/auth/v1/settings', '/storage/v1/bucket']) {
        const response = await get(path);
        expect(response.status, path).toBe(401);
        expect(await response.json(), path).toEqual({
          message: 'No API key found in request',
          hint: 'No `apikey` request header or url param was found.',
        });
      }
    });

    it('answers 401 with hosted Supabase’s body for a key it did not issue, even with a valid bearer', async () => {
      const foreign = await signJwt({ role: 'anon' }, 'another-project-secret-at-least-32-characters');
      for (const apikey of ['x', foreign]) {
        const response = await get('/rest/v1/topics?select=slug', { apikey, authorization: `Bearer ${backend.anonKey}` });
        expect(response.status).toBe(401);
        expect(await response.json()).toEqual({
          message: 'Invalid API key',
          hint: 'Double check your Supabase `anon` or `service_role` API key.',
        });
      }
    });

    it('serves the anon and the service_role key, in the header or as ?apikey=', async () => {
      expect((await get('/rest/v1/topics?select=slug', { apikey: backend.anonKey })).status).toBe(200);
      expect((await get('/rest/v1/topics?select=slug', { apikey: serviceKey })).status).toBe(200);
      // PostgREST never sees the parameter (it would be a filter on a column named apikey).
      const viaQuery = await get(`/rest/v1/topics?select=slug&apikey=${backend.anonKey}`);
      expect(viaQuery.status).toBe(200);
      expect(Array.isArray(await viaQuery.json())).toBe(true);
    });

    it('hands a request body on intact when the key came in the query', async () => {
      const response = await fetch(`${backend.url}/auth/v1/token?grant_type=password&apikey=${backend.anonKey}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
        body: JSON.stringify({ email: backend.administrator.email, password: backend.administrator.password }),
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ token_type: 'bearer' });
    });

    it('serves public objects and answers preflights without a key', async () => {
      const { client: admin } = await backend.admin();
      const name = `${crypto.randomUUID()}.png`;
      expect((await admin.storage.from('publications').upload(name, new Blob([PNG], { type: 'image/png' }))).error).toBeNull();
      const image = await get(`/storage/v1/object/public/publications/${name}`);
      expect(image.status).toBe(200);
      expect(new Uint8Array(await image.arrayBuffer())).toEqual(PNG);

      const preflight = await fetch(`${backend.url}/rest/v1/topics`, {
        method: 'OPTIONS',
        headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'GET', 'access-control-request-headers': 'apikey' },
      });
      expect(preflight.status).toBe(204);
    });
  });
});

describe('the composed backend (persisted in a data folder)', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'local-supabase-'));
  });

  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps accounts and files across restarts and leaves a demoted administrator alone', async () => {
    const first = await startTestBackend({ dataDir });
    const { client: admin } = await first.admin();
    const name = `${crypto.randomUUID()}.png`;
    expect((await admin.storage.from('publications').upload(name, new Blob([PNG], { type: 'image/png' }))).error).toBeNull();
    await first.db.query(`update public.profiles set role = 'pending'`);
    await first.stop();

    const second = await startTestBackend({ dataDir });
    try {
      expect(second.administrator.account).toBe('exists-not-admin');
      const { rows } = await second.db.query<{ count: number }>(`select count(*)::int as count from auth.users`);
      expect(rows[0]?.count).toBe(1);
      const response = await fetch(`${second.url}/storage/v1/object/public/publications/${name}`);
      expect(new Uint8Array(await response.arrayBuffer())).toEqual(PNG);
    } finally {
      await second.stop();
    }
  }, 60_000);
});
