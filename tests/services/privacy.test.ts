import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { serviceRoleKeyFor } from '../../local-supabase/src/jwt.ts';
import { setWeeklySummaryChoice } from '../../src/services/audience.ts';
import { createSupabaseClient, type Client } from '../../src/services/client.ts';
import { createDataClient } from '../../src/services/data-client.ts';
import {
  deleteOwnAccount,
  eraseDataSubject,
  exportDataSubject,
  exportOwnData,
  isEmptyReport,
  isInvalidSubjectEmail,
  isLastAdministrator,
  isNotAdministrator,
  lookupDataSubject,
} from '../../src/services/data-rights.ts';
import { ServiceError } from '../../src/services/errors.ts';
import { submitMediaKitRequest } from '../../src/services/media-kit.ts';
import { setNewsTipStatus } from '../../src/services/news-tip-admin.ts';
import { submitNewsTip, type TipPhoto } from '../../src/services/news-tips.ts';
import { signUpForDigest, unsubscribeFromDigest } from '../../src/services/newsletter/subscription.ts';
import { runRetention, storageRemover } from '../../src/services/retention.ts';
import { getSiteSettings, saveSiteSettings } from '../../src/services/site-settings.ts';
import { resetDatabaseClock, setDatabaseClock } from '../support/database-clock.ts';
import { fetchFromAddress, loopbackClientAddress } from '../support/fetch-from-address.ts';
import { startTestBackend, uniqueEmail, type TestBackend, type TestUser } from '../support/test-backend.ts';

// Privacy under the LGPD (docs/decisions/0039) through the services the screens use, over HTTP against the local
// backend: the settings, an administrator's lookup, export and erasure of an address, an account's own export and
// deletion, and the retention job. Readers come from loopback addresses 127.0.41.x of their own.

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

let backend: TestBackend;
let admin: TestUser;
let serviceKey: string;
let nextAddress = 0;

class NoRealtime {
  constructor() {
    throw new Error('realtime is not available in these tests');
  }
}

function reader(): Client {
  const address = loopbackClientAddress(4100 + nextAddress++);
  return createSupabaseClient(backend.url, backend.anonKey, {
    global: { fetch: fetchFromAddress(address) },
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, storageKey: `privacy-reader-${address}` },
    realtime: { transport: globalThis.WebSocket ?? NoRealtime },
  });
}

async function userWithRole(role: 'editor' | 'reporter' | 'pending', name = 'Conta de Teste'): Promise<TestUser> {
  const user = await backend.newUser(name);
  if (role !== 'pending') await backend.db.query('update public.profiles set role = $2 where id = $1', [user.id, role]);
  return user;
}

async function auditEntries(action: string, subject = ''): Promise<{ actor_id: string | null; summary: string; detail: unknown }[]> {
  const { rows } = await backend.db.query<{ actor_id: string | null; summary: string; detail: unknown }>(
    `select actor_id, summary, detail from public.audit_log where action = $1 and ($2 = '' or subject_id = $2) order by id`,
    [action, subject],
  );
  return rows;
}

/** A person who asked for the media kit, signed up for the digest and sent a tip with a photo, all with one address. */
async function personWithData(email: string): Promise<{ tipText: string }> {
  await submitMediaKitRequest(reader(), { name: 'Ana Titular', company: 'Loja da Ana', email, phone: '19 99999-0000', interest: 'outros', message: null });
  await signUpForDigest(reader(), { email, consentText: 'Quero receber o resumo diário.', page: '/' });
  const tipText = `Vazamento na praça ${Date.now().toString(36)}`;
  const photo: TipPhoto = Object.assign(new Blob([PNG.slice()], { type: 'image/png' }), { name: 'foto.png' });
  await submitNewsTip(reader(), {
    whatHappened: tipText,
    place: 'Praça Central',
    senderName: 'Ana',
    senderContact: `Ana <${email.toUpperCase()}>`,
    consentText: 'Autorizo o contato da redação.',
    photos: [photo],
  });
  return { tipText };
}

beforeAll(async () => {
  backend = await startTestBackend();
  admin = await backend.admin();
  serviceKey = await serviceRoleKeyFor(backend.jwtSecret);
});
afterAll(() => backend?.stop());
afterEach(() => resetDatabaseClock(backend.db));

describe('site settings', () => {
  it('anyone reads them; an administrator changes them, and the change is in the audit log', async () => {
    const before = await getSiteSettings(backend.anon());
    expect(before).toMatchObject({ media_kit_retention_months: 12, news_tip_retention_months: 12, unconfirmed_newsletter_days: 7 });

    const saved = await saveSiteSettings(admin.client, { ...before, privacy_email: ' DPO@Exemplo.com.br ', news_tip_retention_months: 6 });
    expect(saved).toMatchObject({ privacy_email: 'dpo@exemplo.com.br', news_tip_retention_months: 6 });
    expect((await getSiteSettings(backend.anon())).news_tip_retention_months).toBe(6);
    const [entry] = (await auditEntries('settings_change')).slice(-1);
    expect(entry).toMatchObject({ actor_id: admin.id });
    expect(entry!.detail).toMatchObject({ news_tip_retention_months: { from: 12, to: 6 }, privacy_email: { to: 'dpo@exemplo.com.br' } });
    await saveSiteSettings(admin.client, { ...saved, news_tip_retention_months: 12 });
  });

  it.each(['editor', 'reporter', 'pending'] as const)('a %s cannot change them', async (role) => {
    const user = await userWithRole(role);
    const error = await saveSiteSettings(user.client, { ...(await getSiteSettings(user.client)), controller_name: 'Invasor' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect((await getSiteSettings(backend.anon())).controller_name).not.toBe('Invasor');
  });

  it('refuses a period out of bounds and a malformed contact, keeping what was there', async () => {
    const current = await getSiteSettings(admin.client);
    for (const bad of [{ media_kit_retention_months: 0 }, { unconfirmed_newsletter_days: 31 }, { privacy_email: 'não é e-mail' }]) {
      const error = await saveSiteSettings(admin.client, { ...current, ...bad }).catch((e: unknown) => e);
      expect((error as ServiceError).code).toBe('23514');
    }
    expect(await getSiteSettings(admin.client)).toEqual(current);
  });
});

describe('data rights: an administrator', () => {
  it('finds everything about an address, exports it and erases it, photos included; each step is audited', async () => {
    const email = uniqueEmail('titular');
    const { tipText } = await personWithData(email);

    const report = await lookupDataSubject(admin.client, `  ${email.toUpperCase()} `);
    expect(report.email).toBe(email);
    expect(report.account).toBeNull();
    expect(report.media_kit_requests).toHaveLength(1);
    expect(report.media_kit_requests[0]).toMatchObject({ name: 'Ana Titular', company: 'Loja da Ana', phone: '19 99999-0000' });
    expect(report.newsletter_subscription).toMatchObject({ email, consent_text: 'Quero receber o resumo diário.', consent_page: '/', confirmed_at: null });
    expect(report.newsletter_subscription).not.toHaveProperty('unsubscribe_token');
    expect(report.news_tips).toHaveLength(1);
    expect(report.news_tips[0]).toMatchObject({ what_happened: tipText, consent_text: 'Autorizo o contato da redação.' });
    const photoPath = report.news_tips[0]!.photo_paths[0]!;
    expect(await auditEntries('data_lookup', email)).toEqual([
      expect.objectContaining({ actor_id: admin.id, detail: { account: false, media_kit_requests: 1, newsletter_subscription: true, news_tips: 1, support_intents: 0, support_reminder: false } }),
    ]);

    const exported = await exportDataSubject(admin.client, email);
    expect(exported).toMatchObject({ email, media_kit_requests: report.media_kit_requests, news_tips: report.news_tips });
    expect(exported.exported_at).toEqual(expect.any(String));
    expect(await auditEntries('data_export', email)).toHaveLength(1);

    const counts = await eraseDataSubject(admin.client, email);
    expect(counts).toEqual({ media_kit_requests: 1, newsletter_subscription: true, news_tips: 1, account: false, support_intents: 0, support_reminder: false });
    const { rows: objects } = await backend.db.query(`select 1 from storage.objects where bucket_id = 'news-tips' and name = $1`, [photoPath]);
    expect(objects).toEqual([]);
    expect(isEmptyReport(await lookupDataSubject(admin.client, email))).toBe(true);
    expect(await auditEntries('data_erasure', email)).toEqual([expect.objectContaining({ actor_id: admin.id, detail: counts })]);
  });

  it('erases an account: its stories stay, without author; the last administrator cannot be erased', async () => {
    const reporter = await userWithRole('reporter', 'Repórter Apagada');
    const { rows } = await backend.db.query<{ id: string }>(
      `insert into public.publications (title, author_id, published) values ('Matéria da repórter', $1, false) returning id`,
      [reporter.id],
    );
    const report = await lookupDataSubject(admin.client, reporter.email);
    expect(report.account).toMatchObject({ id: reporter.id, name: 'Repórter Apagada', role: 'reporter' });
    expect(report.account!.authored_stories).toEqual([expect.objectContaining({ id: rows[0]!.id, title: 'Matéria da repórter' })]);
    expect(report.account!.audit_entries.map((entry) => entry.action)).toContain('sign_in');

    expect(await eraseDataSubject(admin.client, reporter.email)).toMatchObject({ account: true });
    const { rows: story } = await backend.db.query('select author_id from public.publications where id = $1', [rows[0]!.id]);
    expect(story).toEqual([{ author_id: null }]);
    const { rows: users } = await backend.db.query('select 1 from auth.users where id = $1', [reporter.id]);
    expect(users).toEqual([]);

    const error = await eraseDataSubject(admin.client, admin.email).catch((e: unknown) => e);
    expect(isLastAdministrator(error)).toBe(true);
    expect((await lookupDataSubject(admin.client, admin.email)).account).toMatchObject({ id: admin.id });
  });

  it('hears a clear error for an address that is not one', async () => {
    const error = await lookupDataSubject(admin.client, 'sem arroba').catch((e: unknown) => e);
    expect(isInvalidSubjectEmail(error)).toBe(true);
  });
});

describe('data rights: nobody else', () => {
  it.each(['editor', 'reporter', 'pending', 'anon'] as const)('a %s cannot look up, export or erase, and nothing changes', async (role) => {
    const email = uniqueEmail('protegido');
    await submitMediaKitRequest(reader(), { name: 'Bia', company: 'Bia ME', email, phone: '19 3333-0000', interest: 'outros', message: null });
    const client = role === 'anon' ? backend.anon() : (await userWithRole(role)).client;
    const auditBefore = (await backend.db.query('select count(*)::int as n from public.audit_log where action like $1', ['data_%'])).rows;
    for (const attempt of [lookupDataSubject, exportDataSubject, eraseDataSubject]) {
      const error = await attempt(client, email).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ServiceError);
      if (role !== 'anon') expect(isNotAdministrator(error)).toBe(true);
    }
    const { rows } = await backend.db.query('select 1 from public.media_kit_requests where email = $1', [email]);
    expect(rows).toHaveLength(1);
    expect((await backend.db.query('select count(*)::int as n from public.audit_log where action like $1', ['data_%'])).rows).toEqual(auditBefore);
  });
});

describe('an account and its own data', () => {
  it('a pending account downloads its own data (profile, its log entries, its stories), audited', async () => {
    const pending = await userWithRole('pending', 'Pendente Curiosa');
    const own = await exportOwnData(pending.client);
    expect(own.profile).toMatchObject({ id: pending.id, name: 'Pendente Curiosa', email: pending.email, role: 'pending' });
    expect(own.audit_entries.map((entry) => entry.action)).toContain('sign_in');
    expect(own.authored_stories).toEqual([]);
    expect(own.weekly_audience_summary).toBeNull();
    expect(await auditEntries('own_data_export', pending.id)).toEqual([expect.objectContaining({ actor_id: pending.id })]);
  });

  it("an editor's export, and an administrator's lookup of their address, say since when they get the weekly audience summary", async () => {
    const editor = await userWithRole('editor', 'Editora Que Lê Números');
    await setWeeklySummaryChoice(editor.client, editor.id, true);
    const own = await exportOwnData(editor.client);
    expect(own.weekly_audience_summary).toEqual({ since: expect.any(String) as string });
    const report = await lookupDataSubject(admin.client, editor.email);
    expect(report.account?.weekly_audience_summary).toEqual(own.weekly_audience_summary);

    await setWeeklySummaryChoice(editor.client, editor.id, false);
    expect((await exportOwnData(editor.client)).weekly_audience_summary).toBeNull();
  });

  it('an editor deletes their own account (audited, the name kept); the last administrator cannot', async () => {
    const editor = await userWithRole('editor', 'Editora Que Sai');
    await deleteOwnAccount(editor.client);
    expect((await backend.db.query('select 1 from public.profiles where id = $1', [editor.id])).rows).toEqual([]);
    expect(await auditEntries('own_account_delete', editor.id)).toEqual([
      expect.objectContaining({ actor_id: null, summary: expect.stringContaining('Editora Que Sai') as string }),
    ]);

    const error = await deleteOwnAccount(admin.client).catch((e: unknown) => e);
    expect(isLastAdministrator(error)).toBe(true);
    expect((await backend.db.query('select 1 from public.profiles where id = $1', [admin.id])).rows).toHaveLength(1);
  });

  it('an anonymous caller has no own data', async () => {
    expect(isNotAdministrator(await exportOwnData(backend.anon()).catch((e: unknown) => e))).toBe(true);
    expect(await deleteOwnAccount(backend.anon()).catch((e: unknown) => e)).toBeInstanceOf(ServiceError);
  });
});

describe('the newsletter', () => {
  it('unsubscribing deletes the address and its consent record', async () => {
    const email = uniqueEmail('sai');
    await signUpForDigest(reader(), { email, consentText: 'Quero receber.', page: '/' });
    const { rows } = await backend.db.query<{ unsubscribe_token: string }>('select unsubscribe_token from public.newsletter_subscribers where email = $1', [email]);
    expect(await unsubscribeFromDigest(backend.anon(), rows[0]!.unsubscribe_token)).toBe('cancelada');
    expect((await backend.db.query('select 1 from public.newsletter_subscribers where email = $1', [email])).rows).toEqual([]);
  });
});

describe('retention', () => {
  it('deletes handled requests and tips after their months, unconfirmed addresses after their days, counters and old log entries; audited with the counts', async () => {
    const service = createDataClient(backend.url, serviceKey, { retry: false });
    const remove = storageRemover(backend.url, serviceKey, fetch);
    await runRetention(service, remove, true);

    const keptEmail = uniqueEmail('mantido');
    const goneEmail = uniqueEmail('vencido');
    const { tipText } = await personWithData(goneEmail);
    await submitMediaKitRequest(reader(), { name: 'Novo', company: 'Nova', email: keptEmail, phone: '19 3333-1111', interest: 'outros', message: null });
    const { rows: tips } = await backend.db.query<{ id: string; photo_paths: string[] }>('select id, photo_paths from public.news_tips where what_happened = $1', [tipText]);
    await setNewsTipStatus(admin.client, tips[0]!.id, 'used');
    const { rows: stamped } = await backend.db.query<{ handled_at: string | null }>('select handled_at from public.news_tips where id = $1', [tips[0]!.id]);
    expect(stamped[0]!.handled_at).not.toBeNull();
    await backend.db.query(`update public.media_kit_requests set handled_at = now() where email = $1`, [goneEmail]);

    // Eleven months on, nothing handled is due yet; the unconfirmed address (7 days) is.
    await setDatabaseClock(backend.db, new Date(Date.now() + 330 * 86_400_000));
    expect(await runRetention(service, remove, true)).toMatchObject({ media_kit_requests: 0, news_tips: 0, newsletter_unconfirmed: expect.any(Number) as number });
    expect((await backend.db.query('select 1 from public.newsletter_subscribers where email = $1', [goneEmail])).rows).toEqual([]);
    // Within the hour the job does not run again unless forced.
    expect(await runRetention(service, remove)).toBeNull();

    // Thirteen months on: the handled request and the tip go, the tip's photo first; the new request stays. The
    // audience's reader marks and salts of days before yesterday go too (decision 0052).
    await backend.db.query(`insert into private.audience_marks (day, reader_hash, path, source, device, first_seen_at, last_seen_at)
                            values (current_date, 'hash', '/', 'direct', 'mobile', now(), now())`);
    await backend.db.query(`insert into private.audience_salts (day, salt) values (current_date, 'sal') on conflict do nothing`);
    await setDatabaseClock(backend.db, new Date(Date.now() + 400 * 86_400_000));
    const counts = await runRetention(service, remove, true);
    expect(counts).toMatchObject({ media_kit_requests: 1, news_tips: 1 });
    expect(counts!.audience_marks).toBeGreaterThanOrEqual(1);
    expect((await backend.db.query('select count(*)::int as n from private.audience_marks')).rows).toEqual([{ n: 0 }]);
    expect((await backend.db.query('select count(*)::int as n from private.audience_salts')).rows).toEqual([{ n: 0 }]);
    expect(counts!.audit_log).toBeGreaterThan(0);
    expect((await backend.db.query('select 1 from public.media_kit_requests where email = $1', [goneEmail])).rows).toEqual([]);
    expect((await backend.db.query('select 1 from public.media_kit_requests where email = $1', [keptEmail])).rows).toHaveLength(1);
    expect((await backend.db.query('select 1 from public.news_tips where id = $1', [tips[0]!.id])).rows).toEqual([]);
    expect((await backend.db.query(`select 1 from storage.objects where bucket_id = 'news-tips' and name = $1`, [tips[0]!.photo_paths[0]])).rows).toEqual([]);
    for (const table of ['view_receipts', 'rate_limit_hits', 'ad_event_receipts']) {
      expect((await backend.db.query(`select count(*)::int as n from private.${table}`)).rows).toEqual([{ n: 0 }]);
    }
    const purges = await auditEntries('retention_purge');
    const { audience_marks: _audienceMarks, ...audited } = counts!;
    expect(purges.at(-1)).toMatchObject({ actor_id: null, detail: audited });
  });

  it('the unconfirmed days follow the setting', async () => {
    const service = createDataClient(backend.url, serviceKey, { retry: false });
    const email = uniqueEmail('dois-dias');
    await signUpForDigest(reader(), { email, consentText: 'Quero receber.', page: '/' });
    await backend.db.query('update public.site_settings set unconfirmed_newsletter_days = 2');
    await setDatabaseClock(backend.db, new Date(Date.now() + 3 * 86_400_000));
    await runRetention(service, storageRemover(backend.url, serviceKey, fetch), true);
    expect((await backend.db.query('select 1 from public.newsletter_subscribers where email = $1', [email])).rows).toEqual([]);
    await backend.db.query('update public.site_settings set unconfirmed_newsletter_days = 7');
  });

  it('is the service role\'s alone', async () => {
    for (const client of [backend.anon(), admin.client]) {
      const { error } = await client.rpc('run_retention', { force: true });
      expect(error).not.toBeNull();
    }
  });
});
