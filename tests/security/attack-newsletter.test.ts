// Attacks on the daily digest (supabase/migrations/20261128090000_newsletter.sql), through real supabase-js against
// the local backend: nobody but an administrator reads or removes subscribers, sends or the send time; nobody writes
// them but through their functions; nobody, administrators included, reads a subscriber's links; the server's
// functions answer the service key alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRefused, ownerCount, permissionDenied, startAttackers, type Actor, type Attackers, type Client } from './support/attackers.ts';

let attackers: Attackers;
let subscriberId = '';

beforeAll(async () => {
  attackers = await startAttackers();
  const { rows } = await attackers.db.query<{ id: string }>(
    `insert into public.newsletter_subscribers (email, confirmed_at, consent_text, consent_page, consented_at)
     values ('leitora@exemplo.com.br', now(), 'Quero receber o resumo diário.', '/', now()) returning id`,
  );
  subscriberId = rows[0]!.id;
  await attackers.db.query(
    `insert into public.newsletter_sends (digest_date, scheduled, state, stories_since, stories_until, started_at, finished_at)
     values (current_date, true, 'sem_novidades', now() - interval '1 day', now(), now(), now())`,
  );
});
afterAll(() => attackers?.stop());

const clientOf = (actor: Actor): Client => attackers[actor];
const subscribers = () => ownerCount(attackers.db, 'select count(*) from public.newsletter_subscribers');

describe.each(['anon', 'pending'] as const)('%s', (actor) => {
  it('reads no subscriber, send or setting', async () => {
    for (const table of ['newsletter_subscribers', 'newsletter_sends', 'newsletter_settings']) {
      const { data, error, status } = await clientOf(actor).from(table).select('*');
      if (error) expect({ status, code: error.code }).toEqual(permissionDenied(actor));
      else expect(data).toEqual([]);
    }
  });

  it('writes none of them directly', async () => {
    const client = clientOf(actor);
    expectRefused(
      await client.from('newsletter_subscribers').insert({ email: 'intruso@exemplo.com', confirmed_at: new Date().toISOString(), consent_text: 'x', consent_page: '/', consented_at: new Date().toISOString() }),
      permissionDenied(actor),
    );
    // Refused outright, or (a signed-in account, whose grants reach the table) matching no row the policies show.
    const refusedOrNone = (result: { error: { code?: string } | null; status: number }) => {
      if (result.error) expect({ status: result.status, code: result.error.code }).toEqual(permissionDenied(actor));
      else expect(actor).toBe('pending');
    };
    refusedOrNone(await client.from('newsletter_subscribers').delete().eq('id', subscriberId));
    refusedOrNone(await client.from('newsletter_settings').update({ send_time: '03:00' }).eq('only_row', true));
    expectRefused(await client.from('newsletter_sends').delete().neq('state', ''), permissionDenied(actor));
    expect(await subscribers()).toBe(1);
    expect(await ownerCount(attackers.db, `select count(*) from public.newsletter_settings where send_time = '07:00'`)).toBe(1);
    expect(await ownerCount(attackers.db, 'select count(*) from public.newsletter_sends')).toBe(1);
  });

  it('runs none of the server’s functions', async () => {
    const client = clientOf(actor);
    const calls: [string, Record<string, unknown>][] = [
      ['newsletter_claim_confirmations', { max_count: 10 }],
      ['newsletter_start_digest', { now_anyway: true }],
      ['newsletter_digest_stories', {}],
      ['newsletter_claim_deliveries', { send_id: subscriberId, max_count: 10 }],
      ['newsletter_delivery_done', { send_id: subscriberId, subscriber_id: subscriberId }],
      ['newsletter_finish_digest', { send_id: subscriberId }],
      ['newsletter_confirmation_sent', { subscriber_id: subscriberId }],
    ];
    for (const [fn, args] of calls) expectRefused(await client.rpc(fn, args), permissionDenied(actor));
  });

  it('cannot confirm or remove an address without its link', async () => {
    const client = clientOf(actor);
    expect((await client.rpc('newsletter_unsubscribe', { token: subscriberId })).data).toBe(false);
    expect((await client.rpc('newsletter_confirm', { token: subscriberId })).data).toBe('invalido');
    expect(await subscribers()).toBe(1);
  });
});

describe('admin', () => {
  it('reads subscribers but never their links, and removes one', async () => {
    const { data } = await attackers.admin.from('newsletter_subscribers').select('id,email');
    expect(data).toEqual([{ id: subscriberId, email: 'leitora@exemplo.com.br' }]);
    for (const column of ['confirm_token', 'unsubscribe_token', '*']) {
      const { error, status } = await attackers.admin.from('newsletter_subscribers').select(column);
      expect({ status, code: error?.code }).toEqual(permissionDenied('admin'));
    }
    expectRefused(
      await attackers.admin.from('newsletter_subscribers').update({ confirmed_at: null }).eq('id', subscriberId),
      permissionDenied('admin'),
    );
    expectRefused(await attackers.admin.rpc('newsletter_start_digest', { now_anyway: true }), permissionDenied('admin'));
    const { error } = await attackers.admin.from('newsletter_subscribers').delete().eq('id', subscriberId);
    expect(error).toBeNull();
    expect(await subscribers()).toBe(0);
  });
});
