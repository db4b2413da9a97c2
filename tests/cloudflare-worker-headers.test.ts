import { describe, expect, it } from 'vitest';
import worker, { type WorkerEnv } from '../adapters/cloudflare/worker.ts';

// The Cloudflare Worker's documents carry the page policy and its companions, as the edge handler's do
// (edge/handler.test.ts); its other answers (files from the ASSETS binding, its errors) only nosniff. The binding is a
// stand-in: a Map of dist/'s files.

const HOSTED = 'https://abcdefghijklmnopqrst.supabase.co';
const files = new Map([
  ['/assets/index-AbC123.js', ['export {};', 'text/javascript']],
  ['/index.html', ['<!doctype html><title>app</title><div id="root"></div>', 'text/html; charset=utf-8']],
]);

const env: WorkerEnv = {
  ASSETS: {
    fetch: (request) => {
      const path = new URL(request instanceof Request ? request.url : request).pathname;
      const file = files.get(path);
      return Promise.resolve(
        file === undefined
          ? new Response('not found', { status: 404, headers: { 'Content-Type': 'text/plain' } })
          : new Response(file[0], { headers: { 'Content-Type': file[1]! } }),
      );
    },
  },
  SITE_URL: 'https://portoferreiranoticias.com.br',
  VITE_SUPABASE_URL: HOSTED,
  VITE_SUPABASE_ANON_KEY: 'anon',
};

const ctx = { waitUntil: () => undefined };
const get = (path: string) => worker.fetch(new Request(`https://portoferreiranoticias.com.br${path}`), env, ctx);

describe('the Worker’s security headers', () => {
  it('a document (the admin’s app page) carries the policy naming the hosted project, nosniff, the referrer policy and no framing', async () => {
    const response = await get('/admin');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('content-security-policy')).toMatch(/^default-src 'self'; script-src 'self'/);
    expect(response.headers.get('content-security-policy')).toContain(`connect-src 'self' ${HOSTED} wss://abcdefghijklmnopqrst.supabase.co`);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
  });

  it.each([
    ['a script', '/assets/index-AbC123.js', 200],
    ['a missing file', '/images/nada.png', 404],
    ['an unusable address', '/%E0%A4%A', 400],
  ])('%s carries nosniff and none of the document headers', async (_case, path, status) => {
    const response = await get(path);
    expect(response.status).toBe(status);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    for (const name of ['content-security-policy', 'referrer-policy', 'x-frame-options']) expect(response.headers.get(name), name).toBeNull();
  });
});

describe('a Worker deployed without its settings', () => {
  it.each([
    ['no SITE_URL', { SITE_URL: undefined }, 'SITE_URL'],
    ['the committed placeholders', { VITE_SUPABASE_URL: 'https://<project-ref>.supabase.co', VITE_SUPABASE_ANON_KEY: '<anon key>' }, 'VITE_SUPABASE_URL, VITE_SUPABASE_ANON_KEY'],
  ])('refuses every request with one line naming what to set: %s', async (_case, overrides, named) => {
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void errors.push(args.join(' '));
    try {
      const response = await worker.fetch(new Request('https://portoferreiranoticias.com.br/'), { ...env, ...overrides }, ctx);
      expect(response.status).toBe(503);
      const body = await response.text();
      expect(body).toBe(`Site not configured: set ${named} under [vars] in adapters/cloudflare/wrangler.toml (README § Deploy).`);
      expect(body.split('\n')).toHaveLength(1);
      expect(errors).toEqual([`worker: ${body}`]);
    } finally {
      console.error = original;
    }
  });
});
