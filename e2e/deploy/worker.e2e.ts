import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sanitizeFeedHtml } from '../../edge/feed-html.ts';
import { isDocument, securityHeaders } from '../../edge/security-headers.ts';
import type { PublishedStory } from '../support/api.ts';
import { useBrowser } from '../support/browser.ts';
import { signInToPanel } from '../support/fixtures.ts';
import { hosted } from './support/hosted.ts';
import { hostedAdminClient, publishStoryThroughApi } from './support/hosted-api.ts';
import { checkStoryOutsideTheBrowser } from './support/newsroom-journey.ts';
import { startWorker, type WranglerServer } from './support/wrangler-server.ts';
import { serviceRoleKeyFor } from '../../local-supabase/src/jwt.ts';
import { createDataClient } from '../../src/services/data-client.ts';
import { signUpForDigest } from '../../src/services/newsletter/subscription.ts';
import { startMailSink, type MailSink } from '../../tests/support/mail-sink.ts';
import { makeLocalCertificates, type LocalCertificates } from '../../tests/support/local-ca.ts';
import { confirmationMail } from '../../edge/newsletter/compose.tsx';
import { DEFAULT_SITE_NAME } from '../../edge/edge-config.ts';
import { startSentryStandIn, type SentryStandIn } from '../../tests/support/sentry-stand-in.ts';

// The README's "Cloudflare Workers" way to deploy, on this machine: the project's Worker (adapters/cloudflare/worker.ts
// with its wrangler.toml) under `wrangler dev`, in front of a build made for the stand-in hosted project, its vars
// set as the README has a newsroom set them. Cloudflare's runtime (workerd) runs it; nothing leaves 127.0.0.1.

/**
 * A story body with what the feed must never pass on (a script, event handlers, a javascript: link, styles, a frame,
 * a form) around what it keeps: a figure whose image is ours, by a relative address, and an ordinary link.
 */
const HOSTILE_BODY = [
  '<p onclick="alert(1)" style="color:red">A feira de <strong>cerâmica</strong> volta em maio.<script>alert(2)</script></p>',
  '<p><a href="javascript:alert(3)">javascript</a> e <a href="https://example.com/programa" onmouseover="alert(4)">programa</a></p>',
  '<figure><img src="/storage/v1/object/public/publications/feira/original-800w.jpg" alt="A feira" width="800" height="450"><figcaption>Foto: Ana</figcaption></figure>',
  '<iframe src="https://evil.example/"></iframe><style>p{color:red}</style><form action="https://evil.example"><input name="senha"></form>',
].join('');

/** The body an RSS item carries (content:encoded), for the story whose id its guid names. */
function feedBody(rss: string, storyId: string): string | undefined {
  const item = rss.split('<item>').find((entry) => entry.includes(`/noticia/${storyId}<`));
  return item && /<content:encoded><!\[CDATA\[([\s\S]*?)\]\]><\/content:encoded>/.exec(item)?.[1];
}

/** The headers every answer of the site carries (edge/security-headers.ts), whatever answered it. */
const SECURITY_HEADERS = Object.keys(securityHeaders());

/** What a private build file must never be: served with its content (a 200 or a redirect to it). */
const PRIVATE_FILES = ['/.server/render-request.js', '/.server/worker/render-worker.js', '/.vite/manifest.json', '/app.html', '/prerendered/shell.html'];

function metaContent(html: string, key: string): string | null {
  const match = new RegExp(`<meta (?:property|name)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)">`).exec(html);
  return match?.[1]?.replace(/&amp;/g, '&') ?? null;
}

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
    ([, body]) => JSON.parse(body!) as Record<string, unknown>,
  );
}

describe('Cloudflare Workers: the Worker under wrangler dev, against the hosted project', () => {
  const browser = useBrowser();
  const { url: hostedUrl, anonKey, admin, siteDir, jwtSecret } = hosted();
  let worker: WranglerServer;
  let sink: MailSink;
  let certificates: LocalCertificates;
  let siteUrl: string;
  let story: PublishedStory;

  /**
   * A request to the Worker; every document (a page, an SVG) must carry the security headers, whatever its status,
   * and every other answer nosniff without them (decision 0049).
   */
  async function get(path: string, init: RequestInit = {}): Promise<Response> {
    const response = await fetch(`${worker.baseUrl}${path}`, { redirect: 'manual', ...init });
    expect(response.headers.get('X-Content-Type-Options'), path).toBe('nosniff');
    if (isDocument(response)) {
      for (const header of SECURITY_HEADERS) expect(response.headers.get(header), `${header} on ${path}`).toBeTruthy();
      expect(response.headers.get('Content-Security-Policy'), path).toContain("frame-ancestors 'none'");
    } else {
      expect(response.headers.get('Content-Security-Policy'), path).toBeNull();
    }
    return response;
  }

  /** The newsroom's mail account at the sink, which takes AUTH only once STARTTLS has made the connection TLS. */
  const SMTP_ACCOUNT = { user: 'redacao', password: 'senha-do-provedor' };
  /** An address the mail server refuses (550). */
  const REFUSED = 'recusado-worker@exemplo.com.br';

  beforeAll(async () => {
    // A provider's submission port as the Worker meets it: plain text first, STARTTLS offered, a certificate its CA
    // signed for 127.0.0.1; workerd trusts that CA only (NODE_EXTRA_CA_CERTS), so the TLS is verified, not waved through.
    certificates = makeLocalCertificates();
    sink = await startMailSink({
      tls: 'starttls',
      certificate: certificates,
      auth: SMTP_ACCOUNT,
      refuseRecipient: (address) => (address === REFUSED ? { code: 550, message: 'No such user' } : null),
    });
    const serviceRoleKey = await serviceRoleKeyFor(jwtSecret);
    worker = await startWorker({
      siteDir,
      // wrangler.toml's [vars], as the README has a newsroom fill them in: the build's project, the site's address,
      // and for the digest the mail server (here a sink on 127.0.0.1) with the project's service key.
      vars: (port) => ({
        SITE_URL: `http://127.0.0.1:${port}`,
        VITE_SUPABASE_URL: hostedUrl,
        VITE_SUPABASE_ANON_KEY: anonKey,
        SUPABASE_SERVICE_ROLE_KEY: serviceRoleKey,
        SMTP_HOST: sink.host,
        SMTP_PORT: String(sink.port),
        SMTP_FROM: 'Porto Ferreira Notícias <nao-responda@portoferreiranoticias.example>',
        SMTP_USER: SMTP_ACCOUNT.user,
        SMTP_PASSWORD: SMTP_ACCOUNT.password,
      }),
      extraCaCerts: certificates.caFile,
    });
    siteUrl = worker.baseUrl;
    story = await publishStoryThroughApi(await hostedAdminClient(), 'Câmara aprova reforma da Praça da Matriz');
  });

  afterAll(async () => {
    if (story) await (await hostedAdminClient()).from('publications').delete().eq('id', story.id);
    await worker?.stop();
    await sink?.close();
    certificates?.remove();
  });

  it('mails the confirmation and, from its Cron Trigger, the digest over SMTP with STARTTLS, with the one-click unsubscribe', async () => {
    const email = 'leitor-worker@exemplo.com.br';
    const hostedAdmin = await hostedAdminClient();
    // Any time of day: the newsroom's send time is midnight for this test.
    expect((await hostedAdmin.from('newsletter_settings').update({ send_time: '00:00' }).eq('only_row', true)).error).toBeNull();
    await signUpForDigest(createDataClient(hostedUrl, anonKey, { retry: false }), { email, consentText: 'Quero receber o resumo diário.', page: '/' });

    // The sign-up form's request for its confirmation e-mail, answered by the Worker over SMTP.
    expect((await get('/api/newsletter/confirmacoes', { method: 'POST' })).status).toBe(200);
    // A failure says what the Worker logged and which tunnels it asked for.
    const mailTo = (to: string) =>
      sink.next(to, 20_000).catch((error: unknown) => {
        throw new Error(`${String(error)}; proxy: ${worker.outboundAttempts().join(', ')}; wrangler: ${worker.output().slice(-3000)}`);
      });
    const confirmation = await mailTo(email);
    const token = new RegExp(`${siteUrl}/newsletter/confirmar/([0-9a-f-]{36})`).exec(confirmation.text)?.[1];
    expect(token).toBeDefined();
    // It came over TLS (STARTTLS on the plain port; the sink takes AUTH only then) from the newsroom's account...
    expect(confirmation).toMatchObject({ secure: true, user: SMTP_ACCOUNT.user, mailFrom: 'nao-responda@portoferreiranoticias.example' });
    // (mailparser's text of the From field quotes the name it decoded.)
    expect(confirmation.from).toBe('"Porto Ferreira Notícias" <nao-responda@portoferreiranoticias.example>');
    // ...and, parsed by mailparser, its text and HTML parts are the ones the newsletter composed, character for character.
    const composed = await confirmationMail({ origin: siteUrl, name: DEFAULT_SITE_NAME }, email, token!);
    expect(confirmation.subject).toBe(composed.subject);
    const lines = (text: string) => text.replace(/\r\n/g, '\n').trimEnd();
    expect(lines(confirmation.text)).toBe(lines(composed.text));
    expect(lines(confirmation.html ?? '')).toBe(lines(composed.html ?? ''));
    expect((await createDataClient(hostedUrl, anonKey, { retry: false }).rpc('newsletter_confirm', { token: token! })).data).toBe('confirmada');

    // The Cron Trigger: the story published above is new since the last digest (there was none).
    expect((await fetch(`${worker.baseUrl}/__scheduled?cron=*+*+*+*+*`)).status).toBe(200);
    const digest = await mailTo(email);
    expect(digest.secure).toBe(true);
    expect(digest.text).toContain(story.title);
    expect(digest.text).toMatch(new RegExp(`${siteUrl}/newsletter/cancelar/[0-9a-f-]{36}`));
    expect(digest.subject).toMatch(/^Porto Ferreira Notícias: o resumo de /);
    expect(digest.html).toContain(`${siteUrl}${story.path}`);
    expect(digest.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const oneClick = /^<(.+)>$/.exec(digest.headers['list-unsubscribe'] ?? '')?.[1];
    expect(oneClick).toMatch(new RegExp(`^${siteUrl}/api/newsletter/cancelar/`));
    const unsubscribed = await get(new URL(oneClick!).pathname, { method: 'POST', body: 'List-Unsubscribe=One-Click' });
    expect(unsubscribed.status).toBe(200);
    const { data } = await hostedAdmin.from('newsletter_subscribers').select('email');
    expect(data).toEqual([]);
  }, 60_000);

  it('counts a confirmation the mail server refuses as not sent, and logs its reply', async () => {
    await signUpForDigest(createDataClient(hostedUrl, anonKey, { retry: false }), { email: REFUSED, consentText: 'Quero receber o resumo diário.', page: '/' });
    const response = await get('/api/newsletter/confirmacoes', { method: 'POST' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ sent: 0 });
    expect(sink.messages.filter((message) => message.to.includes(REFUSED))).toEqual([]);
    // The send failed on the server's refusal of the recipient, not on the connection, TLS or login before it.
    await expect.poll(() => worker.output()).toMatch(/confirmation e-mail not sent \(retried in 2 minutes\): .*550 No such user/);
  });

  it("answers a published story's address with its own head: title, Open Graph and JSON-LD on SITE_URL", async () => {
    const response = await get(story.path);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    // The page talks to the hosted project: the policy lets the browser reach it and nothing else.
    expect(response.headers.get('Content-Security-Policy')).toContain(`connect-src 'self' ${hostedUrl}`);
    const html = await response.text();
    expect(html).toContain(`<title>${story.title} | Porto Ferreira Notícias</title>`);
    expect(metaContent(html, 'og:title')).toBe(story.title);
    expect(metaContent(html, 'og:url')).toBe(`${siteUrl}${story.path}`);
    expect(metaContent(html, 'og:image')).toMatch(new RegExp(`^${siteUrl}/`));
    const article = jsonLd(html).find((entry) => entry['@type'] === 'NewsArticle');
    expect(article?.headline).toBe(story.title);
    expect(article?.mainEntityOfPage).toEqual({ '@type': 'WebPage', '@id': `${siteUrl}${story.path}` });
    // The Worker renders the page with its story, as every host does (decision 0048): its text is in the served HTML,
    // with React Router's hydration data, not a shell that says 'Carregando...'.
    expect(html).toContain('<div id="root" data-prerendered="server">');
    expect(html).toContain('A reforma foi aprovada por unanimidade.');
    expect(html).toContain('<script>window.__staticRouterHydrationData = JSON.parse(');
    expect(html).not.toContain('Carregando...');

    // The shared id-only link leads there.
    const short = await get(`/noticia/${story.id}`);
    expect(short.status).toBe(301);
    expect(short.headers.get('location')).toBe(story.path);
  });

  it('names the story in /rss.xml and /sitemap.xml on SITE_URL', async () => {
    await checkStoryOutsideTheBrowser(worker.baseUrl, siteUrl, story);
    for (const path of ['/rss.xml', '/sitemap.xml', '/sitemap-stories-1.xml', '/robots.txt']) expect((await get(path)).status).toBe(200);
  });

  it("sanitises a story's body in /rss.xml in the Worker exactly as on Node, with nothing that runs", async () => {
    const client = await hostedAdminClient();
    const hostile = await publishStoryThroughApi(client, 'Feira de cerâmica volta em maio', HOSTILE_BODY);
    try {
      const { data, error } = await client.from('publications').select('content').eq('id', hostile.id).single();
      if (error) throw error;
      // The feed was read a moment ago: the render cache shows the new story within 5 s (decision 0049).
      let body: string | undefined;
      await expect
        .poll(async () => (body = feedBody(await (await get('/rss.xml')).text(), hostile.id)), { timeout: 15_000, interval: 500 })
        .toBeDefined();
      // edge/feeds.ts's options: the site's own origin serves our images, and relative ones are made absolute on it.
      expect(body).toBe(sanitizeFeedHtml(data.content, { imageOrigins: [siteUrl], baseUrl: `${siteUrl}/` }));
      expect(body).toContain('A feira de <strong>cerâmica</strong> volta em maio.');
      expect(body).toContain(`<img src="${siteUrl}/storage/v1/object/public/publications/feira/original-800w.jpg" alt="A feira" width="800" height="450">`);
      expect(body).toContain('<a href="https://example.com/programa" target="_blank" rel="noopener noreferrer nofollow">programa</a>');
      expect(body).not.toMatch(/<script|<style|<iframe|<form|<input|\son\w+=|style=|javascript:|alert/i);
    } finally {
      await client.from('publications').delete().eq('id', hostile.id);
    }
  });

  it('answers a story that does not exist with 404 and keeps it out of search results', async () => {
    const response = await get('/noticia/00000000-0000-4000-8000-000000000000/nao-existe');
    expect(response.status).toBe(404);
    expect(response.headers.get('x-robots-tag')).toContain('noindex');
    expect(metaContent(await response.text(), 'robots')).toContain('noindex');
  });

  it("never serves the build's private files, and serves its public ones", async () => {
    for (const path of PRIVATE_FILES) {
      const response = await get(path);
      expect(response.status, path).toBeGreaterThanOrEqual(400);
      expect(await response.text(), path).not.toMatch(/renderRequest|"isEntry"|<html/);
    }
    const icon = await get('/favicon.svg');
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
  });

  it('shows the story to a reader and signs the newsroom in at /admin/login, with no policy violation or console error', async () => {
    // useBrowser fails the test on any Content-Security-Policy violation or console error of these pages.
    const reader = await browser.newPage('phone', { baseUrl: worker.baseUrl });
    await reader.goto(story.path);
    await reader.getByRole('heading', { level: 1, name: story.title }).waitFor();
    await reader.getByText('A reforma foi aprovada por unanimidade.').waitFor();

    const editor = await browser.newPage('desktop', { baseUrl: worker.baseUrl });
    await signInToPanel(editor, admin);
    await editor.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(new URL(editor.url()).pathname).toBe('/admin');
  });

  it("answers the built files under /assets/ and /images/ without running the Worker, with dist/_headers' caching", async () => {
    const home = await (await get('/')).text();
    const stylesheet = /href="(\/assets\/[^"]+\.css)"/.exec(home)?.[1];
    const image = /(\/images\/[^" ,]+\.webp)/.exec(home)?.[1];
    expect(stylesheet).toBeDefined();
    expect(image).toBeDefined();
    for (const [path, caching] of [
      [stylesheet!, 'public, max-age=31536000, immutable'],
      [image!, 'public, max-age=86400'],
    ] as const) {
      const file = await get(path);
      expect(file.status, path).toBe(200);
      expect(file.headers.get('cache-control'), path).toBe(caching);
      // Every answer the Worker gives carries its request id: Cloudflare answered this one alone.
      expect(file.headers.get('x-request-id'), path).toBeNull();
      await file.body?.cancel();
    }
    // Every other address still reaches the Worker, files included.
    const icon = await get('/favicon.svg');
    expect(icon.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    await icon.body?.cancel();
  });

  it('answers /healthz and /readyz for a monitor, with an X-Request-Id, and logs one JSON line per request without the token', async () => {
    const health = await get('/healthz');
    expect(health.status).toBe(200);
    expect(health.headers.get('cache-control')).toBe('no-store');
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await get('/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', checks: { project: 'ok' } });
    const id = ready.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    // A digest link's page under workerd: its line names the route, never the token (docs/decisions/0040).
    const token = '3f1c2a9e-7b4d-4c1e-9a2b-5d6e7f8a9b0c';
    const page = await get(`/newsletter/cancelar/${token}`);
    const pageId = page.headers.get('x-request-id');
    await page.body?.cancel();
    const lineOf = (reqId: string | null) =>
      worker
        .output()
        .split('\n')
        .map((line) => line.slice(line.indexOf('{')))
        .filter((line) => line.startsWith('{"level"'))
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .find((line) => line.msg === 'request' && line.reqId === reqId);
    await vi.waitFor(() => expect(lineOf(pageId)).toBeDefined());
    expect(lineOf(id)).toMatchObject({ method: 'GET', path: '/readyz', status: 200, cache: false });
    expect(lineOf(pageId)).toMatchObject({ method: 'GET', path: '/newsletter/cancelar/:token', status: page.status });
    // wrangler dev's own access line ('[wrangler:info] GET /newsletter/cancelar/…') is the development server's, not
    // the Worker's: Cloudflare writes no such line. Everything the Worker wrote must leave the token out.
    const workerLines = worker.output().split('\n').filter((line) => !line.includes('[wrangler:info]'));
    expect(workerLines.filter((line) => line.includes(`cancelar/${token}`))).toEqual([]);
  });

  it('sent nothing off the machine: wrangler tried no request beyond 127.0.0.1', () => {
    expect(worker.outboundAttempts()).toEqual([]);
  });
});

// Error reports under workerd (docs/decisions/0041): a Worker whose hosted project answers garbage, with SENTRY_DSN
// set, sends the feed's failure to a stand-in Sentry, tagged with the answer's X-Request-Id and scrubbed; this proves
// @sentry/cloudflare bundles and runs in Cloudflare's runtime with wrangler.toml's nodejs_als flag.
describe('Cloudflare Workers: error reports under wrangler dev', () => {
  const { anonKey, siteDir } = hosted();
  let sentry: SentryStandIn;
  let garbage: Server;
  let worker: WranglerServer;

  beforeAll(async () => {
    sentry = await startSentryStandIn();
    garbage = createServer((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json' }).end('<html>leitora.worker@exemplo.com.br Bad gateway</html>');
    });
    await new Promise<void>((resolve) => garbage.listen(0, '127.0.0.1', resolve));
    const garbageUrl = `http://127.0.0.1:${(garbage.address() as AddressInfo).port}`;
    worker = await startWorker({
      siteDir,
      vars: (port) => ({
        SITE_URL: `http://127.0.0.1:${port}`,
        VITE_SUPABASE_URL: garbageUrl,
        VITE_SUPABASE_ANON_KEY: anonKey,
        SENTRY_DSN: sentry.dsn(9),
        VITE_SENTRY_DSN: sentry.dsn(10),
      }),
    });
  });

  afterAll(async () => {
    await worker?.stop();
    await sentry?.stop();
    await new Promise((resolve) => garbage?.close(resolve));
  });

  it('reports the failed feed with the answer’s request id and nothing personal', async () => {
    const response = await fetch(`${worker.baseUrl}/rss.xml?token=c2VjcmV0LXRva2VuLWRvLWxlaXRvcg`, { headers: { Cookie: 'sb=segredo' } });
    expect(response.status).toBe(503);
    await response.text();
    const requestId = response.headers.get('x-request-id');
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    // A feed is no document: the page policy, which lets the browser post its reports to Sentry, is on pages only.
    expect(response.headers.get('content-security-policy')).toBeNull();
    expect((await fetch(`${worker.baseUrl}/admin`)).headers.get('content-security-policy')).toContain(sentry.origin);
    const event = await sentry
      .waitForEvent((candidate) => (candidate.tags as Record<string, string> | undefined)?.request_id === requestId, 30_000)
      .catch((error: unknown) => {
        throw new Error(`${String(error)}; wrangler: ${worker.output().slice(-3000)}`);
      });
    expect(event.contexts).toMatchObject({ request_summary: { method: 'GET', path: '/rss.xml' } });
    for (const sent of sentry.envelopes) {
      expect(sent.project).toBe('9');
      for (const secret of ['leitora.worker@exemplo.com.br', 'c2VjcmV0LXRva2VuLWRvLWxlaXRvcg', 'segredo']) expect(sent.raw).not.toContain(secret);
    }
  });
});
