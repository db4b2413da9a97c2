// The row-level-security matrix over HTTP: real supabase-js, local backend, Postgres enforcing the policies.
// Acting as an anonymous reader, a pending account and an administrator, on every table and bucket.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSupabaseClient, type Client } from '../src/services/client.ts';
import type { TableName } from '../src/types/database.ts';
import { seed, tinyPng } from './support/seed.ts';
import { fetchFromAddress, loopbackClientAddress } from './support/fetch-from-address.ts';
import { startTestBackend, type TestBackend } from './support/test-backend.ts';

type Actor = 'anon' | 'pending' | 'admin';

let backend: TestBackend;
const clients = {} as Record<Actor, Client>;
let adminId = '';
/** A topic renamed through the API, so that its old slug is in topic_slug_redirects. */
const renamedTopic = { id: '', oldSlug: `antigo-${Math.random().toString(36).slice(2, 8)}` };

beforeAll(async () => {
  backend = await startTestBackend();
  clients.anon = backend.anon();
  clients.pending = (await backend.newUser('Conta Pendente')).client;
  const admin = await backend.admin();
  clients.admin = admin.client;
  adminId = admin.id;
  const { data, error } = await clients.admin.from('topics').insert({ name: 'Antigo', slug: renamedTopic.oldSlug }).select('id').single();
  if (error) throw new Error(`fixture topic: ${error.message}`);
  renamedTopic.id = data.id;
  await clients.admin.from('topics').update({ slug: `${renamedTopic.oldSlug}-novo` }).eq('id', data.id);
});
afterAll(() => backend.stop());

const stamp = () => Math.random().toString(36).slice(2, 8);
let tipReaders = 0;

/** Advertising's tables have rules of their own (serving dates, one counting function): tests/security/attack-ads.test.ts. */
type AdvertisingTable = 'advertisers' | 'ad_campaigns' | 'ad_campaign_days' | 'ad_report_links';
/** The digest's tables are written through its functions alone: tests/security/attack-newsletter.test.ts. */
type NewsletterTable = 'newsletter_subscribers' | 'newsletter_sends' | 'newsletter_settings';

/** The tip line's table has its own rows below (a photo bucket, a status column only), and its attacks in tests/security/attack-news-tips.test.ts. */
type TipLineTable = 'news_tips';

/** The audit log is written by the database alone and read by administrators: tests/security/attack-roles.test.ts. */
type AuditTable = 'audit_log';

/** The site settings (one row, anyone reads, administrators change): tests/security/attack-privacy.test.ts. */
type PrivacyTable = 'site_settings';

/** Corrections are written through revise_publication or by editors, about live stories only: tests/security/attack-corrections.test.ts. */
type CorrectionTable = 'publication_corrections' | 'publication_minor_edits';

/** The scheduled jobs' record is written by the hosts' service key and read by administrators: tests/security/attack-scheduled-jobs.test.ts. */
type JobRunTable = 'job_runs';

/** Reader support is written by its functions alone and read by editors: tests/security/attack-support.test.ts. */
type SupportTable = 'support_intents' | 'support_reminders' | 'support_settings';

/**
 * The audience's tables are written by the beacon's function alone and read by editors; the summary's choice is each
 * editor's own: tests/security/attack-audience.test.ts and attack-audience-reading.test.ts.
 */
type AudienceTable = 'audience_days' | 'audience_page_readers' | 'audience_vitals_days' | 'audience_summary_subscriptions' | 'newsletter_unsubscribe_days';

/** A valid new row per table, and the row each test hides from readers (a draft). */
const fixtures: Record<Exclude<TableName, 'profiles' | 'topic_slug_redirects' | AdvertisingTable | NewsletterTable | TipLineTable | AuditTable | PrivacyTable | CorrectionTable | JobRunTable | AudienceTable | SupportTable>, { newRow: () => Record<string, unknown>; hiddenRow: (admin: Client) => string | Promise<string> }> = {
  topics: {
    newRow: () => ({ name: `Tópico ${stamp()}`, slug: `topico-${stamp()}` }),
    hiddenRow: () => '',
  },
  publications: {
    newRow: () => ({ title: `Matéria ${stamp()}`, topic_id: seed.topics.local, published: false }),
    hiddenRow: () => seed.publications.draft,
  },
  obituaries: {
    newRow: () => ({ name: `Falecido ${stamp()}`, age: 80, death_date: '2026-11-20', funeral_location: 'Velório', funeral_time: '10h', published: false }),
    hiddenRow: () => seed.obituaries.draft,
  },
  jobs: {
    newRow: () => ({ title: `Vaga ${stamp()}`, company: 'Empresa', contract_type: 'PJ', location: 'Centro', published: false }),
    hiddenRow: async (admin) => {
      const { data } = await admin.from('jobs').select('id').eq('published', false).limit(1).single();
      return data!.id;
    },
  },
  // The three actors' inserts all come from 127.0.0.1, and the form allows 3 per client an hour (decision 0015): the
  // rows this matrix only needs to exist are stored by the database owner instead (see insertAsAdmin).
  media_kit_requests: {
    newRow: () => ({ name: 'Leitor', company: 'Loja', email: `leitor-${stamp()}@loja.com`, phone: '19 9999-0000', interest: 'outros' }),
    hiddenRow: async () => ownerInsertedMediaKitRequest('Oculto'),
  },
};

type ContentTable = keyof typeof fixtures;
const tables = Object.keys(fixtures) as ContentTable[];

/**
 * Who may write each table: media kit requests take inserts from anyone and are never edited (admins read and delete
 * them); everything else is written only by admins.
 */
const mayInsert = (actor: Actor, table: ContentTable) => actor === 'admin' || table === 'media_kit_requests';
const mayUpdate = (actor: Actor, table: ContentTable) => actor === 'admin' && table !== 'media_kit_requests';
const mayDelete = (actor: Actor) => actor === 'admin';

/** A forbidden write either fails with 42501 (no grant) or is filtered by RLS to zero rows: never a change. */
function expectDeniedOrNoop(error: { code?: string } | null) {
  if (error) expect(error.code).toBe('42501');
}

async function ownerInsertedMediaKitRequest(name: string): Promise<string> {
  const { rows } = await backend.db.query<{ id: string }>(
    `insert into public.media_kit_requests (name, company, email, phone) values ($1, 'X', $2, '1') returning id`,
    [name, `${stamp()}@x.example`],
  );
  return rows[0]!.id;
}

async function insertAsAdmin(table: ContentTable): Promise<string> {
  if (table === 'media_kit_requests') return ownerInsertedMediaKitRequest('Alvo');
  const { data, error } = await clients.admin.from(table).insert(fixtures[table].newRow() as never).select('id').single();
  if (error) throw new Error(`fixture insert into ${table}: ${error.message}`);
  return data.id;
}

async function existsForAdmin(table: ContentTable, id: string): Promise<boolean> {
  const { data } = await clients.admin.from(table).select('id').eq('id', id);
  return (data ?? []).length === 1;
}

describe.each(['anon', 'pending', 'admin'] as const)('acting as %s', (actor) => {
  describe.each(tables)('on %s', (table) => {
    it(`select of unpublished rows is ${actor === 'admin' ? 'allowed' : 'denied'}`, async () => {
      const hidden = await fixtures[table].hiddenRow(clients.admin);
      if (!hidden) {
        const { data, error } = await clients[actor].from(table).select('id').limit(3);
        expect(error).toBeNull();
        expect(data?.length).toBeGreaterThan(0); // topics are public
        return;
      }
      const { data, error } = await clients[actor].from(table).select('id').eq('id', hidden);
      if (actor === 'anon' && table === 'media_kit_requests') {
        // Readers have no SELECT on requests at all (decision 0015), so the read is refused rather than empty.
        expect(error?.code).toBe('42501');
        return;
      }
      expect(error).toBeNull();
      expect(data).toHaveLength(actor === 'admin' ? 1 : 0);
    });

    it(`insert is ${mayInsert(actor, table) ? 'allowed' : 'denied with 42501'}`, async () => {
      const { error, status } = await clients[actor].from(table).insert(fixtures[table].newRow() as never);
      if (mayInsert(actor, table)) {
        expect(error).toBeNull();
        expect(status).toBe(201);
      } else {
        expect(error?.code).toBe('42501');
        expect(status).toBe(actor === 'anon' ? 401 : 403);
      }
    });

    it(`update is ${mayUpdate(actor, table) ? 'allowed' : 'denied (42501 or zero rows touched)'}`, async () => {
      const id = await insertAsAdmin(table);
      const patch = table === 'media_kit_requests' ? { company: 'Alterada' } : table === 'topics' ? { name: 'Alterado' } : { published: true };
      const { error } = await clients[actor].from(table).update(patch as never).eq('id', id);
      const { data } = await clients.admin.from(table).select('*').eq('id', id).single();
      const [[column, value]] = Object.entries(patch) as [[string, unknown]];
      if (mayUpdate(actor, table)) {
        expect(error).toBeNull();
        expect((data as Record<string, unknown>)[column]).toBe(value);
      } else {
        expectDeniedOrNoop(error);
        expect((data as Record<string, unknown>)[column]).not.toBe(value);
      }
    });

    it(`delete is ${mayDelete(actor) ? 'allowed' : 'denied (42501 or zero rows touched)'}`, async () => {
      const id = await insertAsAdmin(table);
      const { error } = await clients[actor].from(table).delete().eq('id', id);
      if (mayDelete(actor)) expect(error).toBeNull();
      else expectDeniedOrNoop(error);
      expect(await existsForAdmin(table, id)).toBe(!mayDelete(actor));
    });
  });

  describe.each(['publications', 'obituaries'] as const)('on the %s bucket', (bucket) => {
    it(`upload is ${actor === 'admin' ? 'allowed' : 'denied'} and public read works for everyone`, async () => {
      const name = `${actor}-${stamp()}.png`;
      const { error } = await clients[actor].storage.from(bucket).upload(name, new Blob([tinyPng], { type: 'image/png' }));
      if (actor === 'admin') {
        expect(error).toBeNull();
        const response = await fetch(`${backend.url}/storage/v1/object/public/${bucket}/${name}`);
        expect(response.status).toBe(200);
      } else {
        expect(error).not.toBeNull();
      }
    });

    it(`remove is ${actor === 'admin' ? 'allowed' : 'denied (nothing removed)'}`, async () => {
      const name = `victim-${stamp()}.png`;
      await clients.admin.storage.from(bucket).upload(name, new Blob([tinyPng], { type: 'image/png' }));
      const { data } = await clients[actor].storage.from(bucket).remove([name]);
      expect(data ?? []).toHaveLength(actor === 'admin' ? 1 : 0);
      const response = await fetch(`${backend.url}/storage/v1/object/public/${bucket}/${name}`);
      expect(response.status === 200).toBe(actor !== 'admin');
    });
  });

  describe('on news_tips and the private news-tips bucket (the tip line: anyone sends, only admins read)', () => {
    /**
     * A tip with one photo: the photo uploaded by a reader of its own address (the three actors share 127.0.0.1, and
     * a client may upload 9 photos an hour), the row stored by the database owner.
     */
    async function ownerStoredTip(): Promise<{ id: string; path: string }> {
      const folder = crypto.randomUUID();
      const path = `${folder}/1.png`;
      const reader = createSupabaseClient(backend.url, backend.anonKey, {
        global: { fetch: fetchFromAddress(loopbackClientAddress(3000 + (tipReaders += 1))) },
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, storageKey: `rls-tip-${tipReaders}` },
      });
      const upload = await reader.storage.from('news-tips').upload(path, new Blob([tinyPng], { type: 'image/png' }));
      if (upload.error) throw new Error(`fixture photo: ${upload.error.message}`);
      const { rows } = await backend.db.query<{ id: string }>(
        `insert into public.news_tips (what_happened, place, consent_text, photo_folder, photo_paths)
         values ('Árvore caída', 'Praça', 'Autorizo', $1, array[$2]) returning id`,
        [folder, path],
      );
      return { id: rows[0]!.id, path };
    }

    it(`select is ${actor === 'admin' ? 'allowed' : actor === 'anon' ? 'refused with 42501' : 'empty'}`, async () => {
      const tip = await ownerStoredTip();
      const { data, error } = await clients[actor].from('news_tips').select('id').eq('id', tip.id);
      if (actor === 'anon') expect(error?.code).toBe('42501');
      else expect(data).toHaveLength(actor === 'admin' ? 1 : 0);
    });

    it(`the photo is ${actor === 'admin' ? 'listed and signed' : 'neither listed nor signed'}, and has no public address`, async () => {
      const tip = await ownerStoredTip();
      const [folder, file] = tip.path.split('/') as [string, string];
      const listed = await clients[actor].storage.from('news-tips').list(folder);
      expect(listed.data?.map((entry) => entry.name)).toEqual(actor === 'admin' ? [file] : []);
      const signed = await clients[actor].storage.from('news-tips').createSignedUrls([tip.path], 60);
      const url = signed.data?.[0]?.signedUrl ?? null;
      if (actor === 'admin') expect((await fetch(url!)).status).toBe(200);
      else expect(url).toBeNull();
      expect((await fetch(`${backend.url}/storage/v1/object/public/news-tips/${tip.path}`)).status).toBe(400);
    });

    it(`marking a tip is ${actor === 'admin' ? 'allowed' : 'denied (42501 or zero rows touched)'}`, async () => {
      const tip = await ownerStoredTip();
      const { error } = await clients[actor].from('news_tips').update({ status: 'used' }).eq('id', tip.id);
      if (actor === 'admin') expect(error).toBeNull();
      else expectDeniedOrNoop(error);
      const { rows } = await backend.db.query<{ status: string }>('select status from public.news_tips where id = $1', [tip.id]);
      expect(rows[0]?.status).toBe(actor === 'admin' ? 'used' : 'new');
    });

    it(`deleting a tip and its photo is ${actor === 'admin' ? 'allowed' : 'denied (nothing removed)'}`, async () => {
      const tip = await ownerStoredTip();
      const removed = await clients[actor].storage.from('news-tips').remove([tip.path]);
      expect(removed.data ?? []).toHaveLength(actor === 'admin' ? 1 : 0);
      const { error } = await clients[actor].from('news_tips').delete().eq('id', tip.id);
      if (actor === 'admin') expect(error).toBeNull();
      else expectDeniedOrNoop(error);
      const { rows } = await backend.db.query('select 1 from public.news_tips where id = $1', [tip.id]);
      expect(rows).toHaveLength(actor === 'admin' ? 0 : 1);
    });
  });

  describe('on topic_slug_redirects (written only by the database when a topic is renamed)', () => {
    it('select is allowed', async () => {
      const { data, error } = await clients[actor].from('topic_slug_redirects').select('old_slug,topic_id').eq('old_slug', renamedTopic.oldSlug);
      expect(error).toBeNull();
      expect(data).toEqual([{ old_slug: renamedTopic.oldSlug, topic_id: renamedTopic.id }]);
    });

    it('insert, update and delete are denied with 42501', async () => {
      const denied = actor === 'anon' ? 401 : 403;
      const attempts = [
        clients[actor].from('topic_slug_redirects').insert({ old_slug: `falso-${stamp()}`, topic_id: seed.topics.local }),
        clients[actor].from('topic_slug_redirects').update({ topic_id: seed.topics.local }).eq('old_slug', renamedTopic.oldSlug),
        clients[actor].from('topic_slug_redirects').delete().eq('old_slug', renamedTopic.oldSlug),
      ];
      for (const { error, status } of await Promise.all(attempts)) {
        expect(error?.code).toBe('42501');
        expect(status).toBe(denied);
      }
      const { data } = await clients.admin.from('topic_slug_redirects').select('topic_id').eq('old_slug', renamedTopic.oldSlug);
      expect(data).toEqual([{ topic_id: renamedTopic.id }]);
    });
  });

  it('profiles: sees only its own profile unless admin, and cannot edit roles directly', async () => {
    const { data } = await clients[actor].from('profiles').select('id,role');
    if (actor === 'anon') expect(data ?? []).toHaveLength(0);
    if (actor === 'pending') expect(data).toHaveLength(1);
    if (actor === 'admin') expect((data ?? []).length).toBeGreaterThanOrEqual(2);
    const { error } = await clients[actor].from('profiles').update({ role: 'admin' }).neq('id', adminId);
    expectDeniedOrNoop(error);
    const { data: roles } = await clients.admin.from('profiles').select('role').neq('id', adminId);
    expect(roles?.every((row) => row.role === 'pending')).toBe(true);
  });

  it('increment_views is callable and adds exactly one to a published publication', async () => {
    // A story per actor: the three clients share 127.0.0.1, and a client's reads of one story count once in 6 hours.
    const story = { anon: seed.publications.publishedLocal, pending: seed.publications.mostRead, admin: '22222222-2222-4222-8222-000000000002' }[actor];
    const read = async () => (await clients.admin.from('publications').select('views').eq('id', story).single()).data!.views;
    const before = await read();
    const { error, status } = await clients[actor].rpc('increment_views', { publication_id: story });
    expect(error).toBeNull();
    expect(status).toBe(204);
    expect(await read()).toBe(before + 1);
  });

  it('views cannot be set directly', async () => {
    const read = async () => (await clients.admin.from('publications').select('views').eq('id', seed.publications.mostRead).single()).data!.views;
    const before = await read();
    const { error } = await clients[actor].from('publications').update({ views: 999_999 } as never).eq('id', seed.publications.mostRead);
    expect(error?.code).toBe('42501');
    expect(await read()).toBe(before);
  });
});
