// Attacks on reader support (supabase/migrations/20261201090000_reader_support.sql, docs/decisions/0054): the
// settings, the intents and the monthly reminders, through real supabase-js as an anonymous reader, a pending account,
// a reporter and an editor; each refusal is checked against what the database holds, and next to it what staff may do.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerCount, permissionDenied, startAttackers, type Attackers, type Client } from './support/attackers.ts';

let attackers: Attackers;
let editor: Client;
let reporter: Client;

const KEY = '11222333000181';

beforeAll(async () => {
  attackers = await startAttackers();
  const signedEditor = await attackers.signUpAt('127.0.43.1', { name: 'Editora', role: 'admin' });
  await attackers.db.query(`update public.profiles set role = 'editor' where id = $1`, [signedEditor.id]);
  editor = signedEditor.client;
  const signedReporter = await attackers.signUpAt('127.0.43.2', { name: 'Repórter', role: 'admin' });
  await attackers.db.query(`update public.profiles set role = 'reporter' where id = $1`, [signedReporter.id]);
  reporter = signedReporter.client;
  await attackers.db.query(
    `update public.support_settings set pix_key = $1, receiver_name = 'Porto Ferreira Noticias', receiver_city = 'Porto Ferreira'`,
    [KEY],
  );
});
afterAll(() => attackers?.stop());

async function intent(client: Client, args: Record<string, unknown> = {}): Promise<{ txid: string }> {
  const { data, error } = await client.rpc('support_intent_create', { amount_cents: 2500, ...args });
  if (error) throw new Error(`support_intent_create: ${error.message}`);
  return data as { txid: string };
}

const intentRow = async (txid: string) =>
  (await attackers.db.query<Record<string, unknown>>('select * from public.support_intents where txid = $1', [txid])).rows[0] ?? null;

describe('support_intents and support_reminders: only staff (editors, administrators) read', () => {
  it('anon is refused; a pending account and a reporter see nothing; editor and admin see the rows', async () => {
    const { txid } = await intent(attackers.anonAt('127.0.44.1'), { supporter_email: 'leitora@exemplo.com', consent_text: 'Pode guardar.' });
    for (const table of ['support_intents', 'support_reminders']) {
      const anon = await attackers.anon.from(table).select('*');
      expect({ status: anon.status, code: anon.error?.code }).toEqual(permissionDenied('anon'));
      for (const client of [attackers.pending, reporter]) {
        const seen = await client.from(table).select('*');
        expect(seen.error).toBeNull();
        expect(seen.data).toEqual([]);
      }
    }
    for (const client of [editor, attackers.admin]) {
      const { data } = await client.from('support_intents').select('txid, supporter_email').eq('txid', txid);
      expect(data).toEqual([{ txid, supporter_email: 'leitora@exemplo.com' }]);
    }
  });

  it.each(['anon', 'pending', 'reporter', 'editor', 'admin'])('%s cannot insert, update or delete an intent or a reminder directly', async (name) => {
    const client = { anon: attackers.anon, pending: attackers.pending, reporter, editor, admin: attackers.admin }[name]!;
    const { txid } = await intent(attackers.anonAt('127.0.44.2'));
    const before = await intentRow(txid);
    const forged = await client.from('support_intents').insert({ txid: 'A'.repeat(25), amount_cents: 100 });
    expect(forged.error).not.toBeNull();
    const marked = await client.from('support_intents').update({ status: 'recebido', amount_cents: 1 }).eq('txid', txid);
    expect(marked.error).not.toBeNull();
    const removed = await client.from('support_intents').delete().eq('txid', txid);
    expect(removed.error).not.toBeNull();
    const reminder = await client.from('support_reminders').insert({ email: 'x@exemplo.com', amount_cents: 100, consent_text: 'x', next_at: new Date().toISOString() });
    expect(reminder.error).not.toBeNull();
    expect(await intentRow(txid)).toEqual(before);
    expect(await ownerCount(attackers.db, `select count(*) from public.support_intents where txid = $1`, ['A'.repeat(25)])).toBe(0);
  });
});

describe('support_intent_create: the one writer', () => {
  it('refuses an amount out of bounds and an address that is not one', async () => {
    const client = attackers.anonAt('127.0.45.1');
    for (const amount of [0, 99, 500_001, -2500]) {
      const { error } = await client.rpc('support_intent_create', { amount_cents: amount });
      expect({ code: error?.code, message: error?.message }).toEqual({ code: '22023', message: 'support_invalid_amount' });
    }
    const email = await client.rpc('support_intent_create', { amount_cents: 1000, supporter_email: 'nao é e-mail', consent_text: 'ok' });
    expect(email.error?.message).toBe('support_invalid_email');
    const consent = await client.rpc('support_intent_create', { amount_cents: 1000, supporter_name: 'Ana' });
    expect(consent.error?.message).toBe('support_consent_missing');
  });

  it('takes no receiver from the caller: a key, a name or a city in the request is no argument of the function', async () => {
    const { error } = await attackers.anon.rpc('support_intent_create', { amount_cents: 1000, pix_key: 'ladrao@mal.com', receiver_name: 'Ladrão' });
    expect(error).not.toBeNull();
    const settings = await attackers.db.query<{ pix_key: string }>('select pix_key from public.support_settings');
    expect(settings.rows[0]?.pix_key).toBe(KEY);
  });

  it('allows 10 codes per client an hour; a caller cannot name another address to escape it; another reader is not limited', async () => {
    const client = attackers.anonAt('127.0.45.2');
    for (let n = 0; n < 10; n += 1) await intent(client, { client_address: `10.0.0.${n}` });
    const refused = await client.rpc('support_intent_create', { amount_cents: 2500, client_address: '10.9.9.9' });
    expect({ status: refused.status, code: refused.error?.code, message: refused.error?.message }).toEqual({ status: 429, code: 'PT429', message: 'support_rate_limited' });
    await intent(attackers.anonAt('127.0.45.3'));
  });

  it('gives each code a fresh 25-character transaction id, and its page learns only the amount and state', async () => {
    const client = attackers.anonAt('127.0.45.4');
    const first = await intent(client, { supporter_name: 'Ana', supporter_email: 'ana@exemplo.com', consent_text: 'Pode guardar.' });
    const second = await intent(client);
    expect(first.txid).toMatch(/^[A-Za-z0-9]{25}$/);
    expect(second.txid).not.toBe(first.txid);
    const { data } = await attackers.anonAt('127.0.45.5').rpc('support_intent_code', { txid: first.txid });
    expect(Object.keys(data as object).sort()).toEqual(['amount_cents', 'created_at', 'monthly', 'status', 'txid']);
    expect(JSON.stringify(data)).not.toContain('ana@exemplo.com');
    const unknown = await attackers.anon.rpc('support_intent_code', { txid: "x' or 1=1 --" });
    expect(unknown.data).toBeNull();
  });

  it('without a key, refuses every code (support is not open)', async () => {
    await attackers.db.query('update public.support_settings set pix_key = null');
    const { error } = await attackers.anonAt('127.0.45.6').rpc('support_intent_create', { amount_cents: 2500 });
    expect({ code: error?.code, message: error?.message }).toEqual({ code: 'PF010', message: 'support_not_open' });
    await attackers.db.query('update public.support_settings set pix_key = $1', [KEY]);
  });
});

describe('support_settings', () => {
  it.each(['anon', 'pending', 'reporter', 'editor'])('%s reads it and cannot change the key, so no code can pay anyone else', async (name) => {
    const client = { anon: attackers.anon, pending: attackers.pending, reporter, editor }[name]!;
    const { data } = await client.from('support_settings').select('pix_key');
    expect(data).toEqual([{ pix_key: KEY }]);
    const update = await client.from('support_settings').update({ pix_key: 'ladrao@mal.com', receiver_name: 'Ladrao' }).eq('only_row', true).select();
    if (name === 'anon') expect({ status: update.status, code: update.error?.code }).toEqual(permissionDenied('anon'));
    else expect(update.data ?? []).toEqual([]);
    const insert = await client.from('support_settings').insert({ only_row: false, pix_key: 'ladrao@mal.com' });
    expect(insert.error).not.toBeNull();
    expect((await attackers.db.query<{ pix_key: string }>('select pix_key from public.support_settings')).rows).toEqual([{ pix_key: KEY }]);
  });

  it('the administrator changes it, within the BR Code limits (name 25, city 15, printable ASCII)', async () => {
    const tooLong = await attackers.admin.from('support_settings').update({ receiver_name: 'N'.repeat(26) }).eq('only_row', true);
    expect(tooLong.error?.code).toBe('23514');
    const accented = await attackers.admin.from('support_settings').update({ receiver_city: 'São Paulo' }).eq('only_row', true);
    expect(accented.error?.code).toBe('23514');
    const saved = await attackers.admin.from('support_settings').update({ page_text: 'Apoie!' }).eq('only_row', true).select('page_text');
    expect(saved.data).toEqual([{ page_text: 'Apoie!' }]);
  });
});

describe('marking received, the reminder stop and the hosts’ jobs', () => {
  it('anon, a pending account and a reporter cannot mark an intent received; an editor can, once', async () => {
    const { txid } = await intent(attackers.anonAt('127.0.46.1'));
    const { id } = (await intentRow(txid)) as { id: string };
    for (const client of [attackers.anon, attackers.pending, reporter]) {
      const { error } = await client.rpc('support_intent_mark_received', { intent_id: id });
      expect(error?.code).toBe('42501');
    }
    expect((await intentRow(txid))?.status).toBe('pendente');
    expect((await editor.rpc('support_intent_mark_received', { intent_id: id })).data).toBe(true);
    expect((await editor.rpc('support_intent_mark_received', { intent_id: id })).data).toBe(false);
    expect((await intentRow(txid))?.status).toBe('recebido');
  });

  it.each(['anon', 'pending', 'editor', 'admin'])('%s cannot run the hosts’ jobs (thank-yous, reminders, expiry)', async (name) => {
    const client = { anon: attackers.anon, pending: attackers.pending, editor, admin: attackers.admin }[name]!;
    for (const [fn, args] of [
      ['support_claim_thanks', { max_count: 10 }],
      ['support_claim_due_reminders', { max_count: 10 }],
      ['support_upkeep', {}],
    ] as const) {
      const { error } = await client.rpc(fn, args);
      expect(error?.code, fn).toBe('42501');
    }
  });

  it('a stop token that is not one stops nothing', async () => {
    const { data } = await attackers.anon.rpc('support_reminder_stop', { token: '00000000-0000-4000-8000-000000000000' });
    expect(data).toBe(false);
  });
});

describe('data rights cover supporters', () => {
  it('the lookup finds an address’s intents and the erasure removes the name and e-mail, keeping the amount for the accounts', async () => {
    const email = `apoiadora-${Date.now().toString(36)}@exemplo.com`;
    const { txid } = await intent(attackers.anonAt('127.0.47.1'), { supporter_name: 'Bia', supporter_email: email, consent_text: 'Pode guardar.' });
    const lookup = await attackers.admin.rpc('data_subject_lookup', { email });
    expect((lookup.data as { support_intents: { txid: string }[] }).support_intents.map((row) => row.txid)).toEqual([txid]);
    const erased = await attackers.admin.rpc('data_subject_erase', { email });
    expect(erased.data).toMatchObject({ support_intents: 1 });
    expect(await intentRow(txid)).toMatchObject({ supporter_name: null, supporter_email: null, amount_cents: 2500 });
    const editorLookup = await editor.rpc('data_subject_lookup', { email });
    expect(editorLookup.error?.code).toBe('42501');
  });
});
