import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import worker, { type WorkerEnv } from '../adapters/cloudflare/worker.ts';

// The Worker's request line and X-Request-Id (docs/decisions/0040), through its real fetch handler. The hosted
// project is a real HTTP server on this machine answering the REST read /readyz makes; ASSETS is a Map of files.

let project: Server;
let projectUrl = '';
let projectStatus = 200;

beforeAll(async () => {
  project = createServer((req, res) => {
    res.writeHead(projectStatus, { 'Content-Type': 'application/json' }).end(req.url?.startsWith('/rest/v1/') ? '[]' : '{}');
  });
  await new Promise<void>((listening) => project.listen(0, '127.0.0.1', listening));
  projectUrl = `http://127.0.0.1:${(project.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((closed) => project.close(() => closed())));

const files = new Map([['/assets/index-AbC123.js', 'export const answer = 42;\n']]);

function envFor(overrides: Partial<WorkerEnv> = {}): WorkerEnv {
  return {
    ASSETS: {
      fetch: (request) => {
        const body = files.get(new URL(request instanceof Request ? request.url : request).pathname);
        return Promise.resolve(body === undefined ? new Response('not found', { status: 404 }) : new Response(body, { headers: { 'Content-Type': 'text/javascript' } }));
      },
    },
    SITE_URL: 'https://portoferreiranoticias.com.br',
    VITE_SUPABASE_URL: projectUrl,
    VITE_SUPABASE_ANON_KEY: 'anon',
    ...overrides,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const TOKEN = '3f1c2a9e-7b4d-4c1e-9a2b-5d6e7f8a9b0c';

let lines: string[] = [];
const originalInfo = console.info;
const originalError = console.error;
afterEach(() => {
  console.info = originalInfo;
  console.error = originalError;
  projectStatus = 200;
});

/** The Worker's answer, its body read as a client would, and the log lines it left once its waitUntil work settled. */
async function request(path: string, init: RequestInit = {}, env = envFor()) {
  lines = [];
  console.info = (...args: unknown[]) => void lines.push(args.join(' '));
  console.error = (...args: unknown[]) => void lines.push(args.join(' '));
  const pending: Promise<unknown>[] = [];
  const response = await worker.fetch(new Request(`https://portoferreiranoticias.com.br${path}`, init), env, { waitUntil: (work) => void pending.push(work) });
  const body = await response.text();
  await Promise.all(pending);
  return { response, body, lines: lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

describe('the Worker’s request line', () => {
  it('is one JSON line per request with the id its answer carries, the status, the bytes sent and whether a cache answered', async () => {
    const { response, body, lines } = await request('/assets/index-AbC123.js');
    expect(response.status).toBe(200);
    const id = response.headers.get('x-request-id');
    expect(id).toMatch(UUID);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toEqual({
      level: 'info',
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) as unknown,
      reqId: id,
      method: 'GET',
      path: '/assets/index-AbC123.js',
      status: 200,
      durationMs: expect.any(Number) as unknown,
      bytes: new TextEncoder().encode(body).byteLength,
      cache: false,
      msg: 'request',
    });
  });

  it('replaces the token of an e-mailed link, in the path and in the query', async () => {
    const page = await request(`/newsletter/cancelar/${TOKEN}?utm=${TOKEN}&token=${TOKEN}`);
    expect(page.lines.map((line) => line.path)).toEqual(['/newsletter/cancelar/:token?utm=:token&token=:token']);
    const oneClick = await request(`/api/newsletter/cancelar/${TOKEN}`, { method: 'POST', body: 'List-Unsubscribe=One-Click' });
    expect(oneClick.lines.at(-1)).toMatchObject({ method: 'POST', path: '/api/newsletter/cancelar/:token' });
    for (const line of [...page.lines, ...oneClick.lines]) expect(JSON.stringify(line)).not.toContain(`cancelar/${TOKEN}`);
  });

  it('ignores a client’s X-Request-Id, and keeps a well-formed one behind TRUST_PROXY', async () => {
    const fromClient = await request('/healthz', { headers: { 'X-Request-Id': 'chosen-by-client' } });
    expect(fromClient.response.headers.get('x-request-id')).toMatch(UUID);
    const behindProxy = await request('/healthz', { headers: { 'X-Request-Id': 'lb-123' } }, envFor({ TRUST_PROXY: 'true' }));
    expect(behindProxy.response.headers.get('x-request-id')).toBe('lb-123');
    expect(behindProxy.lines[0]).toMatchObject({ reqId: 'lb-123', path: '/healthz', status: 200 });
  });
});

describe('the Worker’s health addresses', () => {
  it('/healthz answers, /readyz says whether the hosted project answers; JSON, no-store, nothing about the project', async () => {
    const health = await request('/healthz');
    expect(health.response.status).toBe(200);
    expect(JSON.parse(health.body)).toEqual({ status: 'ok' });
    expect(health.response.headers.get('cache-control')).toBe('no-store');

    const ready = await request('/readyz');
    expect(ready.response.status).toBe(200);
    expect(JSON.parse(ready.body)).toEqual({ status: 'ready', checks: { project: 'ok' } });

    projectStatus = 503;
    const down = await request('/readyz');
    expect(down.response.status).toBe(503);
    expect(down.response.headers.get('cache-control')).toBe('no-store');
    expect(JSON.parse(down.body)).toEqual({ status: 'not_ready', checks: { project: 'failing' } });
    expect(down.body).not.toContain('127.0.0.1');
  });
});
