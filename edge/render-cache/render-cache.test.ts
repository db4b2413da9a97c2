import { describe, expect, it } from 'vitest';
import { cacheApiStore } from './cache-api-store';
import { createMemoryStore } from './memory-store';
import { createRenderCache, isAnonymousRead, isKeepable, RENDER_FRESHNESS } from './render-cache';
import { storedSize, type StoredAnswer } from './stored-answer';

const KEY = 'https://site.test/noticias/feira';

function page(body: string, cacheControl = 'public, max-age=0', status = 200): Response {
  return new Response(body, { status, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': cacheControl } });
}

/** A render that counts its calls and answers `body()` each time; `gate` holds it until released. */
function counted(body: () => string, cacheControl?: string) {
  let calls = 0;
  let release: () => void = () => undefined;
  let gate: Promise<void> | null = null;
  return {
    calls: () => calls,
    hold() {
      gate = new Promise<void>((resolve) => (release = resolve));
    },
    release: () => release(),
    render: async () => {
      calls += 1;
      if (gate) await gate;
      return page(body(), cacheControl);
    },
  };
}

function clock(start = 1_000_000) {
  let time = start;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

function stored(bytes: number, renderedAt = 0): StoredAnswer {
  return { status: 200, headers: [['content-type', 'text/html']], body: new Uint8Array(bytes), renderedAt };
}

describe('the memory store', () => {
  it('never holds more bytes than its bound, letting the least recently used answers go first', async () => {
    const one = storedSize('/a', stored(1000));
    const store = createMemoryStore(one * 3);
    await store.put('/a', stored(1000));
    await store.put('/b', stored(1000));
    await store.put('/c', stored(1000));
    await store.get('/a'); // /b is now the least recently used
    await store.put('/d', stored(1000));
    expect(store.bytes()).toBeLessThanOrEqual(one * 3);
    expect(await store.get('/b')).toBeNull();
    for (const key of ['/a', '/c', '/d']) expect(await store.get(key)).not.toBeNull();
  });

  it('makes room for a large answer by letting several small ones go, and refuses one larger than the bound', async () => {
    const small = storedSize('/a', stored(100));
    const store = createMemoryStore(small * 4);
    for (const key of ['/a', '/b', '/c', '/d']) await store.put(key, stored(100));
    await store.put('/e', stored(small * 2));
    expect(store.bytes()).toBeLessThanOrEqual(small * 4);
    expect(await store.get('/e')).not.toBeNull();
    expect(await store.get('/a')).toBeNull();
    await store.put('/huge', stored(small * 5));
    expect(await store.get('/huge')).toBeNull();
    expect(await store.get('/e')).not.toBeNull();
  });

  it('counts a replaced answer once', async () => {
    const store = createMemoryStore(1_000_000);
    await store.put('/a', stored(1000));
    await store.put('/a', stored(2000));
    expect(store.size()).toBe(1);
    expect(store.bytes()).toBe(storedSize('/a', stored(2000)));
  });
});

describe('the render cache', () => {
  it('answers N concurrent requests for one address with one render', async () => {
    const render = counted(() => '<p>Feira</p>');
    render.hold();
    const cache = createRenderCache({ store: createMemoryStore() });
    const answers = Array.from({ length: 20 }, () => cache.answer(KEY, render.render));
    await Promise.resolve();
    render.release();
    const responses = await Promise.all(answers);
    expect(render.calls()).toBe(1);
    for (const response of responses) expect(await response!.text()).toBe('<p>Feira</p>');
    expect(responses.map((response) => response!.headers.get('X-Render-Cache'))).toEqual(Array(20).fill('MISS'));
  });

  it('serves a fresh answer without rendering, keeping its headers', async () => {
    const time = clock();
    const render = counted(() => 'um');
    const cache = createRenderCache({ store: createMemoryStore(), now: time.now });
    await cache.answer(KEY, render.render);
    time.advance(RENDER_FRESHNESS.freshMs - 1);
    const hit = await cache.answer(KEY, render.render);
    expect(render.calls()).toBe(1);
    expect(hit!.headers.get('X-Render-Cache')).toBe('HIT');
    expect(hit!.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    expect(await hit!.text()).toBe('um');
  });

  /** A cache holding 'antes' rendered now, whose next render gives 'corrigido' (a story corrected after it was kept). */
  async function keptThenCorrected() {
    const time = clock();
    let version = 'antes';
    const render = counted(() => version);
    const cache = createRenderCache({ store: createMemoryStore(), now: time.now });
    await cache.answer(KEY, render.render);
    version = 'corrigido';
    return { time, render, cache };
  }

  it('past its freshness serves the kept answer while one new render runs, then the new one', async () => {
    const { time, render, cache } = await keptThenCorrected();
    time.advance(RENDER_FRESHNESS.freshMs);
    render.hold();
    const waited: Promise<unknown>[] = [];
    const stale = await Promise.all([1, 2, 3].map(() => cache.answer(KEY, render.render, (promise) => waited.push(promise))));
    for (const response of stale) {
      expect(response!.headers.get('X-Render-Cache')).toBe('STALE');
      expect(await response!.text()).toBe('antes');
    }
    expect(waited).toHaveLength(1);
    render.release();
    await Promise.all(waited);
    expect(render.calls()).toBe(2);
    const after = await cache.answer(KEY, render.render);
    expect(await after!.text()).toBe('corrigido');
    expect(after!.headers.get('X-Render-Cache')).toBe('HIT');
  });

  it('never serves an answer past its maximum age: the request waits for a new render', async () => {
    const { time, render, cache } = await keptThenCorrected();
    time.advance(RENDER_FRESHNESS.maxAgeMs);
    const answer = await cache.answer(KEY, render.render);
    expect(answer!.headers.get('X-Render-Cache')).toBe('MISS');
    expect(await answer!.text()).toBe('corrigido');
  });

  it('keeps serving the stale answer when the new render fails, and reports the failure', async () => {
    const time = clock();
    const errors: unknown[] = [];
    const cache = createRenderCache({ store: createMemoryStore(), now: time.now, onError: (error) => errors.push(error) });
    await cache.answer(KEY, () => Promise.resolve(page('bom')));
    time.advance(RENDER_FRESHNESS.freshMs);
    const waited: Promise<unknown>[] = [];
    const stale = await cache.answer(KEY, () => Promise.reject(new Error('database away')), (promise) => waited.push(promise));
    await Promise.all(waited);
    expect(await stale!.text()).toBe('bom');
    expect(errors).toHaveLength(1);
    expect(await (await cache.answer(KEY, () => Promise.reject(new Error('never called'))))!.text()).toBe('bom');
  });

  it.each([
    ['a private answer (an advertiser’s report)', page('relatório', 'private, no-store')],
    ['an outage’s answer (no-store)', page('fora do ar', 'no-store', 503)],
    ['the admin’s app page (no-cache)', page('painel', 'no-cache')],
    ['a 500', page('erro', 'public, max-age=0', 500)],
    ['an answer setting a cookie', new Response('x', { headers: { 'Cache-Control': 'public', 'Set-Cookie': 'a=b' } })],
  ])('never keeps %s', async (_name, response) => {
    expect(isKeepable(response)).toBe(false);
    const store = createMemoryStore();
    const cache = createRenderCache({ store });
    let calls = 0;
    const render = () => {
      calls += 1;
      return Promise.resolve(response.clone());
    };
    await cache.answer(KEY, render);
    await cache.answer(KEY, render);
    expect(calls).toBe(2);
    expect(store.size()).toBe(0);
  });

  it('keeps a page, a 404 and a redirect marked public', () => {
    expect(isKeepable(page('x'))).toBe(true);
    expect(isKeepable(page('x', 'public, max-age=300', 404))).toBe(true);
    expect(isKeepable(new Response(null, { status: 301, headers: { Location: '/a', 'Cache-Control': 'public, max-age=3600' } }))).toBe(true);
  });

  it('passes an address that is not a rendered one (null) through without keeping anything', async () => {
    const store = createMemoryStore();
    expect(await createRenderCache({ store }).answer(KEY, () => Promise.resolve(null))).toBeNull();
    expect(store.size()).toBe(0);
  });
});

describe('which requests the cache may answer', () => {
  it('an anonymous GET only: a cookie, an Authorization header or another method goes to the render', () => {
    expect(isAnonymousRead(new Request(KEY))).toBe(true);
    expect(isAnonymousRead(new Request(KEY, { headers: { Cookie: 'sb-access-token=x' } }))).toBe(false);
    expect(isAnonymousRead(new Request(KEY, { headers: { Authorization: 'Bearer x' } }))).toBe(false);
    expect(isAnonymousRead(new Request(KEY, { method: 'HEAD' }))).toBe(false);
    expect(isAnonymousRead(new Request(KEY, { method: 'POST' }))).toBe(false);
  });
});

/** The Cache API's semantics for what the store uses: match and put by URL. */
function memoryCache(): Cache {
  const entries = new Map<string, Response>();
  const cache: Pick<Cache, 'match' | 'put'> = {
    match: (request) => Promise.resolve(entries.get(new Request(request).url)?.clone()),
    put: (request, response) => {
      entries.set(new Request(request).url, response);
      return Promise.resolve();
    },
  };
  return cache as Cache;
}

describe('the Cache API store (the Worker)', () => {
  it('gives back the answer as kept, with its own Cache-Control and render time', async () => {
    const cache = memoryCache();
    const store = cacheApiStore(() => Promise.resolve(cache), RENDER_FRESHNESS.maxAgeMs);
    const answer: StoredAnswer = {
      status: 301,
      headers: [['cache-control', 'public, max-age=3600'], ['location', '/noticias/nova']],
      body: new Uint8Array(),
      renderedAt: 1234,
    };
    await store.put(KEY, answer);
    const kept = (await cache.match(KEY))!;
    expect(kept.headers.get('Cache-Control')).toBe('public, max-age=4');
    const back = (await store.get(KEY))!;
    expect(back.status).toBe(301);
    expect(back.renderedAt).toBe(1234);
    expect(new Headers(back.headers.map(([name, value]) => [name, value] as [string, string])).get('Cache-Control')).toBe('public, max-age=3600');
    expect(back.headers.map(([name]) => name).sort()).toEqual(['cache-control', 'location']);
    expect(await store.get('https://site.test/other')).toBeNull();
  });
});
