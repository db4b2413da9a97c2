import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { redactTarget } from '../edge/log-redaction.ts';
import { anonKeyFor, serviceRoleKeyFor } from '../local-supabase/src/jwt.ts';
import { createLogger, currentRequestId, routeConsoleToLogger, setProcessLogger } from '../local-supabase/src/log.ts';
import { BUILD_TARGET_FILE } from '../server/build-target.ts';
import { createNodeServer } from '../server/node-server.ts';
import { productionConfigFrom } from '../server/production-config.ts';
import { startProductionServer, type ProductionServer } from '../server/production-server.ts';
import { campaignReport } from '../src/services/ad-campaigns.ts';
import { createSupabaseClient } from '../src/services/client.ts';
import { createDataClient } from '../src/services/data-client.ts';
import { signUpForDigest } from '../src/services/newsletter/subscription.ts';
import { startMailSink, type MailSink } from './support/mail-sink.ts';

// npm start's log (docs/decisions/0040), read as an operator would search it: the sign-up, recovery, digest and
// report-link journeys run over HTTP and SMTP against the production server with its embedded backend, its log lines
// are captured, and no secret any journey used appears in them; each request left one line with the id its answer
// carried.

const SITE_URL = 'https://portoferreiranoticias.example';
const JWT_SECRET = 'a-production-secret-for-the-log-test-48-chars!!';
const ADMIN = { email: 'chefe.log@portoferreiranoticias.example', password: 'senha-da-redacao-log-2026' };

let sink: MailSink;
let site: ProductionServer;
let dist: string;
let restoreConsole: () => void = () => undefined;
const written: string[] = [];

beforeAll(async () => {
  sink = await startMailSink();
  const vars = {
    SITE_URL,
    LOCAL_SUPABASE_JWT_SECRET: JWT_SECRET,
    LOCAL_ADMIN_EMAIL: ADMIN.email,
    LOCAL_ADMIN_PASSWORD: ADMIN.password,
    PORT: '0',
    SMTP_HOST: sink.host,
    SMTP_PORT: String(sink.port),
    SMTP_FROM: 'Porto Ferreira Notícias <nao-responda@portoferreiranoticias.example>',
  };
  const build = { supabaseUrl: null, anonKey: await anonKeyFor(JWT_SECRET) };
  dist = mkdtempSync(join(tmpdir(), 'pf-request-log-dist-'));
  const page = '<!doctype html><html lang="pt-BR"><head><title>Porto Ferreira Notícias</title></head><body><div id="root"></div></body></html>';
  writeFileSync(join(dist, 'index.html'), page);
  writeFileSync(join(dist, 'app.html'), page);
  mkdirSync(join(dist, '.vite'));
  writeFileSync(join(dist, BUILD_TARGET_FILE), JSON.stringify(build));
  // As server/start.ts does: the process's logger, and console through it; here writing into `written`.
  const logger = createLogger({ level: 'info', destination: { write: (line: string) => void written.push(line) } });
  restoreConsole = routeConsoleToLogger();
  site = await startProductionServer({ config: await productionConfigFrom(vars, build), vars, distDir: dist, storage: { dataDir: null }, logger });
}, 60_000);

afterAll(async () => {
  restoreConsole();
  await site?.close();
  await sink?.close();
  if (dist) rmSync(dist, { recursive: true, force: true });
});

interface Answered {
  id: string | null;
  method: string;
  target: string;
  status: number;
}

const answered: Answered[] = [];

/** fetch, noting each answer's X-Request-Id: the journeys' supabase-js clients and plain requests all go through it. */
const recordingFetch: typeof fetch = async (input, init) => {
  const request = new Request(input, init);
  const response = await fetch(request);
  const url = new URL(request.url);
  answered.push({ id: response.headers.get('x-request-id'), method: request.method, target: url.pathname + url.search, status: response.status });
  return response;
};

const onSite = (link: string) => link.replace(SITE_URL, site.url);
/** The link and its first group (the token), from an e-mail's text. */
const linkIn = (text: string, pattern: RegExp): [string, string] => {
  const match = pattern.exec(text);
  if (!match) throw new Error(`no link matching ${String(pattern)} in:\n${text}`);
  return [match[0], match[1] ?? ''];
};
const fragmentOf = (location: string | null) => new URLSearchParams(new URL(location ?? '', SITE_URL).hash.slice(1));

const logLines = () => written.map((line) => JSON.parse(line) as Record<string, unknown>);

describe('npm start’s request log', () => {
  it('keeps no secret of the sign-up, recovery, digest and report-link journeys, and has one line per request with its id', async () => {
    const anonKey = await anonKeyFor(JWT_SECRET);
    const serviceKey = await serviceRoleKeyFor(JWT_SECRET);
    const auth = createSupabaseClient(site.url, anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      global: { fetch: recordingFetch },
    });
    const reader = createDataClient(site.url, anonKey, { retry: false, fetch: recordingFetch });
    const email = 'ana.reporter@exemplo.com.br';
    const password = 'senha-da-ana-2026';
    const newPassword = 'nova-senha-da-ana-2026';
    const secrets: string[] = [email, encodeURIComponent(email), password, newPassword, ADMIN.email, ADMIN.password, anonKey, serviceKey];

    // Sign-up, confirmed by the e-mailed link.
    const signUp = await auth.auth.signUp({ email, password, options: { data: { name: 'Ana' }, emailRedirectTo: `${SITE_URL}/admin` } });
    expect(signUp.error).toBeNull();
    const confirmation = linkIn((await sink.next(email)).text, /https:\/\/\S+\/auth\/v1\/verify\?\S+/);
    secrets.push(new URL(confirmation[0]).searchParams.get('token')!);
    const confirmed = await recordingFetch(onSite(confirmation[0]), { redirect: 'manual' });
    expect(confirmed.status).toBe(303);
    const signUpSession = fragmentOf(confirmed.headers.get('location'));
    secrets.push(...[signUpSession.get('access_token'), signUpSession.get('refresh_token')].filter((value): value is string => !!value));

    const signedIn = await auth.auth.signInWithPassword({ email, password });
    expect(signedIn.error).toBeNull();
    secrets.push(signedIn.data.session!.access_token, signedIn.data.session!.refresh_token);
    expect((await auth.auth.getUser()).data.user?.email).toBe(email);

    // Password recovery: the e-mailed link signs in, the new password is set with that session.
    expect((await auth.auth.resetPasswordForEmail(email, { redirectTo: `${SITE_URL}/admin/nova-senha` })).error).toBeNull();
    const recovery = linkIn((await sink.next(email)).text, /https:\/\/\S+\/auth\/v1\/verify\?\S+/);
    secrets.push(new URL(recovery[0]).searchParams.get('token')!);
    const recovered = await recordingFetch(onSite(recovery[0]), { redirect: 'manual' });
    expect(recovered.status).toBe(303);
    const recoverySession = fragmentOf(recovered.headers.get('location'));
    const recoveryToken = recoverySession.get('access_token')!;
    secrets.push(recoveryToken, recoverySession.get('refresh_token')!);
    const changed = await recordingFetch(`${site.url}/auth/v1/user`, {
      method: 'PUT',
      headers: { apikey: anonKey, Authorization: `Bearer ${recoveryToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ password: newPassword }),
    });
    expect(changed.status).toBe(200);
    const again = await auth.auth.signInWithPassword({ email, password: newPassword });
    expect(again.error).toBeNull();
    secrets.push(again.data.session!.access_token, again.data.session!.refresh_token);

    // The digest: sign-up, the confirmation link's page and its call, the digest, the unsubscribe page and one-click.
    await signUpForDigest(reader, { email, consentText: 'Quero receber o resumo diário.', page: '/' });
    expect((await recordingFetch(`${site.url}/api/newsletter/confirmacoes`, { method: 'POST' })).status).toBe(200);
    const [confirmLink, confirmToken] = linkIn((await sink.next(email)).text, /https:\/\/\S+\/newsletter\/confirmar\/([0-9a-f-]{36})/);
    secrets.push(confirmToken);
    expect((await recordingFetch(onSite(confirmLink))).status).toBe(200);
    expect(await reader.rpc('newsletter_confirm', { token: confirmToken })).toMatchObject({ data: 'confirmada' });
    await site.backend!.db.query(
      `insert into public.publications (title, description, published, published_at) values ('Prefeitura abre inscrições', 'Linha fina', true, now() - interval '1 minute')`,
    );
    const sent = await recordingFetch(`${site.url}/api/newsletter/resumo`, { method: 'POST', headers: { Authorization: `Bearer ${serviceKey}` } });
    expect(await sent.json()).toMatchObject({ state: 'enviado', sent: 1 });
    const digest = await sink.next(email);
    const [unsubscribeLink, unsubscribeToken] = linkIn(digest.text, /https:\/\/\S+\/newsletter\/cancelar\/([0-9a-f-]{36})/);
    secrets.push(unsubscribeToken);
    expect((await recordingFetch(onSite(unsubscribeLink))).status).toBe(200);
    const oneClick = await recordingFetch(`${site.url}/api/newsletter/cancelar/${unsubscribeToken}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);

    // An advertiser's report link: its page and its data.
    const { rows: advertisers } = await site.backend!.db.query<{ id: string }>(
      `insert into public.advertisers (name, contact) values ('Padaria Central', 'compras@padaria-central.com.br') returning id`,
    );
    const { rows: campaigns } = await site.backend!.db.query<{ id: string }>(
      `insert into public.ad_campaigns (advertiser_id, space, image_url, image_width, image_height, alt_text, target_url, starts_on, ends_on, state)
       values ($1, 'banner-lateral', '/storage/v1/object/public/ads/2026/lateral.webp', 300, 600, 'Padaria Central: pão quente',
               'https://padaria-central.com.br', private.sao_paulo_date(now()) - 1, private.sao_paulo_date(now()) + 5, 'ativa')
       returning id`,
      [advertisers[0]!.id],
    );
    const { rows: links } = await site.backend!.db.query<{ token: string }>(
      'insert into public.ad_report_links (campaign_id) values ($1) returning token',
      [campaigns[0]!.id],
    );
    const reportToken = links[0]!.token;
    secrets.push(reportToken, 'compras@padaria-central.com.br');
    expect((await recordingFetch(`${site.url}/anuncios/relatorio/${reportToken}`)).status).toBe(200);
    expect(await campaignReport(reader, reportToken)).not.toBeNull();

    // The health addresses, as a monitor asks them.
    // Uncompressed, so the line's bytes can be compared with the body's length.
    const health = await recordingFetch(`${site.url}/healthz`, { headers: { 'Accept-Encoding': 'identity' } });
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await recordingFetch(`${site.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(ready.headers.get('cache-control')).toBe('no-store');
    expect(await ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok' } });

    // Every answer carried an id; each left exactly one request line with it, once its connection closed.
    expect(answered.every((answer) => answer.id !== null)).toBe(true);
    expect(new Set(answered.map((answer) => answer.id)).size).toBe(answered.length);
    await vi.waitFor(() => {
      const ids = new Set(logLines().filter((line) => line.msg === 'request').map((line) => line.reqId));
      expect(answered.filter((answer) => !ids.has(answer.id))).toEqual([]);
    });
    const requestLines = logLines().filter((line) => line.msg === 'request');
    for (const answer of answered) {
      const lines = requestLines.filter((line) => line.reqId === answer.id);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toEqual({
        level: 'info',
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) as unknown,
        reqId: answer.id,
        method: answer.method,
        path: redactTarget(answer.target),
        status: answer.status,
        durationMs: expect.any(Number) as unknown,
        bytes: expect.any(Number) as unknown,
        cache: expect.any(Boolean) as unknown,
        msg: 'request',
      });
    }
    // The token routes read as their route.
    const paths = requestLines.map((line) => String(line.path));
    for (const route of ['/newsletter/confirmar/:token', '/newsletter/cancelar/:token', '/api/newsletter/cancelar/:token', '/anuncios/relatorio/:token']) {
      expect(paths).toContain(route);
    }
    expect(paths.filter((path) => path.startsWith('/auth/v1/verify?'))).toEqual([
      expect.stringContaining('token=:token'),
      expect.stringContaining('token=:token'),
    ]);
    const healthLine = requestLines.find((line) => line.path === '/healthz');
    expect(healthLine).toMatchObject({ status: 200, bytes: JSON.stringify({ status: 'ok' }).length });

    // The search an operator (or an attacker with the log) would make: none of the journeys' secrets, no address.
    const log = written.join('');
    expect(secrets.length).toBeGreaterThanOrEqual(20);
    for (const secret of secrets) expect(log, `the log holds ${secret.slice(0, 12)}…`).not.toContain(secret);
    expect(log).not.toMatch(/(?<![\w.])\d{1,3}(?:\.\d{1,3}){3}(?![\w.])/);
    expect(log).not.toMatch(/::1|::ffff:/i);
    expect(log).not.toMatch(/eyJ[\w-]{5,}\.[\w-]{5,}/);
  }, 60_000);
});

describe('a request’s error lines', () => {
  it('carry the id of its X-Request-Id, from the edge handler and from the embedded backend alike', async () => {
    const lines: string[] = [];
    const logger = createLogger({ destination: { write: (line: string) => void lines.push(line) } });
    // The process's one logger, as npm start makes it: console lines and request lines alike.
    setProcessLogger(logger);
    const restore = routeConsoleToLogger();
    const seen: (string | undefined)[] = [];
    const node = createNodeServer({
      distDir: dist,
      handler: () => {
        seen.push(currentRequestId());
        return Promise.reject(new Error('the page for ana@exemplo.com.br from 10.1.2.3 failed'));
      },
      backend: {
        fetch: () => {
          seen.push(currentRequestId());
          console.error('[local-supabase] unexpected failure', new Error('duplicate key (email)=(ana@exemplo.com.br)'));
          return new Response('{"message":"An unexpected error occurred"}', { status: 500, headers: { 'Content-Type': 'application/json' } });
        },
      },
      log: () => logger,
    });
    await new Promise<void>((listening) => node.server.listen(0, '127.0.0.1', listening));
    try {
      const { port } = node.server.address() as { port: number };
      const page = await fetch(`http://127.0.0.1:${port}/newsletter/confirmar/3f1c2a9e-7b4d-4c1e-9a2b-5d6e7f8a9b0c`);
      const api = await fetch(`http://127.0.0.1:${port}/rest/v1/topics`);
      expect([page.status, api.status]).toEqual([500, 500]);
      const ids = [page.headers.get('x-request-id'), api.headers.get('x-request-id')];
      expect(seen).toEqual(ids);
      await vi.waitFor(() => expect(lines.filter((line) => line.includes('"msg":"request"'))).toHaveLength(2));
      const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      const errors = parsed.filter((line) => line.level === 'error');
      expect(errors.map((line) => line.reqId)).toEqual(ids);
      expect(errors[0]!.msg).toBe('[server] GET /newsletter/confirmar/:token failed:');
      expect(lines.join('')).not.toMatch(/ana@exemplo|10\.1\.2\.3|3f1c2a9e-7b4d/);
    } finally {
      restore();
      await node.close();
    }
  });
});
