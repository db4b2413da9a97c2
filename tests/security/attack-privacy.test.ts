// Attacks on privacy's table and functions (supabase/migrations/20261129120000_privacy_and_data_rights.sql,
// docs/decisions/0039): the site settings and the data-rights and retention functions, through real supabase-js as
// an anonymous reader, a pending account and an editor; each refusal is checked against what the database holds,
// and next to it what the administrator may do works.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerCount, permissionDenied, startAttackers, type Attackers, type Client } from './support/attackers.ts';

let attackers: Attackers;
let editor: Client;
let victimEmail: string;

const settingsRow = async () => (await attackers.db.query<Record<string, unknown>>('select * from public.site_settings')).rows;

beforeAll(async () => {
  attackers = await startAttackers();
  const signedUp = await attackers.signUpAt('127.0.42.1', { name: 'Editora', role: 'admin' });
  await attackers.db.query(`update public.profiles set role = 'editor' where id = $1`, [signedUp.id]);
  editor = signedUp.client;
  victimEmail = `vitima-${Date.now().toString(36)}@exemplo.com`;
  await attackers.db.query(
    `insert into public.media_kit_requests (name, company, email, phone) values ('Vítima', 'Loja', $1, '19 3333-0000')`,
    [victimEmail],
  );
});
afterAll(() => attackers?.stop());

const actors = (): [string, Client][] => [
  ['anon', attackers.anon],
  ['pending', attackers.pending],
  ['editor', editor],
];

describe('site_settings', () => {
  it.each(['anon', 'pending', 'editor'])('%s reads the one row', async (name) => {
    const client = actors().find(([actor]) => actor === name)![1];
    const { data, error } = await client.from('site_settings').select('privacy_email, news_tip_retention_months');
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
  });

  it.each(['anon', 'pending', 'editor'])('%s cannot insert, update or delete it', async (name) => {
    const client = actors().find(([actor]) => actor === name)![1];
    const before = await settingsRow();
    const insert = await client.from('site_settings').insert({ only_row: false, controller_name: 'Falso' });
    expect(insert.error).not.toBeNull();
    const update = await client.from('site_settings').update({ privacy_email: 'ladrao@mal.com', media_kit_retention_months: 120 }).eq('only_row', true).select();
    if (name === 'anon') expect({ status: update.status, code: update.error?.code }).toEqual(permissionDenied('anon'));
    else expect(update.data ?? []).toEqual([]);
    const remove = await client.from('site_settings').delete().eq('only_row', true);
    expect(remove.error).not.toBeNull();
    expect(await settingsRow()).toEqual(before);
  });

  it('the administrator cannot set a column outside the form (updated_at, only_row) nor add a second row', async () => {
    const before = await settingsRow();
    const stamped = await attackers.admin.from('site_settings').update({ updated_at: '2000-01-01T00:00:00Z' }).eq('only_row', true);
    expect(stamped.error).not.toBeNull();
    const second = await attackers.admin.from('site_settings').insert({ only_row: false });
    expect(second.error).not.toBeNull();
    expect(await settingsRow()).toEqual(before);
  });
});

describe('the data-rights functions', () => {
  it.each(['anon', 'pending', 'editor'])('%s cannot look up, export or erase anyone', async (name) => {
    const client = actors().find(([actor]) => actor === name)![1];
    for (const fn of ['data_subject_lookup', 'data_subject_export', 'data_subject_erase']) {
      const { data, error } = await client.rpc(fn, { email: victimEmail });
      expect(error, fn).not.toBeNull();
      expect(data).toBeNull();
    }
    expect(await ownerCount(attackers.db, 'select count(*) from public.media_kit_requests where email = $1', [victimEmail])).toBe(1);
    expect(await ownerCount(attackers.db, `select count(*) from public.audit_log where action like 'data_%'`)).toBe(0);
  });

  it('the private helpers are out of the API\'s reach', async () => {
    for (const fn of ['audit_data_right', 'account_data', 'erase_account', 'data_subject_report']) {
      const { error } = await attackers.admin.rpc(fn, {});
      expect(error, fn).not.toBeNull();
    }
  });

  it('a pending account cannot delete another account through its own deletion', async () => {
    const { error } = await attackers.pending.rpc('delete_own_account', { account_id: attackers.adminId });
    expect(error).not.toBeNull();
    expect(await ownerCount(attackers.db, 'select count(*) from public.profiles where id = $1', [attackers.adminId])).toBe(1);
  });

  it('an address built to match every tip (wildcards) matches only itself', async () => {
    await attackers.db.query(
      `insert into public.news_tips (what_happened, place, consent_text, sender_contact) values ('Outro caso', 'Centro', 'Ok', 'alguem@exemplo.com')`,
    );
    const { data, error } = await attackers.admin.rpc('data_subject_lookup', { email: '%@%.%' });
    expect(error).toBeNull();
    expect((data as { news_tips: unknown[] }).news_tips).toEqual([]);
  });

  it('the administrator may (and the log says so)', async () => {
    const { data, error } = await attackers.admin.rpc('data_subject_lookup', { email: victimEmail });
    expect(error).toBeNull();
    expect((data as { media_kit_requests: unknown[] }).media_kit_requests).toHaveLength(1);
    expect(await ownerCount(attackers.db, `select count(*) from public.audit_log where action = 'data_lookup' and actor_id = $1 and subject_id = $2`, [attackers.adminId, victimEmail])).toBe(1);
  });
});

describe('retention', () => {
  it.each(['anon', 'pending', 'editor', 'admin'])('%s cannot run it or list the photos it would remove', async (name) => {
    const client = name === 'admin' ? attackers.admin : actors().find(([actor]) => actor === name)![1];
    for (const [fn, args] of [['run_retention', { force: true }], ['retention_tip_photos_due', { max_count: 10 }]] as const) {
      const { error } = await client.rpc(fn, args);
      expect(error, fn).not.toBeNull();
    }
    expect(await ownerCount(attackers.db, `select count(*) from public.audit_log where action = 'retention_purge'`)).toBe(0);
  });
});
