import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { serviceRoleKeyFor } from '../../local-supabase/src/jwt.ts';
import type { DataClient } from '../../src/services/client.ts';
import { createDataClient } from '../../src/services/data-client.ts';
import { isPermissionDenied } from '../../src/services/errors.ts';
import {
  countSubscribers,
  exportConfirmedSubscribers,
  getDigestSendTime,
  listDigestSends,
  listSubscribersPage,
  removeSubscriber,
  saveDigestSendTime,
} from '../../src/services/newsletter/admin.ts';
import {
  claimQueuedConfirmations,
  claimRecipients,
  digestStories,
  finishDigest,
  markConfirmationSent,
  recordDelivery,
  startDigest,
  testRecipient,
} from '../../src/services/newsletter/delivery.ts';
import {
  confirmDigestSubscription,
  signUpForDigest,
  signUpProblem,
  unsubscribeFromDigest,
} from '../../src/services/newsletter/subscription.ts';
import { resetDatabaseClock, setDatabaseClock } from '../support/database-clock.ts';
import { fetchFromAddress, loopbackClientAddress } from '../support/fetch-from-address.ts';
import { seed } from '../support/seed.ts';
import { startTestBackend, uniqueEmail, type TestBackend } from '../support/test-backend.ts';

// The daily digest's database rules through the real API (supabase/migrations/20261128090000_newsletter.sql):
// double opt-in with its limits, one scheduled send a day however many servers ask, each address mailed once, retries
// with backoff, and who may do what. Readers come from loopback addresses of their own, as the backend tells clients
// apart by their TCP peer.

let backend: TestBackend;
let server: DataClient;
let nextAddress = 0;

/** 2030-03-12 09:30 in São Paulo (UTC−3): after the default 07:00. */
const MORNING = new Date('2030-03-12T12:30:00Z');
const minutes = (at: Date, count: number) => new Date(at.getTime() + count * 60_000);

beforeAll(async () => {
  backend = await startTestBackend();
  server = createDataClient(backend.url, await serviceRoleKeyFor(backend.jwtSecret), { retry: false });
});
afterAll(() => backend?.stop());
afterEach(async () => {
  await resetDatabaseClock(backend.db);
  await backend.db.query('delete from public.newsletter_sends');
  await backend.db.query('delete from public.newsletter_subscribers');
  await backend.db.query(`update public.newsletter_settings set send_time = '07:00'`);
});

function reader(address = loopbackClientAddress(nextAddress++)): DataClient {
  return createDataClient(backend.url, backend.anonKey, { fetch: fetchFromAddress(address), retry: false });
}

const CONSENT = 'Quero receber por e-mail o resumo diário.';

async function signUp(email: string, client = reader()): Promise<void> {
  await signUpForDigest(client, { email, consentText: CONSENT, page: '/' });
}

/** Signs up and confirms through the queued e-mail's token, as a reader following the link. */
async function confirmedSubscriber(email = uniqueEmail('leitor')): Promise<string> {
  await signUp(email);
  const queued = (await claimQueuedConfirmations(server)).find((entry) => entry.email === email);
  if (!queued) throw new Error(`no confirmation queued for ${email}`);
  await markConfirmationSent(server, queued.subscriberId);
  expect(await confirmDigestSubscription(reader(), queued.token)).toBe('confirmada');
  return email;
}

async function story(title: string, publishedAt: Date, topicId: string = seed.topics.local, lead = false): Promise<string> {
  const { rows } = await backend.db.query<{ id: string }>(
    `insert into public.publications (title, description, published, published_at, topic_id, is_lead)
     values ($1, 'Resumo da notícia', true, $2, $3, $4) returning id`,
    [title, publishedAt.toISOString(), topicId, lead],
  );
  return rows[0]!.id;
}

async function deleteStories(...ids: string[]): Promise<void> {
  await backend.db.query('delete from public.publications where id = any($1::uuid[])', [ids]);
}

async function deliveryStates(sendId: string): Promise<string[]> {
  const { rows } = await backend.db.query<{ state: string }>(
    'select state from private.newsletter_deliveries where send_id = $1 order by state',
    [sendId],
  );
  return rows.map((row) => row.state);
}

describe('signing up (double opt-in)', () => {
  it('queues one confirmation e-mail, records the consent, and activates only through the e-mailed token', async () => {
    const email = uniqueEmail('Dupla');
    await signUp(`  ${email.toUpperCase()} `);
    const { rows } = await backend.db.query<{ email: string; confirmed_at: string | null; consent_text: string; consent_page: string }>(
      'select email, confirmed_at, consent_text, consent_page from public.newsletter_subscribers where email = $1',
      [email.toLowerCase()],
    );
    expect(rows).toEqual([{ email: email.toLowerCase(), confirmed_at: null, consent_text: CONSENT, consent_page: '/' }]);

    const queued = await claimQueuedConfirmations(server);
    expect(queued.map((entry) => entry.email)).toEqual([email.toLowerCase()]);
    // Claimed: a second run within two minutes does not mail it again.
    expect(await claimQueuedConfirmations(server)).toEqual([]);
    expect(await confirmDigestSubscription(reader(), '00000000-0000-4000-8000-000000000000')).toBe('invalido');
    expect(await confirmDigestSubscription(reader(), 'não-é-um-token')).toBe('invalido');
    expect(await countSubscribers(await adminClient())).toEqual({ confirmed: 0, pending: 1 });

    expect(await confirmDigestSubscription(reader(), queued[0]!.token)).toBe('confirmada');
    // The link again: still confirmed, nothing queued anew.
    expect(await confirmDigestSubscription(reader(), queued[0]!.token)).toBe('confirmada');
    expect(await countSubscribers(await adminClient())).toEqual({ confirmed: 1, pending: 0 });
  });

  it('signing up a confirmed address again sends nothing and changes nothing', async () => {
    const email = await confirmedSubscriber();
    await signUp(email);
    expect(await claimQueuedConfirmations(server)).toEqual([]);
    expect(await countSubscribers(await adminClient())).toEqual({ confirmed: 1, pending: 0 });
  });

  it('refuses what is not an e-mail address, and a sign-up without its consent line', async () => {
    for (const email of ['sem-arroba', 'a@b', 'duas@@arrobas.com', 'a b@c.com', `${'x'.repeat(250)}@a.com`]) {
      const error = await signUpForDigest(reader(), { email, consentText: CONSENT, page: '/' }).catch((caught: unknown) => caught);
      expect(signUpProblem(error), email).toBe('invalid-email');
    }
    const error = await signUpForDigest(reader(), { email: uniqueEmail('sem'), consentText: '  ', page: '/' }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: '22023' });
    const { rows } = await backend.db.query('select 1 from public.newsletter_subscribers');
    expect(rows).toEqual([]);
  });

  it('limits sign-ups to 5 per client an hour and 3 per address a day', async () => {
    const client = reader();
    for (let count = 0; count < 5; count += 1) await signUp(uniqueEmail('limite'), client);
    const sixth = await signUpForDigest(client, { email: uniqueEmail('limite'), consentText: CONSENT, page: '/' }).catch((caught: unknown) => caught);
    expect(signUpProblem(sixth)).toBe('rate-limited');

    const email = uniqueEmail('insistente');
    for (let count = 0; count < 3; count += 1) await signUp(email);
    const fourth = await signUpForDigest(reader(), { email, consentText: CONSENT, page: '/' }).catch((caught: unknown) => caught);
    expect(signUpProblem(fourth)).toBe('rate-limited');
  });

  it('removes an address left unconfirmed for 7 days, and its link stops working', async () => {
    await setDatabaseClock(backend.db, MORNING);
    const email = uniqueEmail('esquecido');
    await signUp(email);
    const [queued] = await claimQueuedConfirmations(server);
    await setDatabaseClock(backend.db, new Date(MORNING.getTime() + 7 * 24 * 3_600_000 + 60_000));
    expect(await confirmDigestSubscription(reader(), queued!.token)).toBe('invalido');
    const { rows } = await backend.db.query('select 1 from public.newsletter_subscribers where email = $1', [email]);
    expect(rows).toEqual([]);
  });

  it('unsubscribing deletes the address and its consent; the link then finds nothing', async () => {
    const email = await confirmedSubscriber();
    const { rows } = await backend.db.query<{ unsubscribe_token: string }>(
      'select unsubscribe_token from public.newsletter_subscribers where email = $1',
      [email],
    );
    const token = rows[0]!.unsubscribe_token;
    expect(await unsubscribeFromDigest(reader(), token)).toBe('cancelada');
    expect(await unsubscribeFromDigest(reader(), token)).toBe('ausente');
    const left = await backend.db.query('select 1 from public.newsletter_subscribers where email = $1', [email]);
    expect(left.rows).toEqual([]);
  });
});

describe('the morning send', () => {
  it('waits for the send time, then makes one send a day however many servers ask', async () => {
    const first = await confirmedSubscriber();
    const second = await confirmedSubscriber();
    const ids = [await story('Câmara aprova orçamento', minutes(MORNING, -60), seed.topics.politica), await story('Feira na praça', minutes(MORNING, -30))];
    try {
      await setDatabaseClock(backend.db, new Date('2030-03-12T09:59:00Z')); // 06:59 in São Paulo
      expect(await startDigest(server)).toBeNull();

      await setDatabaseClock(backend.db, MORNING);
      // Two servers ask at once: one gets the day.
      const claims = await Promise.all([startDigest(server), startDigest(server)]);
      const sendId = claims.find((claim) => claim !== null)!;
      expect(claims.filter((claim) => claim !== null)).toHaveLength(1);
      expect(await startDigest(server)).toBeNull();

      const recipients = await claimRecipients(server, sendId, 10);
      expect(recipients.map((recipient) => recipient.email).sort()).toEqual([first, second].sort());
      // Claimed addresses are not handed out again.
      expect(await claimRecipients(server, sendId, 10)).toEqual([]);
      for (const recipient of recipients) await recordDelivery(server, sendId, recipient.subscriberId, null);
      expect(await finishDigest(server, sendId)).toBe('enviado');

      // Later the same day, with a new story: nothing more today.
      await story('Notícia da tarde', minutes(MORNING, 60)).then((id) => ids.push(id));
      await setDatabaseClock(backend.db, minutes(MORNING, 120));
      expect(await startDigest(server)).toBeNull();

      const [send] = await listDigestSends(await adminClient());
      expect(send).toMatchObject({ scheduled: true, state: 'enviado', storyCount: 2, recipientCount: 2, sentCount: 2, failedCount: 0 });
    } finally {
      await deleteStories(...ids);
    }
  });

  it('carries the stories since the last digest: the lead story first, then by the navigation order of topics', async () => {
    await confirmedSubscriber();
    // A lead story must be visible by the database's clock when it is marked.
    await setDatabaseClock(backend.db, MORNING);
    const ids: string[] = [];
    try {
      ids.push(await story('Economia da cidade', minutes(MORNING, -50), seed.topics.economia));
      ids.push(await story('Obra no centro', minutes(MORNING, -40)));
      ids.push(await story('Manchete do dia', minutes(MORNING, -20), seed.topics.politica, true));
      ids.push(await story('Eleição na câmara', minutes(MORNING, -10), seed.topics.politica));
      const sendId = (await startDigest(server))!;
      const titles = (await digestStories(server, sendId)).map((entry) => entry.title);
      expect(titles).toEqual(['Manchete do dia', 'Obra no centro', 'Eleição na câmara', 'Economia da cidade']);

      // The next morning's digest starts where this one ended.
      for (const recipient of await claimRecipients(server, sendId, 10)) await recordDelivery(server, sendId, recipient.subscriberId, null);
      await finishDigest(server, sendId);
      ids.push(await story('Dia seguinte', minutes(MORNING, 24 * 60 - 30)));
      await setDatabaseClock(backend.db, minutes(MORNING, 24 * 60));
      const nextId = (await startDigest(server))!;
      expect((await digestStories(server, nextId)).map((entry) => entry.title)).toEqual(['Dia seguinte']);
    } finally {
      await deleteStories(...ids);
    }
  });

  it('a day’s send that reached nobody leaves its stories for the first digest someone gets', async () => {
    await setDatabaseClock(backend.db, MORNING);
    const ids = [await story('Antes de haver leitores', minutes(MORNING, -30))];
    try {
      const empty = (await startDigest(server))!;
      expect(await claimRecipients(server, empty, 10)).toEqual([]);
      expect(await finishDigest(server, empty)).toBe('enviado');

      await confirmedSubscriber();
      await setDatabaseClock(backend.db, minutes(MORNING, 60));
      ids.push(await story('Depois da inscrição', minutes(MORNING, 45)));
      const sendId = (await startDigest(server, true))!;
      expect((await digestStories(server, sendId)).map((entry) => entry.title)).toEqual(['Depois da inscrição', 'Antes de haver leitores']);
    } finally {
      await deleteStories(...ids);
    }
  });

  it('records a day with nothing new as such, and sends nothing', async () => {
    await confirmedSubscriber();
    await setDatabaseClock(backend.db, MORNING);
    expect(await startDigest(server)).toBeNull();
    const [send] = await listDigestSends(await adminClient());
    expect(send).toMatchObject({ state: 'sem_novidades', storyCount: 0, recipientCount: 0 });
    // On request (npm run digest) with nothing new: nothing made, nothing recorded.
    expect(await startDigest(server, true)).toBeNull();
    expect(await listDigestSends(await adminClient())).toHaveLength(1);
  });

  it('a server stopped mid-send: the next takes over, and the addresses it had taken are never mailed again', async () => {
    const emails = [await confirmedSubscriber(), await confirmedSubscriber(), await confirmedSubscriber()];
    const id = await story('Notícia', minutes(MORNING, -5));
    try {
      await setDatabaseClock(backend.db, MORNING);
      const sendId = (await startDigest(server))!;
      const takenByTheDeadServer = await claimRecipients(server, sendId, 2);
      expect(takenByTheDeadServer).toHaveLength(2);
      // Its lease runs out two minutes after its last claim; before that nobody takes the send.
      await setDatabaseClock(backend.db, minutes(MORNING, 1));
      expect(await startDigest(server)).toBeNull();
      await setDatabaseClock(backend.db, minutes(MORNING, 3));
      expect(await startDigest(server)).toBe(sendId);

      const rest = await claimRecipients(server, sendId, 10);
      expect(rest.map((recipient) => recipient.email)).toEqual(emails.filter((email) => !takenByTheDeadServer.some((taken) => taken.email === email)));
      await recordDelivery(server, sendId, rest[0]!.subscriberId, null);
      expect(await finishDigest(server, sendId)).toBe('enviado');
      expect(await deliveryStates(sendId)).toEqual(['enviado', 'falhou', 'falhou']);
      const [send] = await listDigestSends(await adminClient());
      expect(send).toMatchObject({ sentCount: 1, failedCount: 2 });
    } finally {
      await deleteStories(id);
    }
  });

  it('retries a refused address after 2, 4 and 8 minutes, then gives up on it', async () => {
    await confirmedSubscriber();
    const id = await story('Notícia', minutes(MORNING, -5));
    try {
      await setDatabaseClock(backend.db, MORNING);
      const sendId = (await startDigest(server))!;
      let clock = MORNING;
      for (const wait of [2, 4, 8]) {
        const [recipient] = await claimRecipients(server, sendId, 10);
        await recordDelivery(server, sendId, recipient!.subscriberId, '421 serviço indisponível');
        expect(await finishDigest(server, sendId)).toBe('enviando');
        await setDatabaseClock(backend.db, (clock = minutes(clock, wait - 1)));
        // Not yet due; the send is free for any server to resume.
        expect(await startDigest(server)).toBe(sendId);
        expect(await claimRecipients(server, sendId, 10)).toEqual([]);
        await finishDigest(server, sendId);
        await setDatabaseClock(backend.db, (clock = minutes(clock, 1)));
        expect(await startDigest(server)).toBe(sendId);
      }
      const [last] = await claimRecipients(server, sendId, 10);
      await recordDelivery(server, sendId, last!.subscriberId, '421 serviço indisponível');
      expect(await finishDigest(server, sendId)).toBe('enviado');
      const [send] = await listDigestSends(await adminClient());
      expect(send).toMatchObject({ sentCount: 0, failedCount: 1, lastError: '421 serviço indisponível' });
    } finally {
      await deleteStories(id);
    }
  });
});

async function adminClient(): Promise<DataClient> {
  return (await backend.admin()).client;
}

describe('who may do what', () => {
  it('readers and pending accounts cannot read subscribers, sends or settings, nor run the server functions', async () => {
    await confirmedSubscriber();
    const pending = (await backend.newUser('Conta Pendente')).client;
    for (const client of [reader(), pending]) {
      for (const table of ['newsletter_subscribers', 'newsletter_sends', 'newsletter_settings'] as const) {
        const { data, error } = await client.from(table).select('*');
        // Column grants leave nothing to select for anon; the policies return nothing to a pending account.
        expect(error === null ? data : [], table).toEqual([]);
      }
      for (const call of [() => claimQueuedConfirmations(client), () => startDigest(client, true), () => digestStories(client, null)]) {
        const error = await call().catch((caught: unknown) => caught);
        expect(isPermissionDenied(error)).toBe(true);
      }
      const removal = await client.from('newsletter_subscribers').delete().neq('email', '').select('id');
      expect(removal.data ?? []).toEqual([]);
    }
    const error = await testRecipient(pending).catch((caught: unknown) => caught);
    expect(isPermissionDenied(error)).toBe(true);
    expect(await countSubscribers(await adminClient())).toEqual({ confirmed: 1, pending: 0 });
  });

  it('the admin lists, searches, exports, removes, sets the time, and is the test e-mail’s recipient', async () => {
    const admin = await adminClient();
    const kept = await confirmedSubscriber(uniqueEmail('maria'));
    const gone = await confirmedSubscriber(uniqueEmail('joao'));
    await signUp(uniqueEmail('pendente'));

    const page = await listSubscribersPage(admin, 1);
    expect(page.total).toBe(3);
    const found = await listSubscribersPage(admin, 1, 'MARIA');
    expect(found.rows.map((row) => row.email)).toEqual([kept]);
    expect(found.rows[0]).not.toHaveProperty('unsubscribe_token');

    expect((await exportConfirmedSubscribers(admin)).map((row) => row.email).sort()).toEqual([kept, gone].sort());
    await removeSubscriber(admin, page.rows.find((row) => row.email === gone)!.id);
    expect((await exportConfirmedSubscribers(admin)).map((row) => row.email)).toEqual([kept]);

    expect(await getDigestSendTime(admin)).toBe('07:00');
    await saveDigestSendTime(admin, '06:15');
    expect(await getDigestSendTime(admin)).toBe('06:15');
    expect(await testRecipient(admin)).toBe(backend.administrator.email);
  });
});
