import { describe, expect, it } from 'vitest';
import { healthAnswer, hostedReadiness, type Readiness } from './health';

const at = (path: string, method = 'GET') => new Request(`https://site.example${path}`, { method });
const ready = (state: Readiness) => () => Promise.resolve(state);

describe('healthAnswer', () => {
  it('says the process answers at /healthz, as JSON never kept', async () => {
    const answer = (await healthAnswer(at('/healthz'), () => Promise.reject(new Error('never asked'))))!;
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await answer.json()).toEqual({ status: 'ok' });
  });

  it('says ready, or 503 with the failing check and nothing more', async () => {
    const up = (await healthAnswer(at('/readyz'), ready({ ready: true, checks: { database: 'ok', migrations: 'ok' } })))!;
    expect(up.status).toBe(200);
    expect(await up.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok' } });
    const down = (await healthAnswer(at('/readyz'), ready({ ready: false, checks: { database: 'failing', migrations: 'failing' } })))!;
    expect(down.status).toBe(503);
    expect(down.headers.get('cache-control')).toBe('no-store');
    expect(await down.json()).toEqual({ status: 'not_ready', checks: { database: 'failing', migrations: 'failing' } });
  });

  it('says not ready when the check itself hangs past its second', async () => {
    const answer = (await healthAnswer(at('/readyz'), () => new Promise(() => undefined)))!;
    expect(answer.status).toBe(503);
  });

  it('answers HEAD without a body, refuses other methods, and leaves other addresses', async () => {
    const head = (await healthAnswer(at('/healthz', 'HEAD'), ready({ ready: true, checks: {} })))!;
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const post = (await healthAnswer(at('/readyz', 'POST'), ready({ ready: true, checks: {} })))!;
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    expect(await healthAnswer(at('/healthz/x'), ready({ ready: true, checks: {} }))).toBeNull();
  });
});

describe('hostedReadiness', () => {
  it('is ready when the REST endpoint answers below 500, not on a 5xx or a network failure', async () => {
    const asked: string[] = [];
    const answering = (status: number): typeof fetch => (input) => {
      asked.push(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      return Promise.resolve(new Response('[]', { status }));
    };
    expect(await hostedReadiness('https://p.supabase.co', 'anon', answering(200))(1000)).toEqual({ ready: true, checks: { project: 'ok' } });
    expect(await hostedReadiness('https://p.supabase.co', 'anon', answering(401))(1000)).toEqual({ ready: true, checks: { project: 'ok' } });
    expect(await hostedReadiness('https://p.supabase.co', 'anon', answering(503))(1000)).toEqual({ ready: false, checks: { project: 'failing' } });
    const refused: typeof fetch = () => Promise.reject(new TypeError('fetch failed'));
    expect(await hostedReadiness('https://p.supabase.co', 'anon', refused)(1000)).toEqual({ ready: false, checks: { project: 'failing' } });
    expect(asked[0]).toBe('https://p.supabase.co/rest/v1/topics?select=id&limit=1');
  });
});
