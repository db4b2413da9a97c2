import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listRecentCorrections } from '../../src/services/corrections.ts';
import { ServiceError } from '../../src/services/errors.ts';
import { getRevisionHistory, savePublication, type Revision } from '../../src/services/publication-admin.ts';
import { getPublishedPublication } from '../../src/services/published-story.ts';
import { listFeedStories } from '../../src/services/site-index.ts';
import { publishedStory } from '../../src/services/news/local-article.ts';
import { buildPublicationInput } from '../support/row-factories.ts';
import { startTestBackend, type TestBackend, type TestUser } from '../support/test-backend.ts';

// Corrections in the open (docs/decisions/0038) through the services the screens and the edge handler call, with
// real supabase-js on the local backend.

let backend: TestBackend;
let admin: TestUser;
beforeAll(async () => {
  backend = await startTestBackend();
  admin = await backend.admin();
});
afterAll(() => backend.stop());

const correction = (overrides: Partial<Extract<Revision, { kind: 'correction' }>> = {}): Revision => ({
  kind: 'correction',
  wrong: 'A matéria dizia que a feira abre às 6h.',
  correct: 'A feira abre às 7h.',
  correctedAt: null,
  ...overrides,
});

async function liveStory(title = `Feira muda de horário ${Math.random().toString(36).slice(2, 6)}`) {
  return savePublication(admin.client, buildPublicationInput({ title, published: true }));
}

describe('savePublication on a live story', () => {
  it("refuses a text change without a revision with the code the form words, and keeps the story's text", async () => {
    const story = await liveStory();
    const error = await savePublication(admin.client, buildPublicationInput({ title: 'Outro título', published: true }), story.id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).code).toBe('revision_required');
    expect((await getPublishedPublication(backend.anon(), story.id))?.title).toBe(story.title);
  });

  it('saves the same text and other changes without one (the form’s usual save)', async () => {
    const story = await liveStory();
    const saved = await savePublication(admin.client, buildPublicationInput({ title: story.title, published: true, signed: true }), story.id);
    expect(saved.signed).toBe(true);
    expect(saved.corrected_at).toBeNull();
  });

  it('saves a text change with a correction: readers get the correction and its time, the editor its author', async () => {
    const story = await liveStory();
    const saved = await savePublication(
      admin.client,
      buildPublicationInput({ title: `${story.title} (corrigido)`, published: true, revision: correction() }),
      story.id,
    );
    expect(saved.title).toBe(`${story.title} (corrigido)`);

    const read = await getPublishedPublication(backend.anon(), story.id);
    expect(read?.title).toBe(`${story.title} (corrigido)`);
    expect(read?.corrected_at).not.toBeNull();
    expect(read?.publication_corrections?.map(({ corrected_at, wrong, correct }) => ({ corrected_at, wrong, correct }))).toEqual([
      { corrected_at: read?.corrected_at, wrong: 'A matéria dizia que a feira abre às 6h.', correct: 'A feira abre às 7h.' },
    ]);
    expect(publishedStory(read!, 'Jornal').modifiedAt).toBe(read?.corrected_at);

    const history = await getRevisionHistory(admin.client, story.id);
    expect(history.corrections).toHaveLength(1);
    expect(history.corrections[0]?.corrected_by_name).not.toBe('');
    expect(history.minorEdits).toEqual([]);

    const feed = await listFeedStories(backend.anon(), null);
    expect(feed.find((entry) => entry.id === story.id)?.corrected_at).toBe(read?.corrected_at);
  });

  it('saves a text change with a minor edit: kept for the newsroom, no update time for readers', async () => {
    const story = await liveStory();
    await savePublication(
      admin.client,
      buildPublicationInput({ title: story.title, content: '<p>Texto da matéria, revisado.</p>', published: true, revision: { kind: 'minor_edit', note: 'Vírgula' } }),
      story.id,
    );
    const read = await getPublishedPublication(backend.anon(), story.id);
    expect(read).toMatchObject({ content: '<p>Texto da matéria, revisado.</p>', corrected_at: null, publication_corrections: [] });
    const history = await getRevisionHistory(admin.client, story.id);
    expect(history.minorEdits.map((edit) => edit.note)).toEqual(['Vírgula']);
    expect(history.minorEdits[0]?.edited_by_name).not.toBe('');
    await expect(backend.anon().from('publication_minor_edits').select('id')).resolves.toMatchObject({ error: { code: '42501' } });
  });

  it('adds a correction without a text change, and refuses one dated in the future', async () => {
    const story = await liveStory();
    await savePublication(admin.client, buildPublicationInput({ title: story.title, published: true, revision: correction() }), story.id);
    expect((await getPublishedPublication(backend.anon(), story.id))?.publication_corrections).toHaveLength(1);
    const future = correction({ correctedAt: new Date(Date.now() + 3_600_000).toISOString() });
    const error = await savePublication(admin.client, buildPublicationInput({ title: story.title, published: true, revision: future }), story.id).catch((e: unknown) => e);
    expect((error as ServiceError).code).toBe('correction_date');
  });
});

describe('listRecentCorrections (/correcoes)', () => {
  it('lists the newest corrections of live stories with their stories, a keyset page at a time', async () => {
    const stories = [await liveStory(), await liveStory(), await liveStory()];
    for (const story of stories) {
      await savePublication(admin.client, buildPublicationInput({ title: story.title, published: true, revision: correction({ correct: `Certo: ${story.title}` }) }), story.id);
    }
    const first = await listRecentCorrections(backend.anon(), { pageSize: 2 });
    expect(first.items).toHaveLength(2);
    expect(first.next).not.toBeNull();
    expect(first.items[0]?.publications).toEqual({ id: stories[2]!.id, title: stories[2]!.title });
    expect(first.items[0]?.correctedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const second = await listRecentCorrections(backend.anon(), { pageSize: 2, after: first.next });
    expect(second.items[0]?.publications?.id).toBe(stories[0]!.id);

    // Unpublished, its correction leaves the list with it.
    await savePublication(admin.client, buildPublicationInput({ title: stories[2]!.title, published: false }), stories[2]!.id);
    const after = await listRecentCorrections(backend.anon(), { pageSize: 50 });
    expect(after.items.map((item) => item.publications?.id)).not.toContain(stories[2]!.id);
  });
});
