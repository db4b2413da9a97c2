// A newsroom's day (docs/decisions/0014): scheduled publishing, the lead story and the byline, through supabase-js
// against the local backend, acting as an anonymous reader, a pending account and an administrator. The database's
// clock (private.clock_now) is set by the database owner, as only it can.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createEdgeHandler } from '../../edge/handler.ts';
import { NEWS_SITEMAP_PATH } from '../../edge/sitemaps.ts';
import { ServiceError } from '../../src/services/errors.ts';
import { storySlug } from '../../src/lib/story-slug.ts';
import {
  deletePublication,
  getPublication,
  getPublicationPreview,
  listPublicationsPage,
  savePublication,
  setLeadStory,
  setPublicationPublished,
  type PublicationInput,
} from '../../src/services/publication-admin.ts';
import {
  getLeadPublication,
  incrementViews,
  listMostRead,
  listPublishedByTopicSlug,
} from '../../src/services/publications.ts';
import { getPublishedPublication } from '../../src/services/published-story.ts';
import { countPublicationSearch, searchPublications } from '../../src/services/search.ts';
import { createSupabaseClient, type Client } from '../../src/services/client.ts';
import { resetDatabaseClock, setDatabaseClock } from '../support/database-clock.ts';
import { fetchFromAddress, loopbackClientAddress } from '../support/fetch-from-address.ts';
import { buildPublicationInput } from '../support/row-factories.ts';
import { seed } from '../support/seed.ts';
import { startTestBackend, type TestBackend, type TestUser } from '../support/test-backend.ts';

let backend: TestBackend;
let admin: TestUser;
let pending: TestUser;
beforeAll(async () => {
  backend = await startTestBackend();
  admin = await backend.admin();
  pending = await backend.newUser('Conta Pendente');
});
afterAll(() => backend.stop());
afterEach(() => resetDatabaseClock(backend.db));

/** Readers as two distinct clients: the anonymous one from a loopback address of its own (views count per client). */
const readers = (): [string, Client][] => [
  [
    'anon',
    createSupabaseClient(backend.url, backend.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, storageKey: 'newsroom-day-anon' },
      global: { fetch: fetchFromAddress(loopbackClientAddress(0)) },
    }),
  ],
  ['pending', pending.client],
];

/** A word no seeded story has, so a search finds only the story under test. */
const WORD = 'Quixabeira';
const AT = new Date('2030-03-10T11:00:00.000Z'); // 08:00 in São Paulo

const input = (overrides: Partial<PublicationInput> = {}): PublicationInput =>
  buildPublicationInput({
    title: `Festival da ${WORD} abre inscrições`,
    description: 'Feira de artesanato volta ao centro.',
    content: `<p>A feira da ${WORD} terá 40 barracas.</p>`,
    ...overrides,
  });

async function viewsOf(id: string): Promise<number> {
  const { rows } = await backend.db.query<{ views: number }>('select views from public.publications where id = $1', [id]);
  return rows[0]!.views;
}

function edge() {
  const config = {
    siteUrl: 'https://portoferreiranoticias.com.br',
    supabaseUrl: backend.url,
    supabaseAnonKey: backend.anonKey,
    newsApiKey: null,
    newsApiUrl: 'http://127.0.0.1:9/v2',
    weatherApiUrl: 'http://127.0.0.1:9/v1',
    siteName: 'Porto Ferreira Notícias',
  };
  const page = '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>';
  const handler = createEdgeHandler(config, { readHtml: () => Promise.resolve(page), fetch: (i, init) => globalThis.fetch(i, init) }, { now: () => AT });
  return async (path: string) => (await (await handler(new Request(`http://127.0.0.1${path}`)))!.text());
}

describe('scheduled publishing', () => {
  it('keeps a scheduled story from every reader, feed, sitemap, search, most-read list and view count until its time', async () => {
    const story = await savePublication(admin.client, input({ published: true, publish_at: AT.toISOString() }));
    expect(Date.parse(story.published_at!)).toBe(AT.getTime());
    await backend.db.query('update public.publications set views = 1000000 where id = $1', [story.id]);
    const read = edge();

    await setDatabaseClock(backend.db, new Date(AT.getTime() - 60_000));
    for (const [actor, client] of readers()) {
      await expect(getPublishedPublication(client, story.id), actor).resolves.toBeNull();
      expect((await listPublishedByTopicSlug(client, 'local', 50)).map((row) => row.id), actor).not.toContain(story.id);
      expect((await listMostRead(client)).map((row) => row.id), actor).not.toContain(story.id);
      await expect(searchPublications(client, { q: WORD }), actor).resolves.toEqual([]);
      await expect(countPublicationSearch(client, { q: WORD }), actor).resolves.toEqual({ total: 0, exact: true });
      await incrementViews(client, story.id);
    }
    expect(await viewsOf(story.id)).toBe(1_000_000);
    expect(await read('/rss.xml')).not.toContain(WORD);
    expect(await read('/sitemap-stories-1.xml')).not.toContain(story.id);
    expect(await read(NEWS_SITEMAP_PATH)).not.toContain(story.id);

    // The newsroom sees it, as 'Agendada' (the list with the database's clock, through its search; and with a given now).
    expect(await getPublication(admin.client, story.id)).toMatchObject({ id: story.id, published: true });
    const viaSearch = await listPublicationsPage(admin.client, { q: WORD, status: 'scheduled', after: null, before: null });
    expect(viaSearch.rows.map((row) => row.id)).toEqual([story.id]);
    const viaTable = await listPublicationsPage(admin.client, { q: '', status: 'scheduled', after: null, before: null }, new Date(AT.getTime() - 60_000));
    expect(viaTable.rows.map((row) => row.id)).toContain(story.id);
    const live = await listPublicationsPage(admin.client, { q: WORD, status: 'published', after: null, before: null });
    expect(live.rows).toEqual([]);

    // Its time comes: nobody acts, and every reader sees it.
    await setDatabaseClock(backend.db, new Date(AT.getTime() + 60_000));
    for (const [actor, client] of readers()) {
      expect((await getPublishedPublication(client, story.id))?.title, actor).toBe(story.title);
      expect((await listMostRead(client))[0]?.id, actor).toBe(story.id);
      expect((await searchPublications(client, { q: WORD })).map((hit) => hit.id), actor).toEqual([story.id]);
      await incrementViews(client, story.id);
    }
    expect(await viewsOf(story.id)).toBe(1_000_002);
    expect(await read('/rss.xml')).toContain(WORD);
    expect(await read('/sitemap-stories-1.xml')).toContain(story.id);
    await deletePublication(admin.client, story.id);
  });

  it("stamps 'Publicar imediatamente' with the database's clock, not the browser's", async () => {
    const clock = new Date('2026-11-20T10:00:00.000Z');
    await setDatabaseClock(backend.db, clock);
    const browserAhead = new Date('2026-11-20T10:05:00.000Z');
    const story = await savePublication(admin.client, input({ published: true }), undefined, browserAhead);
    expect(Date.parse(story.published_at!)).toBe(clock.getTime());
    await setPublicationPublished(admin.client, story.id, false);
    await setPublicationPublished(admin.client, story.id, true);
    expect(Date.parse((await getPublication(admin.client, story.id))!.published_at!)).toBe(clock.getTime());
    await deletePublication(admin.client, story.id);
  });

  it('lets no API role change the clock', async () => {
    for (const [actor, client] of [...readers(), ['admin', admin.client] as [string, Client]]) {
      const write = await client.schema('private' as 'public').from('clock_override' as 'publications').insert({ title: 'x' });
      expect(write.error, actor).not.toBeNull();
      const call = await client.rpc('clock_now' as 'increment_views', { publication_id: '' });
      expect(call.error, actor).not.toBeNull();
    }
    const { rows } = await backend.db.query('select * from private.clock_override');
    expect(rows).toEqual([]);
  });
});

describe('the lead story', () => {
  it('is one published, visible story at most; a new mark replaces the current lead in one step; a draft and a scheduled story are refused', async () => {
    const first = await savePublication(admin.client, input({ title: 'Primeira manchete', published: true, is_lead: true }));
    expect(first.is_lead).toBe(true);
    for (const [actor, client] of readers()) expect((await getLeadPublication(client))?.id, actor).toBe(first.id);

    // From the list: the new lead takes the mark, and the answer names the story that lost it.
    const second = await savePublication(admin.client, input({ title: 'Segunda', published: true }));
    await expect(setLeadStory(admin.client, second.id, true)).resolves.toEqual({ replaced: { id: first.id, title: 'Primeira manchete' } });
    expect((await getPublication(admin.client, first.id))?.is_lead).toBe(false);
    for (const [actor, client] of readers()) expect((await getLeadPublication(client))?.id, actor).toBe(second.id);
    // Marking the lead again replaces nothing.
    await expect(setLeadStory(admin.client, second.id, true)).resolves.toEqual({ replaced: null });

    // From the form: a new story saved as the lead takes the mark too.
    const third = await savePublication(admin.client, input({ title: 'Terceira', published: true, is_lead: true }));
    expect(third.is_lead).toBe(true);
    expect((await getPublication(admin.client, second.id))?.is_lead).toBe(false);
    const { rows } = await backend.db.query<{ id: string }>('select id from public.publications where is_lead');
    expect(rows).toEqual([{ id: third.id }]);

    // A refused mark takes nothing from the current lead.
    const draft = await savePublication(admin.client, input({ title: 'Rascunho' }));
    const scheduled = await savePublication(admin.client, input({ title: 'Agendada', published: true, publish_at: AT.toISOString() }));
    for (const id of [draft.id, scheduled.id]) {
      const refused = await setLeadStory(admin.client, id, true).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(ServiceError);
      expect((refused as ServiceError).code).toBe('lead_not_visible');
    }
    const savedAsLead = await savePublication(admin.client, input({ title: 'Rascunho', is_lead: true }), draft.id).catch((error: unknown) => error);
    expect((savedAsLead as ServiceError).code).toBe('lead_not_visible');
    expect((await getPublication(admin.client, third.id))?.is_lead).toBe(true);

    await expect(setLeadStory(admin.client, third.id, false)).resolves.toEqual({ replaced: null });
    await expect(getLeadPublication(backend.anon())).resolves.toBeNull();
    for (const row of [first, second, third, draft, scheduled]) await deletePublication(admin.client, row.id);
  });

  it('takes two editors choosing different leads at once one after the other: both succeed, one lead remains', async () => {
    const stories = await Promise.all(
      ['Escolha A', 'Escolha B', 'Escolha C', 'Escolha D'].map((title) => savePublication(admin.client, input({ title, published: true }))),
    );
    const editors = await Promise.all(stories.map(() => backend.admin()));
    // On PostgreSQL (npm run test:postgres) these run in concurrent transactions; without the trigger's lock all but
    // one would fail on the unique index.
    const results = await Promise.allSettled(stories.map((story, index) => setLeadStory(editors[index]!.client, story.id, true)));
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
    const { rows } = await backend.db.query<{ id: string }>('select id from public.publications where is_lead');
    expect(rows).toHaveLength(1);
    expect(stories.map((story) => story.id)).toContain(rows[0]?.id);
    for (const story of stories) await deletePublication(admin.client, story.id);
  });

  it('moves the mark for no one who could not move it by hand: a pending account changes no lead', async () => {
    const lead = await savePublication(admin.client, input({ title: 'Manchete guardada', published: true, is_lead: true }));
    const other = await savePublication(admin.client, input({ title: 'Outra', published: true }));
    // RLS hides the row from the update: nothing changes, the current lead keeps its mark.
    await setLeadStory(pending.client, other.id, true).catch(() => undefined);
    const created = await pending.client.from('publications').insert({ title: 'Intrusa', topic_id: other.topic_id, published: true, is_lead: true });
    expect(created.error).not.toBeNull();
    const { rows } = await backend.db.query<{ id: string }>('select id from public.publications where is_lead');
    expect(rows).toEqual([{ id: lead.id }]);
    for (const row of [lead, other]) await deletePublication(admin.client, row.id);
  });

  it('stops being the lead when unpublished or rescheduled; a deleted story takes its mark with it', async () => {
    const story = await savePublication(admin.client, input({ published: true, is_lead: true }));
    await setPublicationPublished(admin.client, story.id, false);
    expect((await getPublication(admin.client, story.id))?.is_lead).toBe(false);
    await expect(getLeadPublication(backend.anon())).resolves.toBeNull();

    await savePublication(admin.client, input({ published: true, is_lead: true }), story.id);
    await savePublication(admin.client, input({ published: true, publish_at: AT.toISOString(), is_lead: true }), story.id);
    expect((await getPublication(admin.client, story.id))?.is_lead).toBe(false);

    await savePublication(admin.client, input({ published: true, is_lead: true }), story.id);
    await deletePublication(admin.client, story.id);
    const other = await savePublication(admin.client, input({ published: true, is_lead: true }));
    expect(other.is_lead).toBe(true);
    await deletePublication(admin.client, other.id);
  });

  it('cannot be marked by an anonymous reader or a pending account', async () => {
    for (const [actor, client] of readers()) {
      const { data } = await client.from('publications').update({ is_lead: true }).eq('id', seed.publications.mostRead).select('id');
      expect(data ?? [], actor).toEqual([]);
    }
    const { rows } = await backend.db.query('select count(*)::int as n from public.publications where is_lead');
    expect(rows[0]).toEqual({ n: 0 });
  });
});

describe('the byline', () => {
  it("signs with the author's profile name when chosen; readers read it on the story, never the profile", async () => {
    await backend.db.query(`update public.profiles set name = 'Ana Souza' where id = $1`, [admin.id]);
    const story = await savePublication(admin.client, input({ published: true, signed: true }));
    expect(story.byline).toBe('Ana Souza');
    expect((await getPublishedPublication(backend.anon(), story.id))?.byline).toBe('Ana Souza');
    expect(await edge()('/rss.xml')).toContain('<dc:creator>Ana Souza</dc:creator>');
    const head = await edge()(`/noticia/${story.id}/${storySlug(story.title)}`);
    expect(head).toContain('"author":[{"@type":"Person","name":"Ana Souza"}]');

    const unsigned = await savePublication(admin.client, input({ published: true, signed: false }), story.id);
    expect(unsigned.byline).toBeNull();

    // Nobody writes the name directly: it is the database's, from the profile.
    const forged = await admin.client.from('publications').update({ byline: 'Outra Pessoa' }).eq('id', story.id);
    expect(forged.error).not.toBeNull();
    await deletePublication(admin.client, story.id);
  });
});

describe('the preview', () => {
  it('reads a draft for the newsroom only, and counts no view', async () => {
    const draft = await savePublication(admin.client, input({ title: 'Prévia de rascunho' }));
    expect((await getPublicationPreview(admin.client, draft.id))?.title).toBe('Prévia de rascunho');
    for (const [actor, client] of readers()) await expect(getPublicationPreview(client, draft.id), actor).resolves.toBeNull();
    expect(await viewsOf(draft.id)).toBe(0);
    await deletePublication(admin.client, draft.id);
  });
});
