import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILD_TARGET_FILE } from '../server/build-target.ts';
import { productionConfigFrom } from '../server/production-config.ts';
import { startProductionServer, type ProductionServer } from '../server/production-server.ts';
import { startSentryStandIn, type SentryStandIn } from './support/sentry-stand-in.ts';

// npm start's error reports (docs/decisions/0041) against a stand-in Sentry that parses the envelopes it receives.
// The fault is a real one: the hosted project answers its REST API with garbage (a proxy's error page, which quotes
// a reader's e-mail), so the site's feed cannot be built and answers 503. With SENTRY_DSN the error reaches the
// stand-in tagged with the answer's X-Request-Id and nothing personal; without it, nothing reaches the stand-in.

const SITE_URL = 'https://portoferreiranoticias.example';
const READER_EMAIL = 'leitora.secreta@exemplo.com.br';
const TOKEN = 'c2VjcmV0LXRva2VuLXF1ZS1uYW8tcG9kZS1zYWly';
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJsZWl0b3JhIn0.c2lnbmF0dXJlLWRvLXRva2Vu';
const CLIENT_IP = '203.0.113.77';

let sentry: SentryStandIn;
let garbage: Server;
let hostedUrl: string;
let dist: string;

beforeAll(async () => {
  sentry = await startSentryStandIn();
  // A hosted project behind a broken proxy: every API answer is an HTML page, not JSON.
  garbage = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'application/json' }).end(`${READER_EMAIL} <html>Bad gateway</html>`);
  });
  await new Promise<void>((resolve) => garbage.listen(0, '127.0.0.1', resolve));
  hostedUrl = `http://127.0.0.1:${(garbage.address() as AddressInfo).port}`;
  dist = mkdtempSync(join(tmpdir(), 'pf-error-reports-dist-'));
  const page = '<!doctype html><html lang="pt-BR"><head><title>Porto Ferreira Notícias</title></head><body><div id="root"></div></body></html>';
  writeFileSync(join(dist, 'index.html'), page);
  writeFileSync(join(dist, 'app.html'), page);
  mkdirSync(join(dist, '.vite'));
  writeFileSync(join(dist, BUILD_TARGET_FILE), JSON.stringify({ supabaseUrl: hostedUrl, anonKey: 'anon-key' }));
});

afterAll(async () => {
  await sentry?.stop();
  await new Promise((resolve) => garbage?.close(resolve));
  if (dist) rmSync(dist, { recursive: true, force: true });
});

async function startSite(extra: Record<string, string>): Promise<ProductionServer> {
  const vars = { SITE_URL, VITE_SUPABASE_URL: hostedUrl, VITE_SUPABASE_ANON_KEY: 'anon-key', PORT: '0', ...extra };
  const config = await productionConfigFrom(vars, { supabaseUrl: hostedUrl, anonKey: 'anon-key' });
  return startProductionServer({ config, vars, distDir: dist, quiet: true });
}

/** The feed, asked as a reader whose request carries every kind of personal data a report must leave out. */
function askForTheFeed(site: ProductionServer): Promise<Response> {
  return fetch(`${site.url}/rss.xml?token=${TOKEN}&email=${encodeURIComponent(READER_EMAIL)}`, {
    headers: {
      Cookie: `sb-access-token=${JWT}`,
      Authorization: `Bearer ${JWT}`,
      'X-Forwarded-For': CLIENT_IP,
    },
  });
}

function withoutConsoleError<T>(run: () => Promise<T>): Promise<T> {
  const original = console.error;
  console.error = () => undefined;
  return run().finally(() => (console.error = original));
}

// In this order: the first start never initialises the SDK, the second does (it is one per process).
describe('npm start without SENTRY_DSN', () => {
  it('answers the fault as before, and no request reaches Sentry', async () => {
    const site = await startSite({});
    try {
      const answer = await withoutConsoleError(() => askForTheFeed(site));
      expect(answer.status).toBe(503);
      expect(answer.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      // The page policy is on documents only (decision 0049): the app page's names no Sentry host.
      expect(answer.headers.get('content-security-policy')).toBeNull();
      expect((await fetch(`${site.url}/admin`)).headers.get('content-security-policy')).not.toContain(sentry.origin);
    } finally {
      await site.close();
    }
    expect(sentry.requests).toEqual([]);
  });
});

describe('npm start with SENTRY_DSN', () => {
  it('refuses SENTRY_DSN without VITE_SENTRY_DSN, which names Sentry in the privacy policy, and a DSN that is not one', async () => {
    const vars = { SITE_URL, VITE_SUPABASE_URL: hostedUrl, VITE_SUPABASE_ANON_KEY: 'anon-key' };
    const build = { supabaseUrl: hostedUrl, anonKey: 'anon-key' };
    await expect(productionConfigFrom({ ...vars, SENTRY_DSN: sentry.dsn() }, build)).rejects.toThrow(/set VITE_SENTRY_DSN with SENTRY_DSN/);
    await expect(productionConfigFrom({ ...vars, SENTRY_DSN: 'https://sentry.example/1', VITE_SENTRY_DSN: sentry.dsn() }, build)).rejects.toThrow(
      /SENTRY_DSN must be the DSN Sentry shows/,
    );
  });

  it('reports the server error with the answer’s request id and nothing personal', async () => {
    const site = await startSite({ SENTRY_DSN: sentry.dsn(7), VITE_SENTRY_DSN: sentry.dsn(8) });
    let requestId: string | null;
    try {
      const answer = await withoutConsoleError(() => askForTheFeed(site));
      expect(answer.status).toBe(503);
      requestId = answer.headers.get('x-request-id');
      expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
      // The browser's reports may go to VITE_SENTRY_DSN's origin, and nowhere else new: a document's policy says so
      // (a feed is no document and carries none, decision 0049).
      expect(answer.headers.get('content-security-policy')).toBeNull();
      const policy = (await fetch(`${site.url}/admin`)).headers.get('content-security-policy');
      expect(policy).toContain(`connect-src 'self' ${hostedUrl} ws://127.0.0.1`);
      expect(policy).toContain(sentry.origin);
      const event = await sentry.waitForEvent((candidate) => (candidate.tags as Record<string, string> | undefined)?.request_id === requestId);
      // The error as the data layer threw it, its message (the garbage) with the e-mail taken out.
      const [thrown] = (event.exception as { values: { type: string; value: string }[] }).values;
      expect(thrown).toMatchObject({ type: 'ServiceError', value: '[e-mail] <html>Bad gateway</html>' });
      expect(event.contexts).toMatchObject({ request_summary: { method: 'GET', path: '/rss.xml' } });
    } finally {
      await site.close();
    }
    const envelope = sentry.envelopes.find((candidate) => candidate.raw.includes(requestId!));
    expect(envelope?.project).toBe('7');
    for (const envelopeSent of sentry.envelopes) {
      for (const secret of [READER_EMAIL, TOKEN, JWT, CLIENT_IP, 'Bearer', 'sb-access-token', 'leitora.secreta']) {
        expect(envelopeSent.raw).not.toContain(secret);
      }
      expect(envelopeSent.raw).not.toMatch(/"ip_address"|"cookies"|"headers"|"query_string"/);
    }
  });
});
