import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_ERRORS, apiKeyGate, apiKeyOf, checkApiKey, isAcceptedApiKey, requiresApiKey, withoutApiKeyParam } from './api-key.ts';
import { DEMO_JWT_SECRET } from './env.ts';
import { anonKeyFor, serviceRoleKeyFor, signJwt } from './jwt.ts';

const secret = DEMO_JWT_SECRET;
const now = () => Math.floor(Date.now() / 1000);
let anonKey: string;
let serviceKey: string;

beforeAll(async () => {
  anonKey = await anonKeyFor(secret);
  serviceKey = await serviceRoleKeyFor(secret);
});

describe('requiresApiKey', () => {
  it.each([
    ['GET', '/rest/v1/topics', true],
    ['HEAD', '/rest/v1/publications', true],
    ['POST', '/rest/v1/rpc/increment_views', true],
    ['GET', '/rest/v1', true],
    ['POST', '/auth/v1/token', true],
    ['GET', '/auth/v1/user', true],
    ['GET', '/auth/v1/health', true],
    ['POST', '/storage/v1/object/publications/a.png', true],
    ['DELETE', '/storage/v1/object/publications', true],
    ['GET', '/storage/v1/bucket', true],
    // Public objects are read by <img> tags, which send no headers.
    ['GET', '/storage/v1/object/public/publications/a.png', false],
    ['HEAD', '/storage/v1/object/public/publications/dir/a.png', false],
    // ...but writing under that path is not a public read.
    ['POST', '/storage/v1/object/public/publications/a.png', true],
    ['GET', '/storage/v1/object/publicity/a.png', true],
    // A signed URL's token stands for the key; making one needs the key.
    ['GET', '/storage/v1/object/sign/news-tips/f/1.png', false],
    ['POST', '/storage/v1/object/sign/news-tips/f/1.png', true],
    ['POST', '/storage/v1/object/sign/news-tips', true],
    // Browser redirects that the gateway leaves open.
    ['GET', '/auth/v1/verify', false],
    ['GET', '/auth/v1/callback', false],
    ['GET', '/auth/v1/authorize', false],
    ['GET', '/auth/v1/.well-known/jwks.json', false],
    ['GET', '/auth/v1/verifyx', true],
    // Preflights never carry custom headers.
    ['OPTIONS', '/rest/v1/topics', false],
    ['OPTIONS', '/auth/v1/token', false],
    // Not a guarded service: its own 404.
    ['GET', '/nowhere', false],
    ['GET', '/rest/v10/topics', false],
    ['GET', '/', false],
  ])('%s %s → %s', (method, path, expected) => {
    expect(requiresApiKey(method, path)).toBe(expected);
  });
});

describe('apiKeyOf', () => {
  it.each([
    [{ apikey: 'header-key' }, '', 'header-key'],
    [{}, '?apikey=query-key', 'query-key'],
    [{ apikey: 'header-key' }, '?apikey=query-key', 'header-key'],
    [{ apikey: '  spaced  ' }, '', 'spaced'],
    [{}, '?select=*', null],
    [{ apikey: '' }, '', null],
    [{ apikey: '   ' }, '', null],
    [{}, '?apikey=', null],
    // The key names are exact: an Authorization bearer is not an API key.
    [{ authorization: 'Bearer something' }, '?api_key=x', null],
  ])('%j %s → %j', (headers, search, expected) => {
    expect(apiKeyOf(new Headers(headers), new URL(`http://x/rest/v1/topics${search}`))).toBe(expected);
  });
});

describe('isAcceptedApiKey', () => {
  const cases: [string, () => Promise<string>, boolean][] = [
    ['the anon key', () => Promise.resolve(anonKey), true],
    ['the service_role key', () => Promise.resolve(serviceKey), true],
    ['another anon JWT from the same secret', () => signJwt({ role: 'anon', iat: now() }, secret), true],
    ['a user access token', () => signJwt({ role: 'authenticated', sub: 'u1', exp: now() + 60 }, secret), false],
    ['a JWT with no role claim', () => signJwt({ iss: 'supabase-demo' }, secret), false],
    ['a database role', () => signJwt({ role: 'postgres' }, secret), false],
    ['an expired anon key', () => signJwt({ role: 'anon', exp: now() - 10 }, secret), false],
    ['an anon key of another project', () => signJwt({ role: 'anon' }, 'another-secret-that-is-at-least-32-characters'), false],
    ['a string that is no JWT', () => Promise.resolve('x'), false],
    ['a publishable key', () => Promise.resolve('sb_publishable_abc123'), false],
  ];
  it.each(cases)('%s → %s', async (_label, key, expected) => {
    expect(await isAcceptedApiKey(await key(), secret)).toBe(expected);
  });
});

describe('checkApiKey', () => {
  const check = (method: string, url: string, headers: Record<string, string> = {}) =>
    checkApiKey(method, new URL(url), new Headers(headers), secret);

  it('answers the missing-key body when no key is sent on a guarded path', async () => {
    expect(await check('GET', 'http://x/rest/v1/topics')).toEqual(API_KEY_ERRORS.missing);
  });

  it('answers the invalid-key body for an unknown key, in the header or the query', async () => {
    expect(await check('GET', 'http://x/rest/v1/topics', { apikey: 'x' })).toEqual(API_KEY_ERRORS.invalid);
    expect(await check('POST', 'http://x/auth/v1/token?apikey=x')).toEqual(API_KEY_ERRORS.invalid);
  });

  it('lets a valid key through from either place, and an open path with no key at all', async () => {
    expect(await check('GET', 'http://x/rest/v1/topics', { apikey: anonKey })).toBeNull();
    expect(await check('GET', `http://x/rest/v1/topics?apikey=${serviceKey}`)).toBeNull();
    expect(await check('GET', 'http://x/storage/v1/object/public/b/a.png')).toBeNull();
  });
});

describe('withoutApiKeyParam', () => {
  it.each([
    ['/rest/v1/topics?select=id%2Cname&apikey=k&order=name.asc', '/rest/v1/topics?select=id%2Cname&order=name.asc'],
    ['/rest/v1/topics?apikey=k', '/rest/v1/topics'],
    ['/rest/v1/topics?apikey=k&apikey=again', '/rest/v1/topics'],
    ['/rest/v1/topics?or=(title.ilike.*a+b*)&apikey=k', '/rest/v1/topics?or=(title.ilike.*a+b*)'],
  ])('%s → %s', (path, expected) => {
    const stripped = withoutApiKeyParam(new Request(`http://x${path}`));
    expect(stripped.url).toBe(`http://x${expected}`);
  });

  it('returns the very request when there is nothing to strip', () => {
    const request = new Request('http://x/rest/v1/topics?select=*');
    expect(withoutApiKeyParam(request)).toBe(request);
  });

  it('keeps the method, headers and body', async () => {
    const request = new Request('http://x/rest/v1/topics?apikey=k', {
      method: 'POST',
      headers: { 'content-type': 'application/json', prefer: 'return=representation' },
      body: '{"name":"Local"}',
    });
    const stripped = withoutApiKeyParam(request);
    expect(stripped.method).toBe('POST');
    expect(stripped.headers.get('prefer')).toBe('return=representation');
    expect(await stripped.text()).toBe('{"name":"Local"}');
  });
});

describe('apiKeyGate as middleware', () => {
  // A stand-in for the services: each answers with what it received, so the test sees what got through.
  function gatedApp(): Hono {
    const app = new Hono();
    app.use(cors({ origin: (origin) => origin, allowHeaders: ['apikey', 'authorization'] }));
    app.use(apiKeyGate(secret));
    app.all('*', (c) => c.json({ url: c.req.url }));
    return app;
  }

  it('refuses a missing and an unknown key with the gateway’s 401 bodies, CORS headers included', async () => {
    const app = gatedApp();
    const missing = await app.request('/rest/v1/topics', { headers: { origin: 'http://localhost:5173' } });
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({
      message: 'No API key found in request',
      hint: 'No `apikey` request header or url param was found.',
    });
    expect(missing.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');

    const wrong = await app.request('/storage/v1/object/publications/a.png', { method: 'POST', headers: { apikey: 'x' } });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({
      message: 'Invalid API key',
      hint: 'Double check your Supabase `anon` or `service_role` API key.',
    });
  });

  it('passes the anon and service_role keys, and hands the service the query without apikey', async () => {
    const app = gatedApp();
    expect((await app.request('/auth/v1/user', { headers: { apikey: anonKey } })).status).toBe(200);
    expect((await app.request('/rest/v1/topics', { headers: { apikey: serviceKey } })).status).toBe(200);
    const viaQuery = await app.request(`/rest/v1/topics?select=slug&apikey=${anonKey}`);
    expect(viaQuery.status).toBe(200);
    expect(await viaQuery.json()).toMatchObject({ url: 'http://localhost/rest/v1/topics?select=slug' });
  });

  it('serves public objects and preflights with no key', async () => {
    const app = gatedApp();
    expect((await app.request('/storage/v1/object/public/publications/a.png')).status).toBe(200);
    const preflight = await app.request('/rest/v1/topics', {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'GET' },
    });
    expect(preflight.status).toBe(204);
  });
});
