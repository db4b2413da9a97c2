import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servingCampaigns } from '../../src/services/ad-campaigns.ts';
import { getHomeSections, type HomeSectionLimits } from '../../src/services/home-sections.ts';
import { COMMUNITY_JOBS_LIMIT, listPublishedJobs } from '../../src/services/jobs.ts';
import { COMMUNITY_OBITUARIES_LIMIT, listPublishedObituaries } from '../../src/services/obituaries.ts';
import { getLeadPublication, listMostRead, listPublishedByTopicSlug, MOST_READ_LIMIT } from '../../src/services/publications.ts';
import { seed } from '../support/seed.ts';
import { startTestBackend, type TestBackend } from '../support/test-backend.ts';

// The home page's sections in one request (rpc home_page_sections), as the server's render reads them: each section
// must be exactly what its own request gives the same reader, so the page a crawler gets and the page a browser
// builds section by section agree, and whatever a reader may not read stays out of both.

const LIMITS: HomeSectionLimits = { local: 6, mostRead: MOST_READ_LIMIT, jobs: COMMUNITY_JOBS_LIMIT, obituaries: COMMUNITY_OBITUARIES_LIMIT };

let backend: TestBackend;
const hidden = { draft: '', scheduled: '', job: '', obituary: '', pausedCampaign: '' };
const shown = { campaign: '', lateral: '' };

/** Dates and numbers as values: PostgREST and jsonb write a timestamp in two equally valid ways. */
function normalised(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value), (_key, item: unknown) =>
    typeof item === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(item) ? new Date(item).toISOString() : item,
  );
}

async function insertStory(title: string, published: boolean, publishedAt: string | null, views: number): Promise<string> {
  const { rows } = await backend.db.query<{ id: string }>(
    `insert into public.publications (title, description, content, published, published_at, topic_id, views)
     values ($1, 'Resumo.', '<p>Texto.</p>', $2, $3, $4, $5) returning id`,
    [title, published, publishedAt, seed.topics.local, views],
  );
  return rows[0]!.id;
}

async function insertCampaign(advertiserId: string, space: 'banner-principal' | 'banner-lateral', state: string): Promise<string> {
  const [width, height] = space === 'banner-lateral' ? [300, 600] : [970, 250];
  const phone = space === 'banner-principal' ? ['/storage/v1/object/public/ads/2026/principal-celular.webp', 320, 100] : [null, null, null];
  const { rows } = await backend.db.query<{ id: string }>(
    `insert into public.ad_campaigns (advertiser_id, space, image_url, image_width, image_height, mobile_image_url,
                                      mobile_image_width, mobile_image_height, alt_text, target_url, starts_on, ends_on, state)
     values ($1, $2, '/storage/v1/object/public/ads/2026/banner.webp', $3, $4, $5, $6, $7, 'Padaria Central: pão quente',
             'https://padaria-central.com.br', private.sao_paulo_date(now()) - 1, private.sao_paulo_date(now()) + 5, $8)
     returning id`,
    [advertiserId, space, width, height, ...phone, state],
  );
  return rows[0]!.id;
}

beforeAll(async () => {
  backend = await startTestBackend();
  // Most read without ties, so both reads have one order; the hidden stories would top every list were they read.
  await backend.db.query(`update public.publications set views = 1000 + (abs(hashtext(id::text)) % 100000)`);
  hidden.draft = await insertStory('Rascunho com muitas leituras', false, null, 9_000_000);
  hidden.scheduled = await insertStory('Agendada com muitas leituras', true, '2099-01-01 10:00:00-03', 9_000_001);
  const latest = await insertStory('Publicada agora', true, new Date().toISOString(), 5);
  await backend.db.query(`update public.publications set is_lead = true where id = $1`, [latest]);
  const job = await backend.db.query<{ id: string }>(
    `insert into public.jobs (title, company, location, published, expires_at) values ('Vaga em rascunho', 'Empresa', 'Centro', false, null) returning id`,
  );
  hidden.job = job.rows[0]!.id;
  const obituary = await backend.db.query<{ id: string }>(
    `insert into public.obituaries (name, age, death_date, funeral_location, funeral_time, published)
     values ('Nota em rascunho', 80, '2099-01-01', 'Velório Municipal', '10h', false) returning id`,
  );
  hidden.obituary = obituary.rows[0]!.id;
  const advertiser = await backend.db.query<{ id: string }>(
    `insert into public.advertisers (name, contact) values ('Padaria Central', 'compras@padaria-central.com.br') returning id`,
  );
  const advertiserId = advertiser.rows[0]!.id;
  shown.campaign = await insertCampaign(advertiserId, 'banner-principal', 'ativa');
  shown.lateral = await insertCampaign(advertiserId, 'banner-lateral', 'ativa');
  hidden.pausedCampaign = await insertCampaign(advertiserId, 'banner-lateral', 'pausada');
}, 60_000);

afterAll(() => backend?.stop());

describe('rpc home_page_sections', () => {
  it("gives an anonymous reader each section exactly as that section's own request does", async () => {
    const anon = backend.anon();
    const sections = await getHomeSections(anon, LIMITS);
    expect(normalised(sections)).toEqual(
      normalised({
        lead: await getLeadPublication(anon),
        local: await listPublishedByTopicSlug(anon, 'local', LIMITS.local),
        mostRead: await listMostRead(anon, LIMITS.mostRead),
        jobs: await listPublishedJobs(anon, LIMITS.jobs),
        obituaries: await listPublishedObituaries(anon, LIMITS.obituaries),
        campaigns: {
          'banner-principal': await servingCampaigns(anon, 'banner-principal'),
          'banner-lateral': await servingCampaigns(anon, 'banner-lateral'),
        },
      }),
    );
    // Not an empty page agreeing with an empty page: every section has what the seed and this test gave it.
    expect(sections.lead).not.toBeNull();
    expect(sections.local).toHaveLength(LIMITS.local);
    expect(sections.mostRead).toHaveLength(LIMITS.mostRead);
    expect(sections.jobs.length).toBeGreaterThan(0);
    expect(sections.obituaries.length).toBeGreaterThan(0);
    expect(sections.campaigns['banner-principal'].map((campaign) => campaign.id)).toEqual([shown.campaign]);
    expect(sections.campaigns['banner-lateral'].map((campaign) => campaign.id)).toEqual([shown.lateral]);
    expect(sections.local[0]?.title).toBe('Publicada agora');
  });

  it('holds no draft, no scheduled story, no unpublished job or obituary and no paused campaign', async () => {
    const sections = await getHomeSections(backend.anon(), LIMITS);
    const ids = JSON.stringify(sections);
    for (const id of Object.values(hidden)) expect(ids).not.toContain(id);
  });

  it('bounds every list whatever the caller asks', async () => {
    const sections = await getHomeSections(backend.anon(), { local: 10_000, mostRead: 10_000, jobs: 10_000, obituaries: 10_000 });
    for (const list of [sections.local, sections.mostRead, sections.jobs, sections.obituaries]) expect(list.length).toBeLessThanOrEqual(24);
    const none = await getHomeSections(backend.anon(), { local: -1, mostRead: 0, jobs: -5, obituaries: 0 });
    expect([none.local, none.mostRead, none.jobs, none.obituaries]).toEqual([[], [], [], []]);
  });

  it('is for the server\'s anonymous render only: a signed-in account may not call it', async () => {
    const admin = await backend.admin();
    await expect(getHomeSections(admin.client, LIMITS)).rejects.toMatchObject({ code: '42501' });
  });
});
