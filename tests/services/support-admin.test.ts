import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSupportIntent, getMonthProgress, getSupportIntentCode, getSupportSettings } from '../../src/services/support/support.ts';
import { listSupportIntents, markSupportReceived, saveSupportSettings, supportMonthTotals } from '../../src/services/support/support-admin.ts';
import { ServiceError } from '../../src/services/errors.ts';
import { startTestBackend, type TestBackend } from '../support/test-backend.ts';

// The newsroom's side of reader support (docs/decisions/0054) through the services the panel uses, over HTTP to the
// local backend: the settings, finding a code as the bank statement shows it (id, amount, day), marking it received,
// the month's totals; and what '/apoie' reads.

let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend?.stop());

const open = { pixKey: '11222333000181', receiverName: 'Porto Ferreira Noticias', receiverCity: 'Porto Ferreira', pageText: '', monthlyGoalCents: 300_000, showProgress: true };

describe('reader support, the newsroom side', () => {
  it('an administrator opens support; an editor may not change the settings', async () => {
    const admin = await backend.admin();
    expect(await saveSupportSettings(admin.client, open)).toMatchObject({ pixKey: open.pixKey, monthlyGoalCents: 300_000 });
    expect(await getSupportSettings(backend.anon())).toMatchObject({ pixKey: open.pixKey, receiverCity: 'Porto Ferreira', showProgress: true });
    const editor = await backend.newUser('Editora');
    await backend.db.query(`update public.profiles set role = 'editor' where id = $1`, [editor.id]);
    await expect(saveSupportSettings(editor.client, { ...open, pixKey: 'ladrao@mal.com' })).rejects.toBeInstanceOf(ServiceError);
    expect((await getSupportSettings(backend.anon())).pixKey).toBe(open.pixKey);
  });

  it('finds a code by part of its id, by amount and by São Paulo day; marking it received counts it in the month', async () => {
    const admin = await backend.admin();
    await saveSupportSettings(admin.client, open);
    const reader = backend.anon();
    const first = await createSupportIntent(reader, { amountCents: 2500, name: '', email: '', consentText: '', monthly: false });
    const second = await createSupportIntent(reader, { amountCents: 1234, name: 'Ana', email: 'ana@exemplo.com.br', consentText: 'Pode guardar.', monthly: false });
    // One of yesterday night, São Paulo time (02:30 UTC is 23:30 the day before there).
    await backend.db.query(`update public.support_intents set created_at = $2 where txid = $1`, [first.txid, '2026-11-20T02:30:00Z']);

    const byId = await listSupportIntents(admin.client, { status: 'todos', txid: second.txid.slice(3, 12).toLowerCase() });
    expect(byId.map((row) => row.txid)).toEqual([second.txid]);
    expect(byId[0]).toMatchObject({ supporterName: 'Ana', supporterEmail: 'ana@exemplo.com.br', status: 'pendente' });
    expect((await listSupportIntents(admin.client, { status: 'pendente', amountCents: 1234 })).map((row) => row.txid)).toEqual([second.txid]);
    expect((await listSupportIntents(admin.client, { status: 'todos', day: '2026-11-19' })).map((row) => row.txid)).toEqual([first.txid]);
    expect(await listSupportIntents(admin.client, { status: 'todos', day: '2026-11-20' })).toEqual([]);

    const before = (await supportMonthTotals(admin.client, new Date()))[0]!;
    expect(await markSupportReceived(admin.client, byId[0]!.id)).toBe(true);
    const after = (await supportMonthTotals(admin.client, new Date()))[0]!;
    expect(after.receivedCents - before.receivedCents).toBe(1234);
    expect(after.receivedCount - before.receivedCount).toBe(1);
    expect(await getMonthProgress(backend.anon())).toBe(after.receivedCents);
    expect((await listSupportIntents(admin.client, { status: 'recebido', txid: second.txid }))[0]?.receivedAt).not.toBeNull();
    // What the code's page learns: the amount and the state, never who.
    expect(await getSupportIntentCode(backend.anon(), second.txid)).toMatchObject({ amountCents: 1234, status: 'recebido' });
  });

  it('a reader never reads the list, and the progress is hidden when the newsroom does not show it', async () => {
    await expect(listSupportIntents(backend.anon(), { status: 'todos' })).rejects.toBeInstanceOf(ServiceError);
    const admin = await backend.admin();
    await saveSupportSettings(admin.client, { ...open, showProgress: false });
    expect(await getMonthProgress(backend.anon())).toBeNull();
  });
});
