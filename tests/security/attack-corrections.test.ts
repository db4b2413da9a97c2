// Corrections in the open (supabase/migrations/20261129110000_publication_corrections.sql, docs/decisions/0038): the
// rule that a live story's text changes only with a correction or a minor edit, and attacks on the two record tables,
// through real supabase-js as an anonymous reader, a pending account, a Repórter and the administrator (who is an
// editor too), each refusal checked against what the database holds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../support/seed.ts';
import { expectRefused, ownerCount, ownerRow, permissionDenied, stamp, startAttackers, type Attackers, type Client } from './support/attackers.ts';

let attackers: Attackers;
let reporter: { client: Client; id: string };

beforeAll(async () => {
  attackers = await startAttackers();
  const signedUp = await attackers.signUpAt('127.0.42.1', { name: 'Repórter Rita', role: 'admin' });
  await attackers.db.query(`update public.profiles set role = 'reporter' where id = $1`, [signedUp.id]);
  reporter = { client: signedUp.client, id: signedUp.id };
});
afterAll(() => attackers?.stop());

type State = 'live' | 'draft' | 'scheduled';

/** A story stored by the database's owner: live (published an hour ago), a draft, or scheduled for tomorrow. */
async function story(state: State = 'live'): Promise<string> {
  const { rows } = await attackers.db.query<{ id: string }>(
    `insert into public.publications (title, description, content, topic_id, published, published_at)
     values ($1, 'Resumo original', '<p>Texto original.</p>', $2, $3,
             case $4 when 'live' then now() - interval '1 hour' when 'scheduled' then now() + interval '1 day' end)
     returning id`,
    [`Matéria ${stamp()}`, seed.topics.local, state !== 'draft', state],
  );
  return rows[0]!.id;
}

async function storedText(id: string) {
  const row = await ownerRow(attackers.db, 'publications', id);
  return { title: row?.title, description: row?.description, content: row?.content, corrected_at: row?.corrected_at };
}

const revision = (id: string, overrides: Record<string, unknown> = {}) => ({
  story_id: id,
  new_title: 'Título corrigido',
  new_description: 'Resumo corrigido',
  new_content: '<p>Texto corrigido.</p>',
  kind: 'correction',
  wrong: 'A reportagem dizia que a ponte abriria em março.',
  correct: 'A ponte abre em abril.',
  ...overrides,
});

async function addCorrectionAsOwner(id: string): Promise<string> {
  const { rows } = await attackers.db.query<{ id: string }>(
    `insert into public.publication_corrections (publication_id, wrong, correct) values ($1, 'Errado', 'Certo') returning id`,
    [id],
  );
  return rows[0]!.id;
}

describe("a live story's text", () => {
  it.each(['title', 'description', 'content'])('cannot change by a plain update, an editor’s included (%s)', async (column) => {
    const id = await story();
    const before = await storedText(id);
    const change: { title?: string; description?: string; content?: string } = { [column]: 'Trocado em silêncio' };
    const result = await attackers.admin.from('publications').update(change).eq('id', id);
    expectRefused(result, { status: 400, code: '23514' });
    expect((result.error as { hint?: string }).hint).toContain('publication_revision_required');
    expect(await storedText(id)).toEqual(before);
  });

  it("changes freely in a draft and in a story scheduled for later", async () => {
    for (const state of ['draft', 'scheduled'] as const) {
      const id = await story(state);
      const { error } = await attackers.admin.from('publications').update({ title: `Novo título ${state}`, content: '<p>Outro.</p>' }).eq('id', id);
      expect(error, state).toBeNull();
      expect((await storedText(id)).title).toBe(`Novo título ${state}`);
    }
  });

  it('keeps every other change a plain update (topic, byline, sponsor, lead story) and may be unpublished with new text', async () => {
    const id = await story();
    const { error } = await attackers.admin
      .from('publications')
      .update({ topic_id: seed.topics.local, signed: true, sponsor_name: 'Loja X', updated_at: new Date().toISOString() })
      .eq('id', id);
    expect(error).toBeNull();
    const lead = await attackers.admin.from('publications').update({ is_lead: true }).eq('id', id);
    expect(lead.error).toBeNull();
    // Unpublished, it is no longer what readers read: republishing it is a new publication (decision 0032).
    const unpublished = await attackers.admin.from('publications').update({ published: false, title: 'Retirada e reescrita' }).eq('id', id);
    expect(unpublished.error).toBeNull();
    expect((await storedText(id)).title).toBe('Retirada e reescrita');
  });

  it('changes with a correction through revise_publication: the text, the correction, who and when, in one call', async () => {
    const id = await story();
    const { error } = await attackers.admin.rpc('revise_publication', revision(id));
    expect(error).toBeNull();
    const after = await storedText(id);
    expect(after).toMatchObject({ title: 'Título corrigido', description: 'Resumo corrigido', content: '<p>Texto corrigido.</p>' });
    const { rows } = await attackers.db.query<{ wrong: string; correct: string; corrected_by: string; corrected_by_name: string; corrected_at: Date }>(
      'select wrong, correct, corrected_by, corrected_by_name, corrected_at from public.publication_corrections where publication_id = $1',
      [id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ wrong: 'A reportagem dizia que a ponte abriria em março.', correct: 'A ponte abre em abril.', corrected_by: attackers.adminId });
    expect(rows[0]!.corrected_by_name).not.toBe('');
    expect(new Date(after.corrected_at as string).getTime()).toBe(new Date(rows[0]!.corrected_at).getTime());
    const audit = await attackers.db.query<{ actor_id: string; action: string }>(
      `select actor_id, action from public.audit_log where subject_id = $1`,
      [id],
    );
    expect(audit.rows).toEqual([{ actor_id: attackers.adminId, action: 'correction' }]);
  });

  it('changes with a minor edit: who and when are kept for the newsroom, readers see no update time', async () => {
    const id = await story();
    const { error } = await attackers.admin.rpc('revise_publication', revision(id, { kind: 'minor_edit', note: 'Vírgula', wrong: undefined, correct: undefined }));
    expect(error).toBeNull();
    const after = await storedText(id);
    expect(after).toMatchObject({ title: 'Título corrigido', corrected_at: null });
    const { rows } = await attackers.db.query<{ note: string; edited_by: string }>(
      'select note, edited_by from public.publication_minor_edits where publication_id = $1',
      [id],
    );
    expect(rows).toEqual([{ note: 'Vírgula', edited_by: attackers.adminId }]);
    expect(await ownerCount(attackers.db, `select count(*) from public.audit_log where subject_id = $1 and action = 'minor_edit'`, [id])).toBe(1);
  });

  it('a correction needs a live story, a date between its publication and now, and a kind that exists', async () => {
    const draft = await story('draft');
    const onDraft = await attackers.admin.rpc('revise_publication', revision(draft));
    expectRefused(onDraft, { status: 400, code: '23514' });
    expect((await storedText(draft)).title).not.toBe('Título corrigido');

    const id = await story();
    const future = await attackers.admin.rpc('revise_publication', revision(id, { corrected_at: new Date(Date.now() + 86_400_000).toISOString() }));
    expectRefused(future, { status: 400, code: '23514' });
    const early = await attackers.admin.rpc('revise_publication', revision(id, { corrected_at: new Date(Date.now() - 86_400_000).toISOString() }));
    expectRefused(early, { status: 400, code: '23514' });
    const kind = await attackers.admin.rpc('revise_publication', revision(id, { kind: 'silent' }));
    expect(kind.error?.code).toBe('22023');
    expect((await storedText(id)).title).not.toBe('Título corrigido');
    expect(await ownerCount(attackers.db, 'select count(*) from public.publication_corrections where publication_id = $1', [id])).toBe(0);
  });

  it('cannot be revised by a Repórter, a pending account or a reader', async () => {
    const id = await story();
    const before = await storedText(id);
    expectRefused(await reporter.client.rpc('revise_publication', revision(id)), { status: 403, code: '42501' });
    expectRefused(await attackers.pending.rpc('revise_publication', revision(id)), { status: 403, code: '42501' });
    expectRefused(await attackers.anon.rpc('revise_publication', revision(id)), permissionDenied('anon'));
    expect(await storedText(id)).toEqual(before);
  });

  it('cannot be unlocked by setting the flag through the API: PostgREST exposes no set_config', async () => {
    for (const client of [attackers.anon, attackers.admin]) {
      const { error, status } = await client.rpc('set_config', { setting_name: 'app.publication_revision', new_value: 'x', is_local: true });
      expect(error).not.toBeNull();
      expect(status).toBe(404);
    }
  });
});

describe('publication_corrections', () => {
  it('readers read the corrections of live stories only, never who made them', async () => {
    const live = await story();
    const liveCorrection = await addCorrectionAsOwner(live);
    const withdrawn = await story();
    const hiddenCorrection = await addCorrectionAsOwner(withdrawn);
    await attackers.db.query('update public.publications set published = false where id = $1', [withdrawn]);

    for (const client of [attackers.anon, attackers.pending]) {
      const { data, error } = await client.from('publication_corrections').select('id,wrong,correct,corrected_at').in('id', [liveCorrection, hiddenCorrection]);
      expect(error).toBeNull();
      expect((data ?? []).map((row) => row.id)).toEqual([liveCorrection]);
    }
    expectRefused(await attackers.anon.from('publication_corrections').select('corrected_by_name'), permissionDenied('anon'));
    const staff = await reporter.client.from('publication_corrections').select('id,corrected_by_name').in('id', [liveCorrection, hiddenCorrection]);
    expect((staff.data ?? []).map((row) => row.id).sort()).toEqual([liveCorrection, hiddenCorrection].sort());
  });

  it('a reader, a pending account and a Repórter cannot add one', async () => {
    const id = await story();
    const row = { publication_id: id, wrong: 'Falso', correct: 'Verdadeiro' };
    expectRefused(await attackers.anon.from('publication_corrections').insert(row), permissionDenied('anon'));
    expectRefused(await attackers.pending.from('publication_corrections').insert(row), permissionDenied('pending'));
    expectRefused(await reporter.client.from('publication_corrections').insert(row), { status: 403, code: '42501' });
    expect(await ownerCount(attackers.db, 'select count(*) from public.publication_corrections where publication_id = $1', [id])).toBe(0);
  });

  it('an editor adds a note without a text change, signed by the database; nobody names another author', async () => {
    const id = await story();
    const forged = await attackers.admin.from('publication_corrections').insert({ publication_id: id, wrong: 'a', correct: 'b', corrected_by: reporter.id });
    expectRefused(forged, { status: 403, code: '42501' });
    const { error } = await attackers.admin.from('publication_corrections').insert({ publication_id: id, wrong: ' a ', correct: 'b' });
    expect(error).toBeNull();
    const { rows } = await attackers.db.query<{ wrong: string; corrected_by: string }>(
      'select wrong, corrected_by from public.publication_corrections where publication_id = $1',
      [id],
    );
    expect(rows).toEqual([{ wrong: 'a', corrected_by: attackers.adminId }]);
    expect((await storedText(id)).corrected_at).not.toBeNull();
  });

  it('nobody changes or removes a correction, the administrator included', async () => {
    const id = await story();
    const correction = await addCorrectionAsOwner(id);
    for (const client of [attackers.anon, attackers.pending, reporter.client, attackers.admin]) {
      const update = await client.from('publication_corrections').update({ correct: 'Reescrita' }).eq('id', correction);
      expect(update.error?.code).toBe('42501');
      const remove = await client.from('publication_corrections').delete().eq('id', correction);
      expect(remove.error?.code).toBe('42501');
    }
    expect(await ownerRow(attackers.db, 'publication_corrections', correction)).toMatchObject({ correct: 'Certo' });
  });

  it('refuses lengths beyond the bounds and more than 50 corrections on a story', async () => {
    const id = await story();
    const long = await attackers.admin.from('publication_corrections').insert({ publication_id: id, wrong: 'x'.repeat(1001), correct: 'b' });
    expect(long.error?.code).toBe('23514');
    const empty = await attackers.admin.from('publication_corrections').insert({ publication_id: id, wrong: '   ', correct: 'b' });
    expect(empty.error?.code).toBe('23514');
    for (let n = 0; n < 50; n += 1) await addCorrectionAsOwner(id);
    const more = await attackers.admin.from('publication_corrections').insert({ publication_id: id, wrong: 'a', correct: 'b' });
    expectRefused(more, { status: 400, code: '23514' });
  });
});

describe('publication_minor_edits', () => {
  it('only the newsroom reads them', async () => {
    const id = await story();
    await attackers.admin.rpc('revise_publication', revision(id, { kind: 'minor_edit' }));
    expectRefused(await attackers.anon.from('publication_minor_edits').select('id'), permissionDenied('anon'));
    const pending = await attackers.pending.from('publication_minor_edits').select('id').eq('publication_id', id);
    expect(pending.data).toEqual([]);
    const staff = await reporter.client.from('publication_minor_edits').select('id').eq('publication_id', id);
    expect(staff.data).toHaveLength(1);
  });

  it('a reader, a pending account and a Repórter cannot record one; nobody changes or removes one', async () => {
    const id = await story();
    const row = { publication_id: id, note: 'x' };
    expectRefused(await attackers.anon.from('publication_minor_edits').insert(row), permissionDenied('anon'));
    expectRefused(await attackers.pending.from('publication_minor_edits').insert(row), permissionDenied('pending'));
    expectRefused(await reporter.client.from('publication_minor_edits').insert(row), { status: 403, code: '42501' });
    await attackers.admin.rpc('revise_publication', revision(id, { kind: 'minor_edit' }));
    const { rows } = await attackers.db.query<{ id: string }>('select id from public.publication_minor_edits where publication_id = $1', [id]);
    expect(rows).toHaveLength(1);
    for (const client of [reporter.client, attackers.admin]) {
      expect((await client.from('publication_minor_edits').update({ note: 'y' }).eq('id', rows[0]!.id)).error?.code).toBe('42501');
      expect((await client.from('publication_minor_edits').delete().eq('id', rows[0]!.id)).error?.code).toBe('42501');
    }
  });
});
