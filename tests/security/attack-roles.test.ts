// Attacks on the newsroom's roles (supabase/migrations/20261129100000_newsroom_roles.sql, docs/decisions/0037): a
// Repórter and an Editor, approved by the administrator, each through real supabase-js over HTTP, try what their
// role may not do, and every refusal is checked against what the database holds; next to them what the role may do
// works, and the audit log (readable by administrators only) records who did it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tinyPng } from '../support/seed.ts';
import {
  ATTACK_PASSWORD,
  expectNoRowMatched,
  expectRefused,
  idOf,
  ownerCount,
  ownerRow,
  permissionDenied,
  stamp,
  startAttackers,
  type Attackers,
  type Client,
} from './support/attackers.ts';

let attackers: Attackers;
interface Member {
  client: Client;
  id: string;
  email: string;
}
let editor: Member;
let reporter: Member;
let otherReporter: Member;
/** A story readers see (published by the editor in beforeAll). */
let liveStoryId: string;
/** The other reporter's draft. */
let othersDraftId: string;

const refusedAsSignedIn = permissionDenied('admin');
const png = () => new Blob([tinyPng.slice()], { type: 'image/png' });

/** A fresh account the administrator approves with `role`, signed in again by password (a sign-in the log records). */
async function approved(address: string, role: 'editor' | 'reporter'): Promise<Member> {
  const account = await attackers.signUpAt(address, { name: `Conta ${role} ${stamp()}`, role: 'admin' });
  const { error } = await attackers.admin.rpc('set_profile_role', { target_id: account.id, new_role: role });
  if (error) throw new Error(`approval failed: ${error.message}`);
  const signIn = await account.client.auth.signInWithPassword({ email: account.email, password: ATTACK_PASSWORD });
  if (signIn.error) throw new Error(`sign-in failed: ${signIn.error.message}`);
  return account;
}

async function draftOf(member: Member, extra: Record<string, unknown> = {}): Promise<string> {
  const { data, error } = await member.client
    .from('publications')
    .insert({ title: `Rascunho ${stamp()}`, content: '<p>Texto</p>', author_id: member.id, ...extra })
    .select('id')
    .single();
  if (error) throw new Error(`draft failed: ${error.message}`);
  return idOf(data);
}

const auditCount = (action: string, subjectId: string) =>
  ownerCount(attackers.db, 'select count(*) from public.audit_log where action = $1 and subject_id = $2', [action, subjectId]);

beforeAll(async () => {
  attackers = await startAttackers();
  editor = await approved('127.0.42.1', 'editor');
  reporter = await approved('127.0.42.2', 'reporter');
  otherReporter = await approved('127.0.42.3', 'reporter');
  liveStoryId = await draftOf(editor, { published: true });
  othersDraftId = await draftOf(otherReporter);
});
afterAll(() => attackers?.stop());

describe('Repórter: stories', () => {
  it('writes its own draft and reads it, but not another reporter’s draft', async () => {
    const id = await draftOf(reporter);
    const { data } = await reporter.client.from('publications').select('id').in('id', [id, othersDraftId, liveStoryId]);
    expect((data ?? []).map(idOf).sort()).toEqual([id, liveStoryId].sort());
  });

  it.each([
    ['published', { published: true }],
    ['scheduled', { published: true, published_at: '2099-01-01T12:00:00Z' }],
    ['as the lead story', { is_lead: true }],
    ['sponsored', { sponsor_name: 'Loja' }],
  ])('cannot insert a story %s', async (_label, extra) => {
    const title = `Proibida ${stamp()}`;
    // Refused by its policy (42501), or earlier by the lead story's own rule (only a live story leads: 23514).
    const { error } = await reporter.client.from('publications').insert({ title, content: '<p>x</p>', author_id: reporter.id, ...extra });
    expect(['42501', '23514']).toContain(error?.code);
    expect(await ownerCount(attackers.db, 'select count(*) from public.publications where title = $1', [title])).toBe(0);
  });

  it('cannot insert a draft in another account’s name', async () => {
    const title = `Alheia ${stamp()}`;
    expectRefused(
      await reporter.client.from('publications').insert({ title, content: '<p>x</p>', author_id: editor.id }),
      refusedAsSignedIn,
    );
    expect(await ownerCount(attackers.db, 'select count(*) from public.publications where title = $1', [title])).toBe(0);
  });

  it('cannot publish its own draft, schedule it or mark it urgent, lead or sponsored', async () => {
    const id = await draftOf(reporter);
    const before = await ownerRow(attackers.db, 'publications', id);
    for (const change of [
      { published: true },
      { published: true, published_at: '2099-01-01T12:00:00Z' },
      { is_lead: true },
      { sponsor_name: 'Loja' },
      { urgent_until: new Date(Date.now() + 3_600_000).toISOString() },
    ]) {
      const { error } = await reporter.client.from('publications').update(change).eq('id', id);
      expect(error, JSON.stringify(change)).not.toBeNull();
    }
    // A publication time on a draft is dropped by the database: a draft has none.
    await reporter.client.from('publications').update({ published_at: '2099-01-01T12:00:00Z' }).eq('id', id);
    const after = await ownerRow(attackers.db, 'publications', id);
    expect({ ...after, updated_at: null }).toEqual({ ...before, updated_at: null });
    expect(after?.published_at).toBeNull();
  });

  it('cannot change or delete another reporter’s draft, nor a published story', async () => {
    for (const id of [othersDraftId, liveStoryId]) {
      const before = await ownerRow(attackers.db, 'publications', id);
      expectNoRowMatched(await reporter.client.from('publications').update({ title: 'Trocado' }).eq('id', id).select('id'));
      expectNoRowMatched(await reporter.client.from('publications').delete().eq('id', id).select('id'));
      expect(await ownerRow(attackers.db, 'publications', id)).toEqual(before);
    }
  });

  it('cannot unpublish or delete its own story once an editor published it', async () => {
    const id = await draftOf(reporter);
    expect((await editor.client.from('publications').update({ published: true }).eq('id', id)).error).toBeNull();
    expectNoRowMatched(await reporter.client.from('publications').update({ published: false }).eq('id', id).select('id'));
    expectNoRowMatched(await reporter.client.from('publications').delete().eq('id', id).select('id'));
    expect((await ownerRow(attackers.db, 'publications', id))?.published).toBe(true);
  });

  it('deletes its own draft', async () => {
    const id = await draftOf(reporter);
    const { data, error } = await reporter.client.from('publications').delete().eq('id', id).select('id');
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
    expect(await auditCount('delete', id)).toBe(1);
  });

  it('sends its draft for review (stamped by the database) but cannot write an editor’s note', async () => {
    const id = await draftOf(reporter);
    const sent = await reporter.client
      .from('publications')
      .update({ review_requested_at: '2000-01-01T00:00:00Z' })
      .eq('id', id)
      .select('review_requested_at')
      .single();
    expect(sent.error).toBeNull();
    expect(new Date(String(sent.data?.review_requested_at)).getFullYear()).toBeGreaterThan(2000);
    expect(await auditCount('review_request', id)).toBe(1);
    expectRefused(await reporter.client.from('publications').update({ review_note: 'Aprovado por mim' }).eq('id', id), refusedAsSignedIn);
    // Who sent it is the database's to write.
    expectRefused(await reporter.client.from('publications').update({ review_requested_by: 'O editor-chefe' }).eq('id', id), refusedAsSignedIn);
    const stored = await ownerRow(attackers.db, 'publications', id);
    expect(stored?.review_note).toBeNull();
    expect(stored?.review_requested_by).toMatch(/^Conta reporter /);
  });
});

describe('Repórter: everything else', () => {
  it('cannot change roles, by the function or by writing profiles', async () => {
    expectRefused(await reporter.client.rpc('set_profile_role', { target_id: reporter.id, new_role: 'admin' }), refusedAsSignedIn);
    expectRefused(await reporter.client.from('profiles').update({ role: 'admin' }).eq('id', reporter.id), refusedAsSignedIn);
    expect((await ownerRow(attackers.db, 'profiles', reporter.id))?.role).toBe('reporter');
  });

  it('reads nothing of the audit log and cannot write it', async () => {
    const { data, error } = await reporter.client.from('audit_log').select('id');
    expect(error).toBeNull();
    expect(data).toEqual([]);
    expectRefused(await reporter.client.from('audit_log').insert({ action: 'publish', summary: 'falso' }), refusedAsSignedIn);
    expect(await ownerCount(attackers.db, "select count(*) from public.audit_log where summary = 'falso'")).toBe(0);
  });

  it.each<[string, Record<string, unknown>]>([
    ['topics', { name: `Tópico ${stamp()}`, slug: `topico-${stamp()}` }],
    ['obituaries', { name: 'Fulano', age: 80, death_date: '2026-11-01', funeral_location: 'Cemitério', funeral_time: '10h' }],
    ['jobs', { title: 'Vaga', company: 'Empresa', location: 'Centro' }],
    ['advertisers', { name: 'Anunciante', contact: 'contato@example.com' }],
  ])('cannot create %s', async (table, row) => {
    const before = await ownerCount(attackers.db, `select count(*) from public.${table}`);
    expectRefused(await reporter.client.from(table).insert(row), refusedAsSignedIn);
    expect(await ownerCount(attackers.db, `select count(*) from public.${table}`)).toBe(before);
  });

  it.each(['news_tips', 'media_kit_requests', 'ad_campaigns', 'newsletter_subscribers', 'advertisers'])(
    'reads no %s beyond what readers see',
    async (table) => {
      const { data, error } = await reporter.client.from(table).select('id').eq('state', 'pausada').limit(5);
      // ad_campaigns has a state; the others answer the unknown column: either way, nothing of the table.
      if (error) expect(error.code).toBe('42703');
      else expect(data).toEqual([]);
      // Not even a serving campaign: banners are read with the anonymous key (20261130090000_campaigns_for_staff.sql).
      const all = await reporter.client.from(table).select('id').limit(5);
      expect(all.data).toEqual([]);
    },
  );

  it('uploads a story image, but not an obituary photo; cannot delete an editor’s image', async () => {
    const own = `rep-${stamp()}.png`;
    expect((await reporter.client.storage.from('publications').upload(own, png())).error).toBeNull();
    expect((await reporter.client.storage.from('obituaries').upload(`rep-${stamp()}.png`, png())).error).not.toBeNull();
    const editors = `ed-${stamp()}.png`;
    expect((await editor.client.storage.from('publications').upload(editors, png())).error).toBeNull();
    await reporter.client.storage.from('publications').remove([editors]);
    const objects = (name: string) =>
      ownerCount(attackers.db, "select count(*) from storage.objects where bucket_id = 'publications' and name = $1", [name]);
    expect(await objects(editors)).toBe(1);
    expect((await reporter.client.storage.from('publications').remove([own])).error).toBeNull();
    expect(await objects(own)).toBe(0);
  });
});

describe('Editor', () => {
  it('publishes, unpublishes, returns and deletes any story, and the log says who', async () => {
    const id = await draftOf(reporter, { review_requested_at: new Date().toISOString() });
    const queue = await editor.client.from('publications').select('id').not('review_requested_at', 'is', null);
    expect((queue.data ?? []).map(idOf)).toContain(id);

    const returned = await editor.client
      .from('publications')
      .update({ review_requested_at: null, review_note: 'Falta ouvir a prefeitura.' })
      .eq('id', id)
      .select('review_note')
      .single();
    expect(returned.data?.review_note).toBe('Falta ouvir a prefeitura.');
    expect(await auditCount('review_return', id)).toBe(1);

    expect((await editor.client.from('publications').update({ published: true }).eq('id', id)).error).toBeNull();
    const published = await ownerRow(attackers.db, 'publications', id);
    expect(published).toMatchObject({ published: true, review_requested_at: null, review_note: null });
    expect((await editor.client.from('publications').update({ published: false }).eq('id', id)).error).toBeNull();
    expect((await editor.client.from('publications').delete().eq('id', id)).error).toBeNull();
    expect(await ownerRow(attackers.db, 'publications', id)).toBeNull();

    const { rows } = await attackers.db.query<{ action: string; actor_id: string }>(
      'select action, actor_id from public.audit_log where subject_id = $1 order by id',
      [id],
    );
    expect(rows).toEqual([
      { action: 'review_request', actor_id: reporter.id },
      { action: 'review_return', actor_id: editor.id },
      { action: 'publish', actor_id: editor.id },
      { action: 'unpublish', actor_id: editor.id },
      { action: 'delete', actor_id: editor.id },
    ]);
  });

  it('schedules a story (logged as schedule)', async () => {
    const id = await draftOf(editor, { published: true, published_at: '2099-01-01T12:00:00Z' });
    expect(await auditCount('schedule', id)).toBe(1);
    expect(await auditCount('publish', id)).toBe(0);
  });

  it.each<[string, Record<string, unknown>]>([
    ['topics', { name: `Tópico ${stamp()}`, slug: `topico-ed-${stamp()}` }],
    ['obituaries', { name: 'Fulano', age: 80, death_date: '2026-11-01', funeral_location: 'Cemitério', funeral_time: '10h', published: true }],
    ['jobs', { title: 'Vaga', company: 'Empresa', location: 'Centro', published: true }],
    ['advertisers', { name: 'Anunciante', contact: 'contato@example.com' }],
  ])('manages %s', async (table, row) => {
    const created = await editor.client.from(table).insert(row).select('id').single();
    expect(created.error).toBeNull();
    const id = idOf(created.data);
    const removed = await editor.client.from(table).delete().eq('id', id).select('id');
    expect(removed.data).toHaveLength(1);
    if (table === 'obituaries' || table === 'jobs') {
      expect(await auditCount('publish', id)).toBe(1);
      expect(await auditCount('delete', id)).toBe(1);
    }
  });

  it('reads readers’ tips and media-kit requests', async () => {
    expect((await editor.client.from('news_tips').select('id').limit(1)).error).toBeNull();
    expect((await editor.client.from('media_kit_requests').select('id').limit(1)).error).toBeNull();
  });

  it('cannot change roles, read the audit log, or read the newsletter’s subscribers and settings', async () => {
    expectRefused(await editor.client.rpc('set_profile_role', { target_id: reporter.id, new_role: 'editor' }), refusedAsSignedIn);
    expect((await ownerRow(attackers.db, 'profiles', reporter.id))?.role).toBe('reporter');
    await attackers.db.query(
      "insert into public.newsletter_subscribers (email, consent_text, consent_page, consented_at) values ($1, 'Quero receber', '/', now())",
      [`leitor-${stamp()}@example.com`],
    );
    for (const [table, column] of [['audit_log', 'id'], ['newsletter_subscribers', 'email'], ['newsletter_settings', 'send_time'], ['newsletter_sends', 'id']]) {
      const { data, error } = await editor.client.from(table!).select(column).limit(5);
      expect(error, table).toBeNull();
      expect(data, table).toEqual([]);
    }
    expectNoRowMatched(await editor.client.from('newsletter_settings').update({ send_time: '09:00' }).eq('only_row', true).select('only_row'));
  });
});

// The home page's sections and a story's page in one call each are the server's anonymous render's (decision 0051):
// a member of the newsroom, signed in, reads each part through its own request, as any account does.
describe('Repórter and Editor: the home page’s and a story page’s one calls', () => {
  it.each(['reporter', 'editor'] as const)('%s: refused (42501)', async (role) => {
    const member = role === 'reporter' ? reporter : editor;
    const result = await member.client.rpc('home_page_sections', { section_limit: 6, most_read_limit: 5, jobs_limit: 3, obituaries_limit: 2 });
    expectRefused(result, refusedAsSignedIn);
  });

  it.each(['reporter', 'editor'] as const)('%s: refused the story page’s one call too (42501)', async (role) => {
    const member = role === 'reporter' ? reporter : editor;
    const { rows } = await attackers.db.query<{ id: string }>(`select id from public.publications where published limit 1`);
    const result = await member.client.rpc('story_page', { story_id: rows[0]!.id, related_limit: 3 });
    expectRefused(result, refusedAsSignedIn);
  });
});

describe('the audit log', () => {
  it('records sign-ins and role changes, which the administrator reads', async () => {
    expect(await auditCount('sign_in', reporter.id)).toBeGreaterThanOrEqual(1);
    expect(await auditCount('role_change', reporter.id)).toBe(1);
    const { data, error } = await attackers.admin
      .from('audit_log')
      .select('action,actor_id,subject_id,detail')
      .eq('subject_id', reporter.id)
      .eq('action', 'role_change');
    expect(error).toBeNull();
    expect(data).toEqual([{ action: 'role_change', actor_id: attackers.adminId, subject_id: reporter.id, detail: { from: 'pending', to: 'reporter' } }]);
  });

  it('records a refused sign-up', async () => {
    const account = await attackers.signUpAt('127.0.42.9');
    expect((await attackers.admin.rpc('reject_pending_account', { target_id: account.id })).error).toBeNull();
    expect(await auditCount('account_rejected', account.id)).toBe(1);
  });

  it('records an erasure of a pending account once, as the erasure, not as a refused sign-up', async () => {
    const account = await attackers.signUpAt('127.0.42.10');
    expect((await attackers.admin.rpc('data_subject_erase', { email: account.email })).error).toBeNull();
    expect(await ownerRow(attackers.db, 'profiles', account.id)).toBeNull();
    expect(await auditCount('account_rejected', account.id)).toBe(0);
  });

  it('records a story published by the administrator', async () => {
    const { data } = await attackers.admin
      .from('publications')
      .insert({ title: `Do administrador ${stamp()}`, content: '<p>x</p>', author_id: attackers.adminId, published: true })
      .select('id')
      .single();
    const id = idOf(data);
    const { rows } = await attackers.db.query<{ actor_id: string; summary: string }>(
      "select actor_id, summary from public.audit_log where action = 'publish' and subject_id = $1",
      [id],
    );
    expect(rows).toEqual([{ actor_id: attackers.adminId, summary: expect.stringMatching(/^Do administrador/) as unknown }]);
  });

  it('is written by nobody through the API, administrators included', async () => {
    expectRefused(await attackers.admin.from('audit_log').insert({ action: 'publish' }), refusedAsSignedIn);
    expectRefused(await attackers.admin.from('audit_log').delete().gt('id', 0), refusedAsSignedIn);
    expectRefused(await attackers.admin.rpc('record_audit', { action: 'publish' }), { status: 404, code: 'PGRST202' });
  });

  it('anon and pending read nothing of it', async () => {
    expectRefused(await attackers.anon.from('audit_log').select('id'), permissionDenied('anon'));
    const { data } = await attackers.pending.from('audit_log').select('id');
    expect(data).toEqual([]);
  });
});
