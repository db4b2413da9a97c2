import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servingCampaigns } from '../../src/services/ad-campaigns.ts';
import { getPublishedPublication } from '../../src/services/published-story.ts';
import { listRelatedStories } from '../../src/services/related-stories.ts';
import { getStoryPage } from '../../src/services/story-page.ts';
import { seed } from '../support/seed.ts';
import { startTestBackend, type TestBackend } from '../support/test-backend.ts';

// A story's page in one request (rpc story_page), as the server's render reads it: each part must be exactly what its
// own request gives the same reader, so the page a crawler gets and the page a browser builds part by part agree, and
// whatever a reader may not read stays out of both.

let backend: TestBackend;
const story = { id: '', untopical: '' };
const hidden = { draft: '', scheduled: '', pausedCampaign: '' };
let servingCampaign = '';

/** Dates and numbers as values: PostgREST and jsonb write a timestamp in two equally valid ways. */
function normalised(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value), (_key, item: unknown) =>
    typeof item === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(item) ? new Date(item).toISOString() : item,
  );
}

async function insertStory(title: string, published: boolean, publishedAt: string | null, topicId: string | null = seed.topics.economia): Promise<string> {
  const { rows } = await backend.db.query<{ id: string }>(
    `insert into public.publications (title, description, content, published, published_at, topic_id)
     values ($1, 'Resumo.', '<p>Texto da matéria.</p>', $2, $3, $4) returning id`,
    [title, published, publishedAt, topicId],
  );
  return rows[0]!.id;
}

async function insertCampaign(advertiserId: string, state: string): Promise<string> {
  const { rows } = await backend.db.query<{ id: string }>(
    `insert into public.ad_campaigns (advertiser_id, space, image_url, image_width, image_height, mobile_image_url,
                                      mobile_image_width, mobile_image_height, alt_text, target_url, starts_on, ends_on, state)
     values ($1, 'banner-materia', '/storage/v1/object/public/ads/2026/materia.webp', 728, 90,
             '/storage/v1/object/public/ads/2026/materia-celular.webp', 320, 50, 'Padaria Central: pão quente',
             'https://padaria-central.com.br', private.sao_paulo_date(now()) - 1, private.sao_paulo_date(now()) + 5, $2)
     returning id`,
    [advertiserId, state],
  );
  return rows[0]!.id;
}

beforeAll(async () => {
  backend = await startTestBackend();
  story.id = await insertStory('Feira do comércio bate recorde', true, '2026-11-20 10:00:00-03');
  for (const [n, at] of [[1, '2026-11-21 09:00:00-03'], [2, '2026-11-22 09:00:00-03'], [3, '2026-11-23 09:00:00-03'], [4, '2026-11-24 09:00:00-03']] as const) {
    await insertStory(`Outra de economia ${n}`, true, at);
  }
  // Newer than every other story of the topic: were they read, they would head 'Leia também'.
  hidden.draft = await insertStory('Rascunho de economia', false, null);
  hidden.scheduled = await insertStory('Agendada de economia', true, '2099-01-01 10:00:00-03');
  story.untopical = await insertStory('Nota sem editoria', true, '2026-11-20 11:00:00-03', null);
  // Two corrections, the later one written first: each read must order them the same way.
  await backend.db.query(
    `insert into public.publication_corrections (publication_id, wrong, correct, corrected_at)
     values ($1, 'O público foi de 5 mil pessoas.', 'O público foi de 8 mil pessoas.', '2026-11-20 15:00:00-03'),
            ($1, 'A feira acabou no sábado.', 'A feira acabou no domingo.', '2026-11-20 12:00:00-03')`,
    [story.id],
  );
  const advertiser = await backend.db.query<{ id: string }>(
    `insert into public.advertisers (name, contact) values ('Padaria Central', 'compras@padaria-central.com.br') returning id`,
  );
  servingCampaign = await insertCampaign(advertiser.rows[0]!.id, 'ativa');
  hidden.pausedCampaign = await insertCampaign(advertiser.rows[0]!.id, 'pausada');
}, 60_000);

afterAll(() => backend?.stop());

describe('rpc story_page', () => {
  it("gives an anonymous reader each part exactly as that part's own request does", async () => {
    const anon = backend.anon();
    const page = await getStoryPage(anon, story.id);
    const sortedCorrections = (found: Awaited<ReturnType<typeof getPublishedPublication>>) =>
      found && { ...found, publication_corrections: [...(found.publication_corrections ?? [])].sort((a, b) => a.corrected_at.localeCompare(b.corrected_at)) };
    expect(normalised(page)).toEqual(
      normalised({
        story: sortedCorrections(await getPublishedPublication(anon, story.id)),
        related: await listRelatedStories(anon, { topicId: seed.topics.economia, excludeId: story.id }),
        campaigns: await servingCampaigns(anon, 'banner-materia'),
      }),
    );
    // Not an empty page agreeing with an empty page: every part has what this test gave it.
    expect(page.story).toMatchObject({ title: 'Feira do comércio bate recorde', content: '<p>Texto da matéria.</p>', topics: { slug: 'economia' } });
    expect(page.story?.publication_corrections?.map((row) => row.correct)).toEqual(['A feira acabou no domingo.', 'O público foi de 8 mil pessoas.']);
    expect(page.related.map((row) => row.title)).toEqual(['Outra de economia 4', 'Outra de economia 3', 'Outra de economia 2']);
    expect(page.campaigns.map((campaign) => campaign.id)).toEqual([servingCampaign]);
  });

  it('holds no draft, no scheduled story and no paused campaign, and no story at all for them', async () => {
    const page = await getStoryPage(backend.anon(), story.id);
    const ids = JSON.stringify(page);
    for (const id of Object.values(hidden)) expect(ids).not.toContain(id);
    for (const id of [hidden.draft, hidden.scheduled]) {
      const unseen = await getStoryPage(backend.anon(), id);
      expect(unseen.story).toBeNull();
      expect(unseen.related).toEqual([]);
    }
  });

  it("has no 'Leia também' for a story without a topic, and nothing for an id that is no uuid", async () => {
    const untopical = await getStoryPage(backend.anon(), story.untopical);
    expect(untopical.story?.title).toBe('Nota sem editoria');
    expect(untopical.related).toEqual([]);
    expect(await getStoryPage(backend.anon(), 'nao-e-um-id')).toEqual({ story: null, related: [], campaigns: [] });
  });

  it('bounds the related list whatever the caller asks', async () => {
    const many = await backend.anon().rpc('story_page', { story_id: story.id, related_limit: 10_000 });
    expect(many.error).toBeNull();
    expect((many.data as { related: unknown[] }).related.length).toBeLessThanOrEqual(12);
    const none = await backend.anon().rpc('story_page', { story_id: story.id, related_limit: -1 });
    expect((none.data as { related: unknown[] }).related).toEqual([]);
  });

  it("is for the server's anonymous render only: a signed-in account may not call it", async () => {
    const admin = await backend.admin();
    await expect(getStoryPage(admin.client, story.id)).rejects.toMatchObject({ code: '42501' });
  });
});
