import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { serviceRoleKeyFor } from '../../local-supabase/src/jwt.ts';
import { createDataClient } from '../../src/services/data-client.ts';
import { signUpForDigest, unsubscribeFromDigest } from '../../src/services/newsletter/subscription.ts';
import { resetDatabaseClock, setDatabaseClock } from '../../tests/support/database-clock.ts';
import { fetchFromAddress, loopbackClientAddress } from '../../tests/support/fetch-from-address.ts';
import { seed } from '../../tests/support/seed.ts';
import { startTestBackend, uniqueEmail, type TestBackend, type TestUser } from '../../tests/support/test-backend.ts';
import type { MailMessage } from '../mail/mail-message';
import { createNewsletter, type Newsletter } from './newsletter';

// The newsletter's server side against the real local backend: what it mails (links, parts, RFC 8058 headers), its
// API's addresses and who may use them, and a failing mail server.

const ORIGIN = 'https://portoferreiranoticias.com.br';
const MORNING = new Date('2031-05-06T11:00:00Z'); // 08:00 in São Paulo

let backend: TestBackend;
let serviceRoleKey = '';
let outbox: MailMessage[] = [];
let refuse: ((mail: MailMessage) => boolean) | null = null;
let nextAddress = 100;

function newsletter(withHost = true): Newsletter {
  return createNewsletter(
    { supabaseUrl: backend.url, supabaseAnonKey: backend.anonKey, siteName: 'Porto Ferreira Notícias', siteUrl: ORIGIN, fetch, now: () => MORNING, log: () => {} },
    withHost
      ? {
          serviceRoleKey,
          sendMail: (mail) => {
            if (refuse?.(mail)) return Promise.reject(new Error('451 4.3.0 caixa temporariamente indisponível'));
            outbox.push(mail);
            return Promise.resolve();
          },
        }
      : null,
  );
}

/** The hosts' two mail jobs, in the order the schedule runs them each minute (edge/jobs/site-jobs.ts). */
async function runMailJobs(site: Newsletter): Promise<void> {
  await site.sendQueuedConfirmations(ORIGIN);
  await site.sendScheduledDigest(ORIGIN);
}

function post(path: string, init: RequestInit = {}): Request {
  return new Request(`${ORIGIN}${path}`, { method: 'POST', ...init });
}

async function answer(site: Newsletter, request: Request): Promise<Response> {
  const response = await site.answer(request, new URL(request.url));
  if (!response) throw new Error(`${request.url} was not the newsletter's`);
  return response;
}

async function signUp(email: string): Promise<void> {
  const reader = createDataClient(backend.url, backend.anonKey, { fetch: fetchFromAddress(loopbackClientAddress(nextAddress++)), retry: false });
  await signUpForDigest(reader, { email, consentText: 'Quero receber o resumo diário.', page: '/noticia/1' });
}

/** Signs up, takes the confirmation e-mail's link and confirms, as a reader does. */
async function confirmed(site: Newsletter, email: string): Promise<void> {
  await signUp(email);
  await answer(site, post('/api/newsletter/confirmacoes'));
  const mail = outbox.find((sent) => sent.to === email && sent.subject.startsWith('Confirme'));
  const token = /\/newsletter\/confirmar\/([0-9a-f-]{36})/.exec(mail?.link ?? '')?.[1];
  if (!token) throw new Error(`no confirmation e-mail to ${email}`);
  await backend.anon().rpc('newsletter_confirm', { token });
}

beforeAll(async () => {
  backend = await startTestBackend();
  serviceRoleKey = await serviceRoleKeyFor(backend.jwtSecret);
});
afterAll(() => backend?.stop());
afterEach(async () => {
  outbox = [];
  refuse = null;
  await resetDatabaseClock(backend.db);
  await backend.db.query('delete from public.newsletter_sends');
  await backend.db.query('delete from public.newsletter_subscribers');
  await backend.db.query(`delete from public.publications where title like 'Resumo:%'`);
});

async function publish(title: string, minutesBefore: number, topicId: string = seed.topics.local): Promise<void> {
  await backend.db.query(
    `insert into public.publications (title, description, published, published_at, topic_id) values ($1, 'Linha fina', true, $2, $3)`,
    [title, new Date(MORNING.getTime() - minutesBefore * 60_000).toISOString(), topicId],
  );
}

describe('the confirmation e-mail', () => {
  it('goes out when the page asks, once, with the link on the site and an HTML and a text part', async () => {
    const site = newsletter();
    const email = uniqueEmail('confirma');
    await signUp(email);
    const response = await answer(site, post('/api/newsletter/confirmacoes'));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ sent: 1 });
    expect(outbox).toHaveLength(1);
    const [mail] = outbox;
    expect(mail!.to).toBe(email);
    expect(mail!.subject).toBe('Confirme sua inscrição no resumo diário');
    expect(mail!.link).toMatch(new RegExp(`^${ORIGIN}/newsletter/confirmar/[0-9a-f-]{36}$`));
    expect(mail!.html).toContain(`href="${mail!.link}"`);
    expect(mail!.text).toContain(mail!.link);
    expect(mail!.text).toContain('Confirmar inscrição');

    // Asked again: nothing is queued, nothing more goes.
    await answer(site, post('/api/newsletter/confirmacoes'));
    expect(outbox).toHaveLength(1);
  });

  it('a host without a mailer says so, and keeps the sign-up for a host that has one', async () => {
    const email = uniqueEmail('sem-correio');
    await signUp(email);
    const response = await answer(newsletter(false), post('/api/newsletter/confirmacoes'));
    expect(response.status).toBe(503);
    await runMailJobs(newsletter());
    expect(outbox.map((mail) => mail.to)).toEqual([email]);
  });
});

describe('the digest', () => {
  it('mails each confirmed reader once: by topic in the navigation’s order, links on the site, and their own unsubscribe', async () => {
    const site = newsletter();
    const readers = [uniqueEmail('ana'), uniqueEmail('bia')];
    for (const email of readers) await confirmed(site, email);
    await signUp(uniqueEmail('nao-confirmou'));
    await setDatabaseClock(backend.db, MORNING);
    await publish('Resumo: Câmara vota o orçamento', 50, seed.topics.politica);
    await publish('Resumo: Feira de artesanato no domingo', 20);
    outbox = [];

    await runMailJobs(site);
    const digests = outbox.filter((mail) => mail.subject.includes('o resumo de'));
    expect(digests.map((mail) => mail.to).sort()).toEqual([...readers].sort());
    const [mail] = digests;
    expect(mail!.subject).toBe('Porto Ferreira Notícias: o resumo de terça-feira, 6 de maio');
    // The local topic comes before politics, as in the navigation.
    expect(mail!.text.indexOf('Feira de artesanato')).toBeLessThan(mail!.text.indexOf('Câmara vota'));
    const links = [...mail!.html!.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!);
    expect(links.length).toBeGreaterThan(2);
    for (const link of links) expect(link.startsWith(`${ORIGIN}/`), link).toBe(true);
    // Each story's link tells the audience the visit came from this day's digest (decision 0052).
    const storyLinks = links.filter((link) => link.startsWith(`${ORIGIN}/noticia/`));
    expect(storyLinks.length).toBeGreaterThanOrEqual(2);
    for (const link of storyLinks) expect(link).toMatch(/\?utm_source=digest&(amp;)?utm_medium=email&(amp;)?utm_campaign=digest-2031-05-06$/);
    expect(mail!.link).toMatch(new RegExp(`^${ORIGIN}/newsletter/cancelar/[0-9a-f-]{36}$`));
    expect(mail!.html).toContain(mail!.link);
    expect(mail!.headers).toEqual({
      'List-Unsubscribe': `<${ORIGIN}/api/newsletter/cancelar/${mail!.link.split('/').at(-1)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });

    // The next minute's run: the day is done.
    outbox = [];
    await runMailJobs(site);
    expect(outbox).toEqual([]);

    // RFC 8058: the mail app's one-click POST removes that reader, and only that reader.
    const oneClick = mail!.headers!['List-Unsubscribe']!.slice(1, -1);
    const response = await answer(
      site,
      post(new URL(oneClick).pathname, { body: 'List-Unsubscribe=One-Click', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }),
    );
    expect(response.status).toBe(200);
    const { rows } = await backend.db.query<{ email: string }>('select email from public.newsletter_subscribers where confirmed_at is not null');
    expect(rows.map((row) => row.email)).toEqual(readers.filter((email) => email !== mail!.to));
  });

  it('a refusing mail server: the addresses are retried later, and none is mailed twice', async () => {
    const site = newsletter();
    const email = uniqueEmail('falha');
    await confirmed(site, email);
    await setDatabaseClock(backend.db, MORNING);
    await publish('Resumo: Chuva forte no fim de semana', 10);
    outbox = [];
    refuse = () => true;
    await runMailJobs(site);
    expect(outbox).toEqual([]);

    refuse = null;
    await runMailJobs(site);
    expect(outbox).toEqual([]); // not due yet: the retry waits 2 minutes
    await setDatabaseClock(backend.db, new Date(MORNING.getTime() + 2 * 60_000));
    await runMailJobs(site);
    expect(outbox.map((mail) => mail.to)).toEqual([email]);
    await runMailJobs(site);
    expect(outbox).toHaveLength(1);
    const { rows } = await backend.db.query('select state, sent_count, failed_count, last_error from public.newsletter_sends');
    expect(rows).toEqual([{ state: 'enviado', sent_count: 1, failed_count: 0, last_error: '451 4.3.0 caixa temporariamente indisponível' }]);
  });
});

describe('the API’s doors', () => {
  it('sends the digest on request only with the service key (npm run digest)', async () => {
    const site = newsletter();
    await confirmed(site, uniqueEmail('pedido'));
    await setDatabaseClock(backend.db, MORNING);
    await publish('Resumo: Nova linha de ônibus', 5);
    await backend.db.query(`update public.newsletter_settings set send_time = '23:00'`);
    outbox = [];

    for (const key of [null, backend.anonKey, `${serviceRoleKey}x`]) {
      const headers: Record<string, string> = key ? { Authorization: `Bearer ${key}` } : {};
      const refused = await answer(site, post('/api/newsletter/resumo', { headers }));
      expect(refused.status).toBe(401);
    }
    expect(outbox).toEqual([]);
    const response = await answer(site, post('/api/newsletter/resumo', { headers: { Authorization: `Bearer ${serviceRoleKey}` } }));
    expect(await response.json()).toMatchObject({ state: 'enviado', sent: 1, failed: 0 });
    expect(outbox).toHaveLength(1);
    const again = await answer(site, post('/api/newsletter/resumo', { headers: { Authorization: `Bearer ${serviceRoleKey}` } }));
    expect(await again.json()).toEqual({ state: 'nada_novo' });
  });

  it('sends the test e-mail to the signed-in administrator alone, without an unsubscribe link', async () => {
    const site = newsletter();
    const tokenOf = async (user: TestUser) => (await user.client.auth.getSession()).data.session!.access_token;
    const pending = { accessToken: await tokenOf(await backend.newUser('Conta Pendente')) };
    const admin = { accessToken: await tokenOf(await backend.admin()) };
    expect((await answer(site, post('/api/newsletter/teste'))).status).toBe(401);
    expect((await answer(site, post('/api/newsletter/teste', { headers: { Authorization: `Bearer ${pending.accessToken}` } }))).status).toBe(403);
    const response = await answer(site, post('/api/newsletter/teste', { headers: { Authorization: `Bearer ${admin.accessToken}` } }));
    expect(await response.json()).toEqual({ to: backend.administrator.email });
    expect(outbox).toHaveLength(1);
    expect(outbox[0]!.subject.startsWith('[Teste] ')).toBe(true);
    expect(outbox[0]!.headers).toBeUndefined();
    expect(outbox[0]!.html).not.toContain('/newsletter/cancelar/');
  });

  it('answers only POST', async () => {
    const response = await answer(newsletter(), new Request(`${ORIGIN}/api/newsletter/confirmacoes`));
    expect(response.status).toBe(405);
    expect(response.headers.get('Allow')).toBe('POST');
  });
});

/**
 * Every address in a text part stands alone: a space or a line's start before it, a space or a line's end after it,
 * nothing of the sentence glued on. A mail app that keeps a glued ':' or ']' opens another address (issue 36).
 */
function expectLinksStandAlone(text: string): string[] {
  const links = [...text.matchAll(/\S*https?:\/\/\S*/g)].map((match) => match[0]);
  expect(links.length, text).toBeGreaterThan(0);
  for (const link of links) expect(link, `a link touches punctuation in:\n${text}`).toMatch(/^https?:\/\/[^\s]*[A-Za-z0-9/_-]$/);
  return links;
}

const oneClick = (token: string) =>
  post(`/api/newsletter/cancelar/${encodeURIComponent(token)}`, {
    body: 'List-Unsubscribe=One-Click',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  });

const stillListed = async (email: string) =>
  (await backend.db.query('select 1 from public.newsletter_subscribers where email = $1', [email])).rows.length === 1;

describe('the links of the text parts, and a link that is not a valid one', () => {
  it('the confirmation, the digest and the test digest: no link touches punctuation, and each is the mail’s own', async () => {
    const site = newsletter();
    const email = uniqueEmail('texto');
    await signUp(email);
    await answer(site, post('/api/newsletter/confirmacoes'));
    const confirmation = outbox.find((mail) => mail.to === email)!;
    expect(expectLinksStandAlone(confirmation.text)).toContain(confirmation.link);

    await confirmed(site, uniqueEmail('texto-resumo'));
    await setDatabaseClock(backend.db, MORNING);
    await publish('Resumo: Ponte reaberta', 10);
    outbox = [];
    // As npm run digest sends it (whatever the send time an earlier test left).
    await answer(site, post('/api/newsletter/resumo', { headers: { Authorization: `Bearer ${serviceRoleKey}` } }));
    const digest = outbox.find((mail) => mail.subject.includes('o resumo de'))!;
    const links = expectLinksStandAlone(digest.text);
    expect(links).toContain(digest.link);
    expect(digest.link).toMatch(/\/newsletter\/cancelar\/[0-9a-f-]{36}$/);

    outbox = [];
    const admin = await backend.admin();
    const accessToken = (await admin.client.auth.getSession()).data.session!.access_token;
    await answer(site, post('/api/newsletter/teste', { headers: { Authorization: `Bearer ${accessToken}` } }));
    expectLinksStandAlone(outbox[0]!.text);
  });

  it('unsubscribing: a malformed token is invalid and removes no one; an unknown one is gone already; a valid one removes its address', async () => {
    const site = newsletter();
    const email = uniqueEmail('sai');
    await confirmed(site, email);
    const { rows } = await backend.db.query<{ unsubscribe_token: string }>('select unsubscribe_token from public.newsletter_subscribers where email = $1', [email]);
    const token = rows[0]!.unsubscribe_token;
    const reader = createDataClient(backend.url, backend.anonKey, { fetch: fetchFromAddress(loopbackClientAddress(nextAddress++)), retry: false });

    // The link with the sentence's colon glued on, as a mail app that keeps it opens it.
    expect(await unsubscribeFromDigest(reader, `${token}:`)).toBe('invalido');
    const glued = await answer(site, oneClick(`${token}:`));
    expect([glued.status, await glued.json()]).toEqual([400, { error: 'invalid_token' }]);
    expect(await stillListed(email)).toBe(true);

    expect(await unsubscribeFromDigest(reader, crypto.randomUUID())).toBe('ausente');
    expect(await stillListed(email)).toBe(true);

    expect(await unsubscribeFromDigest(reader, token)).toBe('cancelada');
    expect(await stillListed(email)).toBe(false);
    expect(await unsubscribeFromDigest(reader, token)).toBe('ausente');
    // RFC 8058's one-click: gone already is success.
    const again = await answer(site, oneClick(token));
    expect([again.status, await again.json()]).toEqual([200, { unsubscribed: true }]);
  });
});
