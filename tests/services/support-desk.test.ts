import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePix } from 'pix-utils';
import { serviceRoleKeyFor } from '../../local-supabase/src/jwt.ts';
import { createSmtpMailer } from '../../local-supabase/src/mailbox/smtp-mailer.ts';
import { createSupportDesk, type SupportDesk } from '../../edge/support/support-desk.ts';
import { startMailSink, type MailSink } from '../support/mail-sink.ts';
import { startTestBackend, type TestBackend } from '../support/test-backend.ts';

// Reader support's server side (edge/support/support-desk.ts, docs/decisions/0054) against the real local backend
// over HTTP and real SMTP to a local sink: the form's POST (the intent, the 303 to its code, the rate limit per
// reader's address that the host saw), the thank-you once staff mark it, the monthly reminder with its fresh code and
// RFC 8058's one-click stop, and the expiry of a week-old pending code.

const ORIGIN = 'https://portoferreiranoticias.example';
const KEY = '11222333000181';

let backend: TestBackend;
let sink: MailSink;
let desk: SupportDesk;

beforeAll(async () => {
  backend = await startTestBackend();
  sink = await startMailSink();
  const serviceRoleKey = await serviceRoleKeyFor(backend.jwtSecret);
  const sendMail = createSmtpMailer({ host: sink.host, port: sink.port, secure: false, user: null, password: null, from: 'Redação <redacao@portoferreiranoticias.example>' });
  desk = createSupportDesk(
    { supabaseUrl: backend.url, supabaseAnonKey: backend.anonKey, siteName: 'Porto Ferreira Notícias', siteUrl: ORIGIN, fetch: (input, init) => fetch(input, init), log: () => undefined },
    { serviceRoleKey, sendMail },
    serviceRoleKey,
  );
  await backend.db.query(`update public.support_settings set pix_key = $1, receiver_name = 'Porto Ferreira Noticias', receiver_city = 'Porto Ferreira'`, [KEY]);
}, 60_000);

afterAll(async () => {
  await sink?.close();
  await backend?.stop();
});

function post(fields: Record<string, string>): Request {
  return new Request(`${ORIGIN}/apoie`, { method: 'POST', body: new URLSearchParams(fields) });
}

async function give(fields: Record<string, string>, address: string): Promise<Response> {
  const answer = await desk.answer(post(fields), new URL(`${ORIGIN}/apoie`), address);
  if (!answer) throw new Error('the desk did not answer POST /apoie');
  return answer;
}

const txidOf = (answer: Response) => /^\/apoie\/pix\/([0-9A-Z]{25})$/.exec(answer.headers.get('location') ?? '')?.[1] ?? '';

describe("POST /apoie", () => {
  it('records the intent and answers with its code page; out of bounds goes back to the form with the reason', async () => {
    const answer = await give({ valor: '2500', nome: 'Ana', email: 'ana@exemplo.com.br' }, '203.0.113.1');
    expect(answer.status).toBe(303);
    const txid = txidOf(answer);
    const { rows } = await backend.db.query<{ amount_cents: number; supporter_email: string; consent_text: string }>(
      'select amount_cents, supporter_email, consent_text from public.support_intents where txid = $1',
      [txid],
    );
    expect(rows[0]).toMatchObject({ amount_cents: 2500, supporter_email: 'ana@exemplo.com.br' });
    expect(rows[0]?.consent_text).toMatch(/a redação os guarda para agradecer/);

    const tooMuch = await give({ valor: 'outro', outro_valor: '5.000,01' }, '203.0.113.1');
    // What was typed comes back to be corrected, 'Outro valor' still chosen; a forged suggested amount does not.
    expect(tooMuch.headers.get('location')).toBe('/apoie?erro=valor&outro_valor=5.000%2C01#apoio');
    const forged = await give({ valor: '7', outro_valor: '12' }, '203.0.113.1');
    expect(forged.headers.get('location')).toBe('/apoie?erro=valor#apoio');
    const badEmail = await give({ valor: '1000', email: 'ana@' }, '203.0.113.1');
    expect(badEmail.headers.get('location')).toBe('/apoie?erro=email&valor=1000#apoio');
  });

  it('limits each reader, by the address the host saw, to 10 codes an hour; another reader is not limited', async () => {
    for (let n = 0; n < 10; n += 1) expect(txidOf(await give({ valor: '1000' }, '198.51.100.7'))).not.toBe('');
    const refused = await give({ valor: '1000' }, '198.51.100.7');
    expect(refused.headers.get('location')).toBe('/apoie?erro=limite&valor=1000#apoio');
    expect(txidOf(await give({ valor: '1000' }, '198.51.100.8'))).not.toBe('');
  });
});

describe('the e-mails, over SMTP', () => {
  it('thanks a supporter once staff mark the payment received, and only once', async () => {
    const email = 'bia@exemplo.com.br';
    const txid = txidOf(await give({ valor: '5000', nome: 'Bia', email }, '203.0.113.2'));
    const admin = await backend.admin();
    const { rows } = await backend.db.query<{ id: string }>('select id from public.support_intents where txid = $1', [txid]);
    expect((await admin.client.rpc('support_intent_mark_received', { intent_id: rows[0]!.id })).data).toBe(true);

    expect(await desk.sendDueMail(ORIGIN)).toMatchObject({ thanked: 1, failed: 0 });
    const thanks = await sink.next(email);
    expect(thanks.subject).toBe('Obrigado pelo seu apoio!');
    expect(thanks.text).toContain('Obrigado, Bia!');
    expect(thanks.text).toContain('Recebemos seu Pix de R$ 50,00');
    expect(await desk.sendDueMail(ORIGIN)).toMatchObject({ thanked: 0 });
  });

  it("sends a monthly supporter a fresh code for the same amount, with RFC 8058's one-click stop", async () => {
    const email = 'caio@exemplo.com.br';
    const first = txidOf(await give({ valor: 'outro', outro_valor: '15,50', email, mensal: 'sim' }, '203.0.113.3'));
    const admin = await backend.admin();
    const { rows } = await backend.db.query<{ id: string }>('select id from public.support_intents where txid = $1', [first]);
    await admin.client.rpc('support_intent_mark_received', { intent_id: rows[0]!.id });
    await desk.sendDueMail(ORIGIN);
    await sink.next(email);
    // Not due yet: a month from the first payment. Then the month passes.
    expect(await desk.sendDueMail(ORIGIN)).toMatchObject({ reminded: 0 });
    await backend.db.query(`update public.support_reminders set next_at = now() - interval '1 minute' where email = $1`, [email]);

    expect(await desk.sendDueMail(ORIGIN)).toMatchObject({ reminded: 1, failed: 0 });
    const reminder = await sink.next(email);
    expect(reminder.subject).toBe('Seu apoio mensal de R$ 15,50: o código Pix deste mês');
    const payload = /000201.+?6304[0-9A-F]{4}/.exec(reminder.text)?.[0] ?? '';
    const code = parsePix(payload) as { pixKey: string; transactionAmount: number; txid: string };
    expect(code).toMatchObject({ pixKey: KEY, transactionAmount: 15.5 });
    expect(code.txid).not.toBe(first);
    expect(reminder.text).toContain(`${ORIGIN}/apoie/pix/${code.txid}`);
    expect(reminder.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const stop = /^<(https:\/\/[^>]+)>$/.exec(reminder.headers['list-unsubscribe'] ?? '')?.[1] ?? '';
    expect(stop).toMatch(/\/api\/apoie\/lembrete\/[0-9a-f-]{36}$/);

    // The mail app's one-click POST.
    const stopped = await desk.answer(new Request(stop, { method: 'POST', body: 'List-Unsubscribe=One-Click' }), new URL(stop), null);
    expect(stopped?.headers.get('location')).toBe('/apoie?lembrete=parado');
    const { rows: left } = await backend.db.query('select 1 from public.support_reminders where email = $1', [email]);
    expect(left).toEqual([]);
    const again = await desk.answer(new Request(stop, { method: 'POST' }), new URL(stop), null);
    expect(again?.headers.get('location')).toBe('/apoie?lembrete=ja-parado');
  });
});

describe('upkeep', () => {
  it('expires a pending code after 7 days and leaves a newer one pending', async () => {
    const old = txidOf(await give({ valor: '1000' }, '203.0.113.4'));
    const recent = txidOf(await give({ valor: '1000' }, '203.0.113.4'));
    await backend.db.query(`update public.support_intents set created_at = now() - interval '7 days 1 minute' where txid = $1`, [old]);
    expect((await desk.upkeep()).expirados).toBe(1);
    const { rows } = await backend.db.query<{ txid: string; status: string }>('select txid, status from public.support_intents where txid = any($1) order by status', [[old, recent]]);
    expect(rows).toEqual([
      { txid: old, status: 'expirado' },
      { txid: recent, status: 'pendente' },
    ]);
  });
});
