import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { Agent, request as httpRequest, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EdgeHandler } from '../edge/types.ts';
import { createNodeServer, type MountedApp, type NodeServer } from '../server/node-server.ts';

// npm start's Node server (server/node-server.ts) on its own: built files, compression, the bridge to a Web fetch
// handler, the app page fallback and shutdown. The handler here is a test double; the real edge handler's journeys
// are tested with it elsewhere.

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A raw HTTP request (fetch would normalise '/../' away before sending it). */
function send(
  port: number,
  path: string,
  { method = 'GET', headers = {}, body }: { method?: string; headers?: OutgoingHttpHeaders; body?: string } = {},
): Promise<Answer> {
  return new Promise((done, fail) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', fail);
    });
    req.on('error', fail);
    req.end(body);
  });
}

const SCRIPT = `export const greeting = ${JSON.stringify('olá '.repeat(2000))};\n`;
const APP_PAGE = '<!doctype html><html lang="pt-BR"><body><div id="root"></div><!-- app.html --></body></html>';

let workDir: string;
let distDir: string;
const running: NodeServer[] = [];

async function start(handler: EdgeHandler, backend?: MountedApp, shutdownGraceMs?: number): Promise<{ port: number; node: NodeServer }> {
  const node = createNodeServer({ distDir, handler, backend, shutdownGraceMs });
  running.push(node);
  await new Promise<void>((listening) => node.server.listen(0, '127.0.0.1', listening));
  return { port: (node.server.address() as AddressInfo).port, node };
}

const nothing: EdgeHandler = () => Promise.resolve(null);
/** A grace period or keep-alive longer than any test: what ends before the test's timeout did not wait for it. */
const NO_TIMER_MS = 600_000;

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'node-server-'));
  distDir = join(workDir, 'dist');
  await mkdir(join(distDir, 'assets'), { recursive: true });
  await mkdir(join(distDir, 'images', 'seed'), { recursive: true });
  await mkdir(join(distDir, 'prerendered'), { recursive: true });
  await mkdir(join(distDir, '.vite'), { recursive: true });
  await writeFile(join(distDir, 'assets', 'index-AbC123.js'), SCRIPT);
  await writeFile(join(distDir, 'images', 'seed', 'photo.jpg'), Buffer.alloc(4096, 7));
  await writeFile(join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(join(distDir, 'robots.txt'), 'User-agent: *\n');
  await writeFile(join(distDir, 'index.html'), '<!doctype html><title>index.html</title>');
  await writeFile(join(distDir, 'app.html'), APP_PAGE);
  await writeFile(join(distDir, 'prerendered', 'shell.html'), '<!doctype html><title>shell</title>');
  await writeFile(join(distDir, '.vite', 'manifest.json'), '{}');
  // Beside dist/, where no request may reach.
  await writeFile(join(workDir, 'secret.txt'), 'SEGREDO');
});

afterEach(async () => {
  await Promise.all(running.splice(0).map((node) => node.close()));
});

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

describe('built files', () => {
  it('serves a hashed asset for good, with its type, validators and a 304 for a current copy', async () => {
    const { port } = await start(nothing);
    const first = await send(port, '/assets/index-AbC123.js');
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(first.body.toString()).toBe(SCRIPT);
    expect(first.headers.etag).toBeTruthy();
    expect(first.headers['last-modified']).toBeTruthy();

    const again = await send(port, '/assets/index-AbC123.js', { headers: { 'if-none-match': first.headers.etag } });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers['content-encoding']).toBeUndefined();

    const since = await send(port, '/assets/index-AbC123.js', {
      headers: { 'if-modified-since': first.headers['last-modified'] },
    });
    expect(since.status).toBe(304);
  });

  it('keeps images for a day and revalidates everything else', async () => {
    const { port } = await start(nothing);
    const image = await send(port, '/images/seed/photo.jpg', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['cache-control']).toBe('public, max-age=86400');
    // Already compressed formats are sent as they are.
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.body.length).toBe(4096);

    const icon = await send(port, '/favicon.svg');
    expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml\b/);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('answers HEAD with the headers and no body', async () => {
    const { port } = await start(nothing);
    const head = await send(port, '/assets/index-AbC123.js', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(SCRIPT)));
    expect(head.body.length).toBe(0);
  });

  it.each([
    '/../secret.txt',
    '/%2e%2e/secret.txt',
    '/..%2fsecret.txt',
    '/%2e%2e%2fsecret.txt',
    '/assets/..%2f..%2fsecret.txt',
    '/assets/%2e%2e/%2e%2e/secret.txt',
    '/..\\secret.txt',
    '/%00',
  ])('never serves a file outside dist/ (%s)', async (path) => {
    const { port } = await start(nothing);
    const answer = await send(port, path);
    expect(answer.body.toString()).not.toContain('SEGREDO');
    expect([400, 404]).toContain(answer.status);
  });

  it('lists no folder and serves neither the HTML templates nor build metadata as files', async () => {
    const { port } = await start(nothing);
    for (const path of ['/assets', '/assets/', '/index.html', '/app.html', '/prerendered/shell.html', '/.vite/manifest.json']) {
      const answer = await send(port, path);
      expect(answer.body.toString(), path).not.toMatch(/index-AbC123|<title>index.html|<title>shell|^\{\}$/);
    }
    expect((await send(port, '/index.html')).status).toBe(404);
    expect((await send(port, '/.vite/manifest.json')).status).toBe(404);
  });

  it('answers 404, not the app page, for a missing file', async () => {
    const { port } = await start(nothing);
    const answer = await send(port, '/assets/index-old.js');
    expect(answer.status).toBe(404);
    expect(answer.headers['content-type']).toBe('text/plain; charset=utf-8');
  });
});

describe('compression', () => {
  it.each([
    ['gzip', (body: Buffer) => gunzipSync(body)],
    ['br', (body: Buffer) => brotliDecompressSync(body)],
  ] as const)('sends %s when the client takes it', async (encoding, decode) => {
    const { port } = await start(nothing);
    const answer = await send(port, '/assets/index-AbC123.js', { headers: { 'accept-encoding': encoding } });
    expect(answer.headers['content-encoding']).toBe(encoding);
    expect(answer.headers.vary).toBe('Accept-Encoding');
    expect(answer.headers['content-length']).toBeUndefined();
    expect(answer.body.length).toBeLessThan(Buffer.byteLength(SCRIPT) / 4);
    expect(decode(answer.body).toString()).toBe(SCRIPT);
  });

  it('prefers brotli, honours q=0 and sends plain text to a client that takes neither', async () => {
    const { port } = await start(nothing);
    const both = await send(port, '/assets/index-AbC123.js', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(both.headers['content-encoding']).toBe('br');
    const noBrotli = await send(port, '/assets/index-AbC123.js', { headers: { 'accept-encoding': 'br;q=0, gzip' } });
    expect(noBrotli.headers['content-encoding']).toBe('gzip');
    const plain = await send(port, '/assets/index-AbC123.js', { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.body.toString()).toBe(SCRIPT);
  });

  it("compresses the handler's text answers too", async () => {
    const html = `<!doctype html><html><body>${'<p>Notícia</p>'.repeat(500)}</body></html>`;
    const { port } = await start(() =>
      Promise.resolve(new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8', vary: 'Cookie' } })),
    );
    const answer = await send(port, '/noticia/x', { headers: { 'accept-encoding': 'gzip' } });
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers.vary).toBe('Cookie, Accept-Encoding');
    expect(gunzipSync(answer.body).toString()).toBe(html);
  });
});

describe('the handler', () => {
  it('gets the page address as an absolute URL and its answer goes out as it is', async () => {
    let received: Request | undefined;
    const { port } = await start((request) => {
      received = request;
      const headers = new Headers({ 'content-type': 'application/rss+xml; charset=utf-8', 'x-edge': 'sim' });
      headers.append('set-cookie', 'a=1; Path=/');
      headers.append('set-cookie', 'b=2; Path=/; HttpOnly');
      return Promise.resolve(new Response('<rss/>', { status: 203, headers }));
    });
    const answer = await send(port, '/rss.xml?x=1', { headers: { host: 'portoferreira.test:8080', 'x-forwarded-proto': 'https' } });
    expect(answer.status).toBe(203);
    expect(answer.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(answer.headers['x-edge']).toBe('sim');
    expect(answer.headers['set-cookie']).toEqual(['a=1; Path=/', 'b=2; Path=/; HttpOnly']);
    expect(answer.body.toString()).toBe('<rss/>');
    // Without TRUST_PROXY the client's X-Forwarded-Proto is not believed.
    expect(received?.url).toBe('http://portoferreira.test:8080/rss.xml?x=1');
    expect(received?.method).toBe('GET');
  });

  it('takes the origin from the proxy when told to trust it', async () => {
    let url = '';
    const node = createNodeServer({
      distDir,
      trustProxy: true,
      handler: (request) => {
        url = request.url;
        return Promise.resolve(new Response('ok'));
      },
    });
    running.push(node);
    await new Promise<void>((listening) => node.server.listen(0, '127.0.0.1', listening));
    const { port } = node.server.address() as AddressInfo;
    await send(port, '/topico/esportes', {
      headers: { host: '127.0.0.1', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'portoferreiranoticias.com.br' },
    });
    expect(url).toBe('https://portoferreiranoticias.com.br/topico/esportes');
  });

  it('tells the handler the reader’s address (the audience beacon’s): the peer, or behind a trusted proxy the address it appended', async () => {
    const addresses: (string | null | undefined)[] = [];
    for (const trustProxy of [false, true]) {
      const node = createNodeServer({
        distDir,
        trustProxy,
        handler: (_request, context) => {
          addresses.push(context?.clientAddress);
          return Promise.resolve(new Response(null, { status: 204 }));
        },
      });
      running.push(node);
      await new Promise<void>((listening) => node.server.listen(0, '127.0.0.1', listening));
      const { port } = node.server.address() as AddressInfo;
      await send(port, '/api/audiencia', { method: 'POST', body: '{}', headers: { 'x-forwarded-for': '203.0.113.7, 198.51.100.9' } });
    }
    // Without TRUST_PROXY the header is the client's own word; with it, its last entry is what the proxy saw.
    expect(addresses).toEqual(['127.0.0.1', '198.51.100.9']);
  });

  it('takes every request to be on SITE_URL when given one: the request target contributes only its path', async () => {
    const urls: string[] = [];
    const node = createNodeServer({
      distDir,
      trustProxy: true,
      siteUrl: 'https://portoferreiranoticias.com.br',
      handler: (request) => {
        urls.push(request.url);
        return Promise.resolve(new Response('ok'));
      },
    });
    running.push(node);
    await new Promise<void>((listening) => node.server.listen(0, '127.0.0.1', listening));
    const { port } = node.server.address() as AddressInfo;
    await send(port, '/topico/esportes?p=2', { headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' } });
    await send(port, '//evil.example/noticia/x');
    await send(port, 'http://evil.example/rss.xml', { headers: { host: 'evil.example' } });
    const unusableHost = await send(port, '/x', { headers: { host: 'evil.example/y?' } });
    expect(unusableHost.status).toBe(400);
    expect(unusableHost.body.toString()).toBe('Endereço inválido.');
    expect(urls).toEqual([
      'https://portoferreiranoticias.com.br/topico/esportes?p=2',
      'https://portoferreiranoticias.com.br//evil.example/noticia/x',
      'https://portoferreiranoticias.com.br/rss.xml',
    ]);
  });

  it('answers its own addresses before a built file of the same name, which stays the fallback', async () => {
    const { port } = await start((request) =>
      Promise.resolve(new URL(request.url).searchParams.has('own') ? new Response('Sitemap: x', { headers: { 'content-type': 'text/plain' } }) : null),
    );
    expect((await send(port, '/robots.txt?own')).body.toString()).toBe('Sitemap: x');
    expect((await send(port, '/robots.txt')).body.toString()).toBe('User-agent: *\n');
  });

  it('streams the body as the handler writes it', async () => {
    let release: () => void = () => undefined;
    const later = new Promise<void>((done) => (release = done));
    const encoder = new TextEncoder();
    const { port } = await start(() =>
      Promise.resolve(
        new Response(
          new ReadableStream<Uint8Array>({
            async start(controller) {
              controller.enqueue(encoder.encode('<head>cedo</head>'));
              await later;
              controller.enqueue(encoder.encode('<body>depois</body>'));
              controller.close();
            },
          }),
          { headers: { 'content-type': 'text/html; charset=utf-8' } },
        ),
      ),
    );
    const firstChunk = await new Promise<string>((done, fail) => {
      const req = httpRequest({ host: '127.0.0.1', port, path: '/', agent: false, headers: { 'accept-encoding': 'gzip' } }, (res) => {
        const chunks: Buffer[] = [];
        res.once('data', (chunk: Buffer) => {
          chunks.push(chunk);
          // The head arrived, compressed and flushed, while the rest is still being written.
          done(gunzipSync(Buffer.concat(chunks), { finishFlush: 2 /* Z_SYNC_FLUSH */ }).toString());
          release();
        });
        res.on('error', fail);
      });
      req.on('error', fail);
      req.end();
    });
    expect(firstChunk).toBe('<head>cedo</head>');
  });

  it('hands the request body to the handler', async () => {
    const { port } = await start(async (request) => {
      const body = await request.text();
      return new Response(JSON.stringify({ method: request.method, type: request.headers.get('content-type'), body }), {
        status: 201,
        headers: { 'content-type': 'application/json' },
      });
    });
    const payload = JSON.stringify({ q: 'Porto Ferreira', texto: 'á'.repeat(50_000) });
    const answer = await send(port, '/api/news/search', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: payload,
    });
    expect(answer.status).toBe(201);
    expect(JSON.parse(answer.body.toString())).toEqual({ method: 'POST', type: 'application/json', body: payload });
  });

  it('sends the app page for an address the handler leaves alone', async () => {
    const { port } = await start(nothing);
    const answer = await send(port, '/admin/noticias');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.body.toString()).toBe(APP_PAGE);
  });

  it('answers 500 in Portuguese and logs when the handler fails', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const { port } = await start(() => Promise.reject(new Error('banco fora do ar')));
      const answer = await send(port, '/');
      expect(answer.status).toBe(500);
      expect(answer.body.toString()).toMatch(/^Erro interno do servidor/);
      expect(answer.body.toString()).not.toContain('banco fora do ar');
      expect(logged).toHaveBeenCalled();
    } finally {
      logged.mockRestore();
    }
  });
});

describe('the local backend', () => {
  it('answers its prefixes on the site origin; other addresses never reach it', async () => {
    const backend: MountedApp = {
      fetch: (request) => {
        const url = new URL(request.url);
        return Response.json({ backend: url.pathname + url.search });
      },
    };
    const { port } = await start(() => Promise.resolve(new Response('handler')), backend);
    expect(JSON.parse((await send(port, '/rest/v1/news?select=*')).body.toString())).toEqual({ backend: '/rest/v1/news?select=*' });
    expect((await send(port, '/auth/v1/token', { method: 'POST', body: '{}' })).body.toString()).toContain('/auth/v1/token');
    expect((await send(port, '/rest/v10')).body.toString()).toBe('handler');
    expect(JSON.parse((await send(port, '/storage/v1')).body.toString())).toEqual({ backend: '/storage/v1' });
  });
});

describe('security headers on every answer', () => {
  const SITE_POLICY = /^default-src 'self'; script-src 'self'; style-src 'self'; style-src-attr 'none'; .*frame-ancestors 'none'/;
  const backend: MountedApp = { fetch: () => Response.json({}) };

  function expectCompanions(answer: Answer, label: string) {
    expect(answer.headers['x-content-type-options'], label).toBe('nosniff');
    expect(answer.headers['referrer-policy'], label).toBe('strict-origin-when-cross-origin');
  }

  it('documents (the app page, an SVG) carry the page policy; scripts, images and errors only nosniff; the backend its own, stricter one', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const failing: EdgeHandler = (request) =>
        new URL(request.url).pathname === '/quebrado' ? Promise.reject(new Error('falhou')) : Promise.resolve(null);
      const { port } = await start(failing, backend);
      for (const path of ['/favicon.svg', '/admin/noticias']) {
        const answer = await send(port, path);
        expect(answer.headers['content-security-policy'], path).toMatch(SITE_POLICY);
        expect(answer.headers['x-frame-options'], path).toBe('DENY');
        expectCompanions(answer, path);
      }
      for (const path of ['/assets/index-AbC123.js', '/images/seed/photo.jpg', '/nada.png', '/..%2fsecret.txt', '/quebrado']) {
        const answer = await send(port, path);
        expect(answer.headers['x-content-type-options'], path).toBe('nosniff');
        for (const name of ['content-security-policy', 'referrer-policy', 'x-frame-options']) expect(answer.headers[name], `${path} ${name}`).toBeUndefined();
      }
      for (const path of ['/rest/v1/publications', '/storage/v1/object/public/publications/a.svg']) {
        const answer = await send(port, path);
        expect(answer.headers['content-security-policy'], path).toBe("default-src 'none'; frame-ancestors 'none'; sandbox");
        expectCompanions(answer, path);
      }
    } finally {
      logged.mockRestore();
    }
  });

  it("the handler's own headers win over the server's", async () => {
    const own: EdgeHandler = () => Promise.resolve(new Response('<p>página</p>', { headers: { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': "default-src 'self'; script-src 'self' 'nonce-abc'", 'Referrer-Policy': 'strict-origin-when-cross-origin' } }));
    const { port } = await start(own);
    const answer = await send(port, '/');
    expect(answer.headers['content-security-policy']).toBe("default-src 'self'; script-src 'self' 'nonce-abc'");
    expectCompanions(answer, '/');
  });

  it('names a hosted project in the policy of the files it serves', async () => {
    const node = createNodeServer({ distDir, handler: nothing, supabaseUrl: 'https://abcdefghijklmnopqrst.supabase.co/' });
    running.push(node);
    await new Promise<void>((listening) => node.server.listen(0, '127.0.0.1', listening));
    const answer = await send((node.server.address() as AddressInfo).port, '/admin');
    expect(answer.headers['content-security-policy']).toContain(
      "connect-src 'self' https://abcdefghijklmnopqrst.supabase.co wss://abcdefghijklmnopqrst.supabase.co",
    );
  });
});

describe('shutting down', () => {
  it('stops accepting, finishes the answer under way, then closes its kept-alive connection', async () => {
    let release: () => void = () => undefined;
    const slow = new Promise<void>((done) => (release = done));
    let started: () => void = () => undefined;
    const handlerStarted = new Promise<void>((done) => (started = done));
    // A grace period and keep-alive longer than any test: closing ends only because the answer is out.
    const { port, node } = await start(async () => {
      started();
      await slow;
      return new Response('resposta completa');
    }, undefined, NO_TIMER_MS);
    node.server.keepAliveTimeout = NO_TIMER_MS;
    const agent = new Agent({ keepAlive: true });
    try {
      const inFlight = new Promise<Answer>((done, fail) => {
        httpRequest({ host: '127.0.0.1', port, path: '/lento', agent }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        })
          .on('error', fail)
          .end();
      });
      await handlerStarted;
      let closed = false;
      const closing = node.close().then(() => (closed = true));
      await new Promise((wait) => setTimeout(wait, 50));
      expect(closed).toBe(false);
      await expect(send(port, '/novo')).rejects.toThrow(/ECONNREFUSED/);

      release();
      const answer = await inFlight;
      expect(answer.status).toBe(200);
      expect(answer.body.toString()).toBe('resposta completa');
      await closing;
    } finally {
      agent.destroy();
    }
  });

  it('cuts a request that outlives the grace period', async () => {
    const { port, node } = await start(() => new Promise<Response>(() => undefined), undefined, 100);
    const hanging = send(port, '/para-sempre').catch((error: unknown) => error);
    await new Promise((wait) => setTimeout(wait, 50));
    // The handler never answers: only the grace period's end lets the close finish.
    await node.close();
    expect(await hanging).toBeInstanceOf(Error);
  });

  it('closes idle keep-alive connections at once', async () => {
    // No timer would end the idle connection before the test does: the close finishes only by closing it.
    const { port, node } = await start(() => Promise.resolve(new Response('ok')), undefined, NO_TIMER_MS);
    node.server.keepAliveTimeout = NO_TIMER_MS;
    const agent = new Agent({ keepAlive: true });
    try {
      await new Promise<void>((done, fail) => {
        httpRequest({ host: '127.0.0.1', port, path: '/', agent }, (res) => {
          res.resume();
          res.on('end', done);
        })
          .on('error', fail)
          .end();
      });
      await node.close();
    } finally {
      agent.destroy();
    }
  });
});
