// Attacks through /rest/v1/rpc (docs/decisions/0020-definer-functions-on-the-api.md): the searches and
// reject_pending_account run as their caller, so an anonymous reader and a pending account get from them exactly
// what their policies let them read; set_profile_role and increment_views (run as their caller since decision 0045,
// their owner-run bodies in `private`) refuse every caller they must.
// Real supabase-js against the local backend; every refusal is also checked as the database owner re-reads it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../support/seed.ts';
import { ownerCount, ownerRow, permissionDenied, startAttackers, stamp, type Actor, type Attackers, type Client } from './support/attackers.ts';

let attackers: Attackers;
/** A word found only in the rows below, so each search sees just them. */
const word = `zarabatana${stamp()}`;
const ids = { live: '', draft: '', scheduled: '', obituaryDraft: '', obituaryLive: '' };

beforeAll(async () => {
  attackers = await startAttackers();
  const story = async (title: string, published: boolean, publishedAt: string | null) => {
    const { rows } = await attackers.db.query<{ id: string }>(
      `insert into public.publications (title, description, content, published, published_at, topic_id)
       values ($1, 'Resumo.', '<p>Texto.</p>', $2, $3, $4) returning id`,
      [title, published, publishedAt, seed.topics.local],
    );
    return rows[0]!.id;
  };
  ids.live = await story(`Publicada ${word}`, true, '2026-11-01 10:00:00-03');
  ids.draft = await story(`Rascunho ${word}`, false, null);
  ids.scheduled = await story(`Agendada ${word}`, true, '2099-01-01 10:00:00-03');
  const obituary = async (name: string, published: boolean) => {
    const { rows } = await attackers.db.query<{ id: string }>(
      `insert into public.obituaries (name, age, death_date, funeral_location, funeral_time, published)
       values ($1, 80, '2026-11-20', 'Velório Municipal', '10h', $2) returning id`,
      [name, published],
    );
    return rows[0]!.id;
  };
  ids.obituaryLive = await obituary(`Maria ${word}`, true);
  ids.obituaryDraft = await obituary(`José ${word}`, false);
  // Rows of other tables carrying the word: no search may return them.
  await attackers.db.query(
    `insert into public.jobs (title, company, location, published, expires_at) values ($1, 'Empresa', 'Centro', true, '2020-01-01')`,
    [`Vaga vencida ${word}`],
  );
  await attackers.db.query(
    `insert into public.media_kit_requests (name, company, email, phone, message)
     values ($1, 'Empresa', 'contato@example.com', '19 99999-0000', $1)`,
    [`Pedido ${word}`],
  );
}, 120_000);
afterAll(() => attackers?.stop());

const readers: Exclude<Actor, 'admin'>[] = ['anon', 'pending'];
const clientOf = (actor: Actor): Client => attackers[actor];
const idsOf = (rows: unknown): string[] => ((rows ?? []) as { id: string }[]).map((row) => row.id).sort();

describe.each(readers)('the searches, called by %s', (actor) => {
  it('search_publications finds the live story only: no draft, no scheduled story', async () => {
    const result = await clientOf(actor).rpc('search_publications', { q: word });
    expect(result.error).toBeNull();
    expect(idsOf(result.data)).toEqual([ids.live]);
    // Without a query too (the archive): neither shows up on any page of it.
    const archive = await clientOf(actor).rpc('search_publications', { page_size: 50 });
    expect(idsOf(archive.data)).not.toContain(ids.draft);
    expect(idsOf(archive.data)).not.toContain(ids.scheduled);
  });

  it('search_publications_count counts the live story only', async () => {
    const result = await clientOf(actor).rpc('search_publications_count', { q: word });
    expect(result.error).toBeNull();
    expect(result.data).toEqual({ total: 1, exact: true });
  });

  it('search_obituaries gives no draft, even asked for drafts', async () => {
    for (const args of [{ q: word }, { q: word, include_drafts: true }, { q: word, include_drafts: true, published: false }]) {
      const result = await clientOf(actor).rpc('search_obituaries', args);
      expect(result.error, JSON.stringify(args)).toBeNull();
      expect(idsOf(result.data), JSON.stringify(args)).toEqual(args.published === false ? [] : [ids.obituaryLive]);
    }
  });

  it('no search returns an expired job or a media-kit request carrying the word', async () => {
    const titles = await clientOf(actor).rpc('search_publication_titles', { q: word, page_size: 50 });
    const found = [
      ...idsOf((await clientOf(actor).rpc('search_publications', { q: `Vaga vencida ${word}` })).data),
      ...idsOf((await clientOf(actor).rpc('search_publications', { q: `Pedido ${word}` })).data),
      ...idsOf(titles.data),
    ];
    const { rows } = await attackers.db.query<{ id: string }>(
      `select id from public.jobs where title like '%' || $1 union all select id from public.media_kit_requests where name like '%' || $1`,
      [word],
    );
    expect(rows).toHaveLength(2);
    for (const { id } of rows) expect(found).not.toContain(id);
  });
});

describe('the admin title search', () => {
  it('is not for anonymous readers', async () => {
    const result = await attackers.anon.rpc('search_publication_titles', { q: word });
    expect({ status: result.status, code: result.error?.code }).toEqual(permissionDenied('anon'));
  });

  it('gives a pending account the live story only, whatever state it asks for', async () => {
    for (const state of [null, 'draft', 'scheduled', 'published']) {
      const result = await attackers.pending.rpc('search_publication_titles', { q: word, state });
      expect(result.error, String(state)).toBeNull();
      expect(idsOf(result.data), String(state)).toEqual(state === null || state === 'published' ? [ids.live] : []);
    }
  });

  it('gives an administrator every state', async () => {
    const result = await attackers.admin.rpc('search_publication_titles', { q: word });
    expect(idsOf(result.data)).toEqual([ids.live, ids.draft, ids.scheduled].sort());
    const obituaries = await attackers.admin.rpc('search_obituaries', { q: word, include_drafts: true });
    expect(idsOf(obituaries.data)).toEqual([ids.obituaryLive, ids.obituaryDraft].sort());
  });
});

describe('reject_pending_account and the delete policy behind it', () => {
  const profileExists = async (id: string) => (await ownerRow(attackers.db, 'profiles', id)) !== null;
  const accountExists = async (id: string) => (await ownerCount(attackers.db, 'select count(*) from auth.users where id = $1', [id])) === 1;

  it('refuses an anonymous caller (no EXECUTE) and a pending account (42501), and deletes nothing', async () => {
    const target = await attackers.signUpAt('127.0.2.1');
    const anon = await attackers.anon.rpc('reject_pending_account', { target_id: target.id });
    expect({ status: anon.status, code: anon.error?.code }).toEqual(permissionDenied('anon'));
    const pending = await attackers.pending.rpc('reject_pending_account', { target_id: target.id });
    expect(pending.error?.code).toBe('42501');
    expect(await profileExists(target.id)).toBe(true);
    expect(await accountExists(target.id)).toBe(true);
  });

  it('refuses a pending account deleting profiles itself, its own or another', async () => {
    const target = await attackers.signUpAt('127.0.2.2');
    for (const id of [target.id, attackers.pendingId, attackers.adminId]) {
      const result = await attackers.pending.from('profiles').delete().eq('id', id).select();
      expect(result.data ?? [], id).toEqual([]);
      expect(await profileExists(id), id).toBe(true);
      expect(await accountExists(id), id).toBe(true);
    }
  });

  it('refuses an administrator a target that is not pending, or their own account', async () => {
    const other = await attackers.signUpAt('127.0.2.3');
    const approved = await attackers.admin.rpc('set_profile_role', { target_id: other.id, new_role: 'admin' });
    expect(approved.error).toBeNull();
    expect((await attackers.admin.rpc('reject_pending_account', { target_id: other.id })).error?.code).toBe('PF004');
    expect((await attackers.admin.rpc('reject_pending_account', { target_id: attackers.adminId })).error?.code).toBe('PF005');
    // Nor through the table: the policy itself refuses, whatever the function checks first.
    for (const id of [other.id, attackers.adminId]) {
      expect((await attackers.admin.from('profiles').delete().eq('id', id).select()).data ?? [], id).toEqual([]);
      expect(await profileExists(id), id).toBe(true);
      expect(await accountExists(id), id).toBe(true);
    }
    await attackers.admin.rpc('set_profile_role', { target_id: other.id, new_role: 'pending' });
  });

  it('still lets the project owner delete an auth user first (the dashboard, the service role): its profile follows', async () => {
    const target = await attackers.signUpAt('127.0.2.6');
    await attackers.db.query('delete from auth.users where id = $1', [target.id]);
    expect(await profileExists(target.id)).toBe(false);
    expect(await accountExists(target.id)).toBe(false);
  });

  it('lets an administrator reject a pending account: profile and auth account go', async () => {
    const target = await attackers.signUpAt('127.0.2.4');
    const result = await attackers.admin.rpc('reject_pending_account', { target_id: target.id });
    expect(result.error).toBeNull();
    expect(await profileExists(target.id)).toBe(false);
    expect(await accountExists(target.id)).toBe(false);
  });
});

// The two functions whose owner-run bodies the API reaches through a caller-run function (docs/decisions/0020, 0045).
describe('set_profile_role refuses every caller it must', () => {
  it('refuses an anonymous caller (no EXECUTE) and a pending account promoting itself or another (42501)', async () => {
    const target = await attackers.signUpAt('127.0.2.5');
    const anon = await attackers.anon.rpc('set_profile_role', { target_id: target.id, new_role: 'admin' });
    expect({ status: anon.status, code: anon.error?.code }).toEqual(permissionDenied('anon'));
    for (const id of [attackers.pendingId, target.id]) {
      expect((await attackers.pending.rpc('set_profile_role', { target_id: id, new_role: 'admin' })).error?.code).toBe('42501');
      expect((await ownerRow(attackers.db, 'profiles', id))?.role).toBe('pending');
    }
  });

  it('refuses an administrator demoting themselves (PF001)', async () => {
    const result = await attackers.admin.rpc('set_profile_role', { target_id: attackers.adminId, new_role: 'pending' });
    expect(['PF001', 'PF002']).toContain(result.error?.code);
    expect((await ownerRow(attackers.db, 'profiles', attackers.adminId))?.role).toBe('admin');
  });
});

describe('increment_views counts only what its caller may read', () => {
  it.each(readers)('%s: a draft and a scheduled story keep their count', async (actor) => {
    for (const id of [ids.draft, ids.scheduled]) {
      const result = await clientOf(actor).rpc('increment_views', { publication_id: id });
      expect(result.error, id).toBeNull();
      expect((await ownerRow(attackers.db, 'publications', id))?.views, id).toBe(0);
    }
  });
});

// Breaking news (docs/decisions/0034): the readers' question runs as its caller.
describe('current_breaking_news answers only what its caller may read', () => {
  it.each(readers)('%s: a draft carrying the mark (written past the rules, as only the owner can) is never the answer', async (actor) => {
    // The trigger refuses the mark on a draft; the owner writes it without triggers, so only the read policy stands.
    await attackers.db.query(`set session_replication_role = replica`);
    try {
      await attackers.db.query(`update public.publications set urgent_until = now() + interval '1 hour' where id = $1`, [ids.draft]);
    } finally {
      await attackers.db.query(`set session_replication_role = origin`);
    }
    try {
      const result = await clientOf(actor).rpc('current_breaking_news');
      expect(result.error).toBeNull();
      expect(result.data).toEqual([]);
    } finally {
      await attackers.db.query('update public.publications set urgent_until = null where id = $1', [ids.draft]);
    }
  });
});

// The home page's sections in one call (docs/decisions/0051): the server's anonymous render calls it, as its caller.
describe('home_page_sections answers only what its caller may read, and only to the server\'s anonymous render', () => {
  it('anon: a draft or a scheduled story is in no section, even as the lead or the most read', async () => {
    const { rows: leads } = await attackers.db.query<{ id: string }>(`select id from public.publications where is_lead`);
    // The trigger refuses the lead mark on a story whose time has not come; the owner writes it without triggers, so
    // only the read policy stands between it and the reader.
    await attackers.db.query(`set session_replication_role = replica`);
    try {
      await attackers.db.query(`update public.publications set views = 99000000 where id = any ($1)`, [[ids.draft, ids.scheduled]]);
      await attackers.db.query(`update public.publications set is_lead = false where is_lead`);
      await attackers.db.query(`update public.publications set is_lead = true where id = $1`, [ids.scheduled]);
    } finally {
      await attackers.db.query(`set session_replication_role = origin`);
    }
    try {
      const result = await clientOf('anon').rpc('home_page_sections', { section_limit: 24, most_read_limit: 24, jobs_limit: 24, obituaries_limit: 24 });
      expect(result.error).toBeNull();
      const sections = result.data as { lead: unknown; local: { id: string }[]; most_read: { id: string }[] };
      expect(sections.lead).toBeNull();
      const listed = [...sections.local, ...sections.most_read].map((story) => story.id);
      expect(listed).not.toContain(ids.draft);
      expect(listed).not.toContain(ids.scheduled);
      expect(listed.length).toBeGreaterThan(0);
    } finally {
      await attackers.db.query(`update public.publications set views = 0, is_lead = false where id = any ($1)`, [[ids.draft, ids.scheduled]]);
      await attackers.db.query(`update public.publications set is_lead = true where id = any ($1)`, [leads.map((row) => row.id)]);
    }
  });

  it.each(['pending', 'admin'] as const)('%s: refused (42501): a signed-in account reads its sections through their own requests', async (actor) => {
    const result = await clientOf(actor).rpc('home_page_sections', { section_limit: 6, most_read_limit: 5, jobs_limit: 3, obituaries_limit: 2 });
    expect({ status: result.status, code: result.error?.code }).toEqual(permissionDenied(actor));
  });
});

// A story's page in one call (decision 0051): the server's anonymous render calls it, as its caller.
describe('story_page answers only what its caller may read, and only to the server\'s anonymous render', () => {
  it('anon: a draft or a scheduled story, and its corrections, are not there; nor in a published story\'s related list', async () => {
    // The trigger refuses a correction of a story whose time has not come; the owner writes one without triggers, so
    // only the read policies stand between it and the reader.
    await attackers.db.query(`set session_replication_role = replica`);
    try {
      await attackers.db.query(
        `insert into public.publication_corrections (publication_id, wrong, correct) values ($1, 'Errado.', 'Certo.'), ($2, 'Errado.', 'Certo.')`,
        [ids.draft, ids.scheduled],
      );
    } finally {
      await attackers.db.query(`set session_replication_role = origin`);
    }
    try {
      for (const id of [ids.draft, ids.scheduled]) {
        const result = await clientOf('anon').rpc('story_page', { story_id: id, related_limit: 12 });
        expect(result.error).toBeNull();
        expect(result.data).toMatchObject({ story: null, related: [] });
        expect(JSON.stringify(result.data)).not.toContain('Errado.');
      }
      const live = await clientOf('anon').rpc('story_page', { story_id: ids.live, related_limit: 12 });
      const page = live.data as { story: { id: string } | null; related: { id: string }[] };
      expect(page.story?.id).toBe(ids.live);
      const related = page.related.map((story) => story.id);
      expect(related.length).toBeGreaterThan(0);
      expect(related).not.toContain(ids.draft);
      expect(related).not.toContain(ids.scheduled);
    } finally {
      await attackers.db.query(`delete from public.publication_corrections where publication_id = any ($1)`, [[ids.draft, ids.scheduled]]);
    }
  });

  it.each(['pending', 'admin'] as const)('%s: refused (42501): a signed-in account reads a story through its own requests', async (actor) => {
    const result = await clientOf(actor).rpc('story_page', { story_id: ids.live, related_limit: 3 });
    expect({ status: result.status, code: result.error?.code }).toEqual(permissionDenied(actor));
  });
});
