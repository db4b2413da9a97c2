// Attacks on the tables, through real supabase-js against the local backend: every write on every table as an
// anonymous reader and as a freshly self-registered (pending) account, and every read of what readers must not
// see. Each refusal is checked twice: the answer the app gets, and the row as the database owner re-reads it.
// Next to each, the administrator does the same thing and it works.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../support/seed.ts';
import {
  expectNoRowMatched,
  expectRefused,
  idOf,
  ownerCount,
  ownerRow,
  permissionDenied,
  stamp,
  startAttackers,
  type Actor,
  type Attackers,
  type Client,
} from './support/attackers.ts';

let attackers: Attackers;
let publishedJobId = '';

beforeAll(async () => {
  attackers = await startAttackers();
  const { rows } = await attackers.db.query<{ id: string }>(
    `select id from public.jobs where published and (expires_at is null or expires_at >= current_date) order by created_at limit 1`,
  );
  publishedJobId = rows[0]?.id ?? '';
  if (!publishedJobId) throw new Error('the seed has no open job');
});
afterAll(() => attackers?.stop());

const clientOf = (actor: Actor): Client => attackers[actor];
const attackersOnly: Exclude<Actor, 'admin'>[] = ['anon', 'pending'];

type AdminTable = 'topics' | 'publications' | 'obituaries' | 'jobs';

/** A table only administrators write: a reader-visible row to attack, a new row, and the column that marks it. */
interface AdminTarget {
  label: string;
  existingId: () => string;
  newRow: () => Record<string, unknown>;
  marker: string;
  change: Record<string, unknown>;
}

const adminTables: Record<AdminTable, AdminTarget> = {
  topics: {
    label: 'a topic',
    existingId: () => seed.topics.local,
    newRow: () => ({ name: `Invasão ${stamp()}`, slug: `invasao-${stamp()}` }),
    marker: 'name',
    change: { name: 'Tópico pichado' },
  },
  publications: {
    label: 'a publication',
    existingId: () => seed.publications.mostRead,
    // A draft: a live story's text changes only through revise_publication (attack-corrections.test.ts).
    newRow: () => ({ title: `Invasão ${stamp()}`, topic_id: seed.topics.local, published: false }),
    marker: 'title',
    change: { title: 'Matéria pichada' },
  },
  obituaries: {
    label: 'an obituary',
    existingId: () => seed.obituaries.published,
    newRow: () => ({
      name: `Invasão ${stamp()}`,
      age: 80,
      death_date: '2026-11-20',
      funeral_location: 'Velório Municipal',
      funeral_time: '10h',
      published: true,
    }),
    marker: 'name',
    change: { name: 'Nota pichada' },
  },
  jobs: {
    label: 'a job',
    existingId: () => publishedJobId,
    newRow: () => ({ title: `Invasão ${stamp()}`, company: 'Empresa', contract_type: 'PJ', location: 'Centro', published: true }),
    marker: 'title',
    change: { title: 'Vaga pichada' },
  },
};
const adminTableNames = Object.keys(adminTables) as AdminTable[];

async function markerCount(table: AdminTable, value: unknown): Promise<number> {
  return ownerCount(attackers.db, `select count(*) from public.${table} where ${adminTables[table].marker} = $1`, [value]);
}

describe.each(adminTableNames)('writes on %s', (table) => {
  const target = adminTables[table];

  describe.each(attackersOnly)('as %s', (actor) => {
    it(`${actor} cannot insert ${target.label}`, async () => {
      const row = target.newRow();
      const result = await clientOf(actor).from(table).insert(row);
      expectRefused(result, permissionDenied(actor));
      expect(await markerCount(table, row[target.marker])).toBe(0);
    });

    it(`${actor} cannot update ${target.label}`, async () => {
      const before = await ownerRow(attackers.db, table, target.existingId());
      const result = await clientOf(actor).from(table).update(target.change).eq('id', target.existingId()).select();
      if (actor === 'anon') expectRefused(result, permissionDenied(actor));
      else expectNoRowMatched(result);
      expect(await ownerRow(attackers.db, table, target.existingId())).toEqual(before);
    });

    it(`${actor} cannot upsert over ${target.label}`, async () => {
      const before = await ownerRow(attackers.db, table, target.existingId());
      const result = await clientOf(actor)
        .from(table)
        .upsert({ ...target.newRow(), id: target.existingId() });
      expectRefused(result, permissionDenied(actor));
      expect(await ownerRow(attackers.db, table, target.existingId())).toEqual(before);
    });

    it(`${actor} cannot delete ${target.label}`, async () => {
      const result = await clientOf(actor).from(table).delete().eq('id', target.existingId()).select();
      if (actor === 'anon') expectRefused(result, permissionDenied(actor));
      else expectNoRowMatched(result);
      expect(await ownerRow(attackers.db, table, target.existingId())).not.toBeNull();
    });
  });

  it(`admin can insert, update, upsert and delete ${target.label}`, async () => {
    const admin = attackers.admin;
    const row = target.newRow();
    const inserted = await admin.from(table).insert(row).select('id').single();
    expect(inserted.error).toBeNull();
    const id = idOf(inserted.data);
    expect(await markerCount(table, row[target.marker])).toBe(1);

    const updated = await admin.from(table).update(target.change).eq('id', id).select('id');
    expect(updated.error).toBeNull();
    expect(updated.data).toHaveLength(1);
    const changed = Object.values(target.change)[0];
    expect(await markerCount(table, changed)).toBeGreaterThanOrEqual(1);

    const upserted = await admin.from(table).upsert({ ...target.newRow(), id });
    expect(upserted.error).toBeNull();

    const deleted = await admin.from(table).delete().eq('id', id).select('id');
    expect(deleted.error).toBeNull();
    expect(deleted.data).toHaveLength(1);
    expect(await ownerRow(attackers.db, table, id)).toBeNull();
  });
});

describe('the view counter', () => {
  it.each(['anon', 'pending', 'admin'] as const)('%s cannot set a publication’s views directly', async (actor) => {
    const before = await ownerRow(attackers.db, 'publications', seed.publications.mostRead);
    const result = await clientOf(actor).from('publications').update({ views: 999_999 }).eq('id', seed.publications.mostRead);
    expectRefused(result, permissionDenied(actor));
    expect((await ownerRow(attackers.db, 'publications', seed.publications.mostRead))?.views).toBe(before?.views);
  });
});

describe('media_kit_requests', () => {
  let requestId = '';

  beforeAll(async () => {
    const { rows } = await attackers.db.query<{ id: string }>(
      `insert into public.media_kit_requests (name, company, email, phone, interest)
       values ('Anunciante', 'Loja', 'anunciante@loja.example', '19 99999-0000', 'outros') returning id`,
    );
    requestId = rows[0]?.id ?? '';
  });

  it('anon cannot read media-kit requests', async () => {
    expectRefused(await attackers.anon.from('media_kit_requests').select('id,email'), permissionDenied('anon'));
  });

  it('pending cannot read media-kit requests', async () => {
    const { data, error } = await attackers.pending.from('media_kit_requests').select('id,email');
    expect(error).toBeNull();
    expect(data).toEqual([]);
    expect(await ownerCount(attackers.db, 'select count(*) from public.media_kit_requests')).toBeGreaterThan(0);
  });

  it('admin can read media-kit requests', async () => {
    const { data, error } = await attackers.admin.from('media_kit_requests').select('id').eq('id', requestId);
    expect(error).toBeNull();
    expect(data).toEqual([{ id: requestId }]);
  });

  it.each(attackersOnly)('%s cannot change the e-mail of a media-kit request', async (actor) => {
    const before = await ownerRow(attackers.db, 'media_kit_requests', requestId);
    const result = await clientOf(actor).from('media_kit_requests').update({ email: 'ladrao@evil.example' }).eq('id', requestId);
    expectRefused(result, permissionDenied(actor));
    expect(await ownerRow(attackers.db, 'media_kit_requests', requestId)).toEqual(before);
  });

  it('anon cannot mark a media-kit request handled', async () => {
    const result = await attackers.anon.from('media_kit_requests').update({ handled_at: new Date().toISOString() }).eq('id', requestId);
    expectRefused(result, permissionDenied('anon'));
    expect((await ownerRow(attackers.db, 'media_kit_requests', requestId))?.handled_at).toBeNull();
  });

  it('pending cannot mark a media-kit request handled', async () => {
    const result = await attackers.pending
      .from('media_kit_requests')
      .update({ handled_at: new Date().toISOString() })
      .eq('id', requestId)
      .select('id');
    expectNoRowMatched(result);
    expect((await ownerRow(attackers.db, 'media_kit_requests', requestId))?.handled_at).toBeNull();
  });

  it.each(attackersOnly)('%s cannot upsert over a media-kit request', async (actor) => {
    const before = await ownerRow(attackers.db, 'media_kit_requests', requestId);
    const result = await clientOf(actor).from('media_kit_requests').upsert({
      id: requestId,
      name: 'Sobrescrito',
      company: 'X',
      email: 'x@evil.example',
      phone: '1',
      interest: 'outros',
    });
    expectRefused(result, permissionDenied(actor));
    expect(await ownerRow(attackers.db, 'media_kit_requests', requestId)).toEqual(before);
  });

  it('anon cannot send a media-kit request already marked handled', async () => {
    const email = `marcado-${stamp()}@loja.example`;
    const result = await attackers.anon.from('media_kit_requests').insert({
      name: 'Leitor',
      company: 'Loja',
      email,
      phone: '19 9999-0000',
      interest: 'outros',
      handled_at: new Date().toISOString(),
    });
    expectRefused(result, permissionDenied('anon'));
    expect(await ownerCount(attackers.db, 'select count(*) from public.media_kit_requests where email = $1', [email])).toBe(0);
  });

  it('anon can send a media-kit request', async () => {
    const email = `leitor-${stamp()}@loja.example`;
    const result = await attackers.anon
      .from('media_kit_requests')
      .insert({ name: 'Leitor', company: 'Loja', email, phone: '19 9999-0000', interest: 'banner-principal' });
    expect(result.error).toBeNull();
    expect(result.status).toBe(201);
    expect(await ownerCount(attackers.db, 'select count(*) from public.media_kit_requests where email = $1', [email])).toBe(1);
  });

  it('anon cannot delete a media-kit request', async () => {
    const result = await attackers.anon.from('media_kit_requests').delete().eq('id', requestId);
    expectRefused(result, permissionDenied('anon'));
    expect(await ownerRow(attackers.db, 'media_kit_requests', requestId)).not.toBeNull();
  });

  it('pending cannot delete a media-kit request', async () => {
    const result = await attackers.pending.from('media_kit_requests').delete().eq('id', requestId).select('id');
    expectNoRowMatched(result);
    expect(await ownerRow(attackers.db, 'media_kit_requests', requestId)).not.toBeNull();
  });

  it('admin can mark a media-kit request handled and delete it', async () => {
    const { rows } = await attackers.db.query<{ id: string }>(
      `insert into public.media_kit_requests (name, company, email, phone, interest)
       values ('Outro', 'Loja', 'outro@loja.example', '19 99999-0000', 'outros') returning id`,
    );
    const id = rows[0]?.id ?? '';
    const marked = await attackers.admin.from('media_kit_requests').update({ handled_at: new Date().toISOString() }).eq('id', id).select('id');
    expect(marked.error).toBeNull();
    expect(marked.data).toEqual([{ id }]);
    expect((await ownerRow(attackers.db, 'media_kit_requests', id))?.handled_at).not.toBeNull();
    const deleted = await attackers.admin.from('media_kit_requests').delete().eq('id', id).select('id');
    expect(deleted.data).toEqual([{ id }]);
    expect(await ownerRow(attackers.db, 'media_kit_requests', id)).toBeNull();
  });
});

describe('profiles', () => {
  it('anon cannot read profiles', async () => {
    const result = await attackers.anon.from('profiles').select('id,email,role');
    expectRefused(result, permissionDenied('anon'));
  });

  it('pending reads only its own profile, never another user’s', async () => {
    const { data, error } = await attackers.pending.from('profiles').select('id,email,role');
    expect(error).toBeNull();
    expect(data?.map((row) => row.id)).toEqual([attackers.pendingId]);
    const other = await attackers.pending.from('profiles').select('id').eq('id', attackers.adminId);
    expect(other.data).toEqual([]);
  });

  it('admin reads every profile', async () => {
    const { data } = await attackers.admin.from('profiles').select('id');
    expect(data?.map((row) => row.id)).toEqual(expect.arrayContaining([attackers.adminId, attackers.pendingId]));
  });

  it.each(attackersOnly)('%s cannot insert a profile', async (actor) => {
    const id = crypto.randomUUID();
    const result = await clientOf(actor).from('profiles').insert({ id, name: 'Fantasma', email: 'f@evil.example', role: 'admin' });
    expectRefused(result, permissionDenied(actor));
    expect(await ownerRow(attackers.db, 'profiles', id)).toBeNull();
  });

  it.each(attackersOnly)('%s cannot rename another user’s profile', async (actor) => {
    const before = await ownerRow(attackers.db, 'profiles', attackers.adminId);
    const result = await clientOf(actor).from('profiles').update({ name: 'Pichado' }).eq('id', attackers.adminId);
    expectRefused(result, permissionDenied(actor));
    expect(await ownerRow(attackers.db, 'profiles', attackers.adminId)).toEqual(before);
  });

  it.each(attackersOnly)('%s cannot delete a profile', async (actor) => {
    for (const id of [attackers.adminId, attackers.pendingId]) {
      const result = await clientOf(actor).from('profiles').delete().eq('id', id).select();
      // Signed-in accounts have DELETE for the administrators' rejection of pending accounts; the policy leaves a
      // pending account nothing to delete (docs/decisions/0020).
      if (actor === 'anon') expectRefused(result, permissionDenied(actor));
      else expectNoRowMatched(result);
      expect(await ownerRow(attackers.db, 'profiles', id)).not.toBeNull();
    }
  });
});

describe('topic_slug_redirects (written only by the database’s own trigger)', () => {
  const oldSlug = `antigo-${stamp()}`;

  // A redirect to attack: renaming a topic's slug as admin records one.
  beforeAll(async () => {
    const { data } = await attackers.admin.from('topics').insert({ name: `Antigo ${stamp()}`, slug: oldSlug }).select('id').single();
    const { error } = await attackers.admin.from('topics').update({ slug: `${oldSlug}-novo` }).eq('id', idOf(data));
    if (error) throw new Error(`fixture rename: ${error.message}`);
  });

  it.each(['anon', 'pending', 'admin'] as const)('%s cannot insert a slug redirect', async (actor) => {
    const slug = `desvio-${stamp()}`;
    const result = await clientOf(actor).from('topic_slug_redirects').insert({ old_slug: slug, topic_id: seed.topics.local });
    expectRefused(result, permissionDenied(actor));
    expect(await ownerCount(attackers.db, 'select count(*) from public.topic_slug_redirects where old_slug = $1', [slug])).toBe(0);
  });

  const redirectsPointingAt = (topicId: string) =>
    ownerCount(attackers.db, 'select count(*) from public.topic_slug_redirects where topic_id = $1', [topicId]);

  it.each(['anon', 'pending', 'admin'] as const)('%s cannot update slug redirects', async (actor) => {
    const before = await redirectsPointingAt(seed.topics.politica);
    const result = await clientOf(actor).from('topic_slug_redirects').update({ topic_id: seed.topics.politica }).neq('old_slug', '');
    expectRefused(result, permissionDenied(actor));
    expect(await redirectsPointingAt(seed.topics.politica)).toBe(before);
  });

  it.each(['anon', 'pending', 'admin'] as const)('%s cannot delete slug redirects', async (actor) => {
    const before = await ownerCount(attackers.db, 'select count(*) from public.topic_slug_redirects');
    expect(before).toBeGreaterThan(0);
    expectRefused(await clientOf(actor).from('topic_slug_redirects').delete().neq('old_slug', ''), permissionDenied(actor));
    expect(await ownerCount(attackers.db, 'select count(*) from public.topic_slug_redirects')).toBe(before);
  });

  it('renaming a topic’s slug as admin records the redirect, and anon reads it', async () => {
    expect(await ownerCount(attackers.db, 'select count(*) from public.topic_slug_redirects where old_slug = $1', [oldSlug])).toBe(1);
    const { data } = await attackers.anon.from('topic_slug_redirects').select('old_slug').eq('old_slug', oldSlug);
    expect(data).toEqual([{ old_slug: oldSlug }]);
  });
});

describe('what readers must not see', () => {
  let scheduledId = '';
  let expiredJobId = '';
  let draftJobId = '';

  beforeAll(async () => {
    const inTwoDays = new Date(Date.now() + 2 * 24 * 3600 * 1000).toISOString();
    const scheduled = await attackers.admin
      .from('publications')
      .insert({ title: `Agendada ${stamp()}`, topic_id: seed.topics.local, published: true, published_at: inTwoDays })
      .select('id')
      .single();
    scheduledId = idOf(scheduled.data);
    const expired = await attackers.admin
      .from('jobs')
      .insert({ title: `Vencida ${stamp()}`, company: 'Empresa', contract_type: 'CLT', location: 'Centro', published: true, expires_at: '2020-01-31' })
      .select('id')
      .single();
    expiredJobId = idOf(expired.data);
    const draft = await attackers.admin
      .from('jobs')
      .insert({ title: `Rascunho ${stamp()}`, company: 'Empresa', contract_type: 'CLT', location: 'Centro', published: false })
      .select('id')
      .single();
    draftJobId = idOf(draft.data);
    if (!scheduledId || !expiredJobId || !draftJobId) throw new Error('fixtures for hidden rows failed');
  });

  const hidden: [string, 'publications' | 'obituaries' | 'jobs', () => string][] = [
    ['a draft publication', 'publications', () => seed.publications.draft],
    ['a scheduled publication (published_at in the future)', 'publications', () => scheduledId],
    ['a draft obituary', 'obituaries', () => seed.obituaries.draft],
    ['an expired job', 'jobs', () => expiredJobId],
    ['a draft job', 'jobs', () => draftJobId],
  ];

  describe.each(attackersOnly)('as %s', (actor) => {
    it.each(hidden)(`${actor} cannot read %s`, async (_label, table, id) => {
      const { data, error } = await clientOf(actor).from(table).select('id').eq('id', id());
      expect(error).toBeNull();
      expect(data).toEqual([]);
      expect(await ownerRow(attackers.db, table, id())).not.toBeNull();
    });

    it(`${actor} cannot find a draft through search_publications`, async () => {
      const { data, error } = await clientOf(actor).rpc('search_publications', { q: 'ciclovia distrito industrial' });
      expect(error).toBeNull();
      const found = (data ?? []) as { id: string }[];
      expect(found.map((row) => row.id)).not.toContain(seed.publications.draft);
    });
  });

  it.each(hidden)('admin can read %s', async (_label, table, id) => {
    const { data } = await attackers.admin.from(table).select('id').eq('id', id());
    expect(data).toEqual([{ id: id() }]);
  });
});

describe('coverage', () => {
  it('every table the API exposes in public is attacked, here, in attack-ads.test.ts, attack-newsletter.test.ts, attack-news-tips.test.ts, attack-roles.test.ts, attack-privacy.test.ts, attack-corrections.test.ts, attack-scheduled-jobs.test.ts, attack-audience.test.ts, attack-audience-reading.test.ts or attack-support.test.ts', async () => {
    const { rows } = await attackers.db.query<{ table_name: string }>(
      `select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    // The advertising tables are attacked in attack-ads.test.ts, the digest's in attack-newsletter.test.ts, the tip
    // line's in attack-news-tips.test.ts, the audit log in attack-roles.test.ts, the corrections in
    // attack-corrections.test.ts, the audience's in attack-audience.test.ts, what the audience's reading adds (the
    // summary's opt-in, the digest's unsubscribes by day) in attack-audience-reading.test.ts.
    const advertising = ['ad_campaign_days', 'ad_campaigns', 'ad_report_links', 'advertisers'];
    const newsletter = ['newsletter_sends', 'newsletter_settings', 'newsletter_subscribers'];
    const tipLine = ['news_tips'];
    const roles = ['audit_log'];
    const privacy = ['site_settings'];
    const corrections = ['publication_corrections', 'publication_minor_edits'];
    const scheduledJobs = ['job_runs'];
    const audience = ['audience_days', 'audience_page_readers', 'audience_vitals_days', 'audience_summary_subscriptions', 'newsletter_unsubscribe_days'];
    // Reader support's, in attack-support.test.ts.
    const support = ['support_intents', 'support_reminders', 'support_settings'];
    const attacked = [...adminTableNames, ...advertising, ...newsletter, ...tipLine, ...roles, ...privacy, ...corrections, ...scheduledJobs, ...audience, ...support, 'media_kit_requests', 'profiles', 'topic_slug_redirects'].sort();
    expect(rows.map((row) => row.table_name)).toEqual(attacked);
  });
});
