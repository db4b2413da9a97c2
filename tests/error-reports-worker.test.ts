import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import worker, { type WorkerEnv } from '../adapters/cloudflare/worker.ts';
import { startSentryStandIn, type SentryStandIn } from './support/sentry-stand-in.ts';

// The Cloudflare Worker's error reports (docs/decisions/0041), its exported handler run in Node against a stand-in
// Sentry: the hosted project answers garbage, so the feed answers 503 and, with SENTRY_DSN, @sentry/cloudflare's
// request wrapper sends the error, tagged with the answer's X-Request-Id, through the Worker's waitUntil. Without
// SENTRY_DSN nothing reaches the stand-in. (e2e/deploy/worker.e2e.ts runs the same under wrangler dev.)

const SITE = 'https://portoferreiranoticias.example';
const READER_EMAIL = 'leitor.do.worker@exemplo.com.br';
const TOKEN = 'dG9rZW4tc2VjcmV0by1kby1sZWl0b3ItMTIzNDU2';
const CLIENT_IP = '198.51.100.23';

let sentry: SentryStandIn;
let garbage: Server;
let hostedUrl: string;

beforeAll(async () => {
  sentry = await startSentryStandIn();
  garbage = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'application/json' }).end(`<html>${READER_EMAIL} Bad gateway</html>`);
  });
  await new Promise<void>((resolve) => garbage.listen(0, '127.0.0.1', resolve));
  hostedUrl = `http://127.0.0.1:${(garbage.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await sentry?.stop();
  await new Promise((resolve) => garbage?.close(resolve));
});

function envWith(extra: Record<string, string>): WorkerEnv {
  return {
    ASSETS: { fetch: () => Promise.resolve(new Response('not found', { status: 404 })) },
    SITE_URL: SITE,
    VITE_SUPABASE_URL: hostedUrl,
    VITE_SUPABASE_ANON_KEY: 'anon',
    ...extra,
  };
}

/**
 * The feed, as a reader whose request carries what a report must leave out; reads the answer (the SDK flushes once a
 * streamed body ends) and waits for what the Worker left running, as the runtime does after answering.
 */
async function askForTheFeed(env: WorkerEnv): Promise<Response> {
  const pending: Promise<unknown>[] = [];
  const ctx = { waitUntil: (promise: Promise<unknown>) => void pending.push(promise) };
  const request = new Request(`${SITE}/rss.xml?token=${TOKEN}&email=${encodeURIComponent(READER_EMAIL)}`, {
    headers: { Cookie: `sb-access-token=${TOKEN}`, 'CF-Connecting-IP': CLIENT_IP },
  });
  const original = console.error;
  console.error = () => undefined;
  try {
    const response = await worker.fetch(request, env, ctx);
    const body = await response.text();
    await Promise.all(pending);
    return new Response(body, response);
  } finally {
    console.error = original;
  }
}

describe('the Worker’s error reports', () => {
  it('sends nothing without SENTRY_DSN', async () => {
    const response = await askForTheFeed(envWith({}));
    expect(response.status).toBe(503);
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(sentry.requests).toEqual([]);
  });

  it('refuses SENTRY_DSN without VITE_SENTRY_DSN, which names Sentry in the privacy policy', async () => {
    const response = await askForTheFeed(envWith({ SENTRY_DSN: sentry.dsn(3) }));
    expect(response.status).toBe(503);
    expect(await response.text()).toContain('set VITE_SENTRY_DSN');
    expect(sentry.requests).toEqual([]);
  });

  it('reports the error with the answer’s request id and nothing personal, and allows the browser’s reports in the policy', async () => {
    const response = await askForTheFeed(envWith({ SENTRY_DSN: sentry.dsn(3), VITE_SENTRY_DSN: sentry.dsn(4) }));
    expect(response.status).toBe(503);
    const requestId = response.headers.get('x-request-id');
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const event = await sentry.waitForEvent((candidate) => (candidate.tags as Record<string, string> | undefined)?.request_id === requestId);
    expect(event.contexts).toMatchObject({ request_summary: { method: 'GET', path: '/rss.xml' } });
    const envelope = sentry.envelopes.find((candidate) => candidate.raw.includes(requestId!));
    expect(envelope?.project).toBe('3');
    for (const sent of sentry.envelopes) {
      for (const secret of [READER_EMAIL, TOKEN, CLIENT_IP, 'sb-access-token']) expect(sent.raw).not.toContain(secret);
      expect(sent.raw).not.toMatch(/"ip_address"|"cookies"|"headers"|"query_string"/);
    }
  });

  it('puts each request’s own id on its report when requests overlap', async () => {
    const env = envWith({ SENTRY_DSN: sentry.dsn(3), VITE_SENTRY_DSN: sentry.dsn(4) });
    const answers = await Promise.all([askForTheFeed(env), askForTheFeed(env), askForTheFeed(env)]);
    const ids = answers.map((answer) => answer.headers.get('x-request-id'));
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) {
      const event = await sentry.waitForEvent((candidate) => (candidate.tags as Record<string, string> | undefined)?.request_id === id);
      expect(event.tags).toMatchObject({ request_id: id });
    }
  });
});
