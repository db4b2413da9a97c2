import type * as AdCampaigns from '../../services/ad-campaigns';
import type * as SearchService from '../../services/search';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Job } from '../../services/jobs';
import type { Obituary } from '../../services/obituaries';
import type { PublicationSummary } from '../../services/publications';
import type { Topic } from '../../services/topics';
import { clearPageCache } from './page-cache';
import { countArticleView } from './article/article-data';
import { loadHomeSections } from './reader-data';
import { browserSources } from './reader-sources';
import { loadTopicPage } from './topic/topic-data';

const client = vi.hoisted(() => ({ name: 'the reader client' }));
const services = vi.hoisted(() => ({
  readerDataClient: vi.fn(() => client),
  listPublishedByTopicSlug: vi.fn<(client: unknown, slug: string, limit?: number) => Promise<PublicationSummary[]>>(),
  listMostRead: vi.fn<(client: unknown) => Promise<PublicationSummary[]>>(),
  incrementViews: vi.fn<(client: unknown, id: string) => Promise<void>>(),
  listPublishedJobs: vi.fn<(client: unknown) => Promise<Job[]>>(),
  listPublishedObituaries: vi.fn<(client: unknown, limit?: number) => Promise<Obituary[]>>(),
  resolveTopicSlug: vi.fn<(client: unknown, slug: string) => Promise<Topic | null>>(),
  searchPublications: vi.fn<(client: unknown, search: unknown) => Promise<PublicationSummary[]>>(),
  servingCampaigns: vi.fn<(client: unknown, space: string) => Promise<AdCampaigns.ServingCampaign[]>>(),
}));
vi.mock('../../services/reader-data-client', () => ({ readerDataClient: services.readerDataClient }));
vi.mock('../../services/publications', () => ({
  listPublishedByTopicSlug: services.listPublishedByTopicSlug,
  listMostRead: services.listMostRead,
  incrementViews: services.incrementViews,
  PUBLIC_LIST_LIMIT: 24,
}));
vi.mock('../../services/search', async (importOriginal) => ({
  ...(await importOriginal<typeof SearchService>()),
  searchPublications: services.searchPublications,
}));
vi.mock('../../services/ad-campaigns', async (importOriginal) => ({
  ...(await importOriginal<typeof AdCampaigns>()),
  servingCampaigns: services.servingCampaigns,
}));
vi.mock('../../services/jobs', () => ({ listPublishedJobs: services.listPublishedJobs }));
vi.mock('../../services/obituaries', () => ({
  COMMUNITY_OBITUARIES_LIMIT: 2,
  listPublishedObituaries: services.listPublishedObituaries,
}));
vi.mock('../../services/topics', () => ({ resolveTopicSlug: services.resolveTopicSlug }));

const FLOOD: PublicationSummary = {
  id: '22222222-2222-4222-8222-000000000001',
  title: 'Rio Mogi-Guaçu sobe quase dois metros',
  description: null,
  image_url: null,
  published_at: '2026-11-18T07:40:00-03:00',
  views: 10,
  author_id: null,
  sponsor_name: null,
  topics: { id: 't1', name: 'Porto Ferreira', slug: 'local' },
};

/** Lets the requests started on the client settle. */
const turn = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  clearPageCache();
  // Not the client's factory: that the client is made once holds across the whole file.
  const { readerDataClient: _, ...requests } = services;
  for (const request of Object.values(requests)) request.mockClear();
  services.listPublishedByTopicSlug.mockResolvedValue([FLOOD]);
  services.listMostRead.mockResolvedValue([FLOOD]);
  services.listPublishedJobs.mockResolvedValue([]);
  services.listPublishedObituaries.mockResolvedValue([]);
  services.incrementViews.mockResolvedValue(undefined);
  services.servingCampaigns.mockResolvedValue([]);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the reader data module', () => {
  it('starts every request of the home page at once through the one client, and answers with articles', async () => {
    const home = loadHomeSections(browserSources);
    await turn();
    expect(services.readerDataClient).toHaveBeenCalled();
    expect(services.listPublishedByTopicSlug).toHaveBeenCalledWith(client, 'local', 6);
    expect(services.listMostRead).toHaveBeenCalledWith(client);
    expect(services.listPublishedJobs).toHaveBeenCalledWith(client);
    expect(services.listPublishedObituaries).toHaveBeenCalledWith(client, 2);
    expect(services.servingCampaigns).toHaveBeenCalledWith(client, 'banner-principal');
    expect(services.servingCampaigns).toHaveBeenCalledWith(client, 'banner-lateral');
    expect(await home.adPrincipal).toBeNull();
    expect(await home.mostRead).toEqual([
      expect.objectContaining({ id: FLOOD.id, origin: 'local', description: '', category: 'Porto Ferreira', author: 'Redação' }),
    ]);
  });

  it("keeps a section's failure to that section, already handled for <Await> to show later", async () => {
    const failure = new Error('Failed to fetch');
    services.listPublishedJobs.mockRejectedValue(failure);
    const home = loadHomeSections(browserSources);
    // Rejected before anything renders: an unhandled rejection here would fail the test run.
    await turn();
    await expect(home.jobs).rejects.toBe(failure);
    expect(await home.localArticles).toHaveLength(1);
  });

  it('tolerates a topic whose lookup and publications fail: no name, the external news, a notice', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    services.resolveTopicSlug.mockRejectedValue(new Error('lookup'));
    services.searchPublications.mockRejectedValue(new Error('publications'));
    const page = loadTopicPage(browserSources, 'esportes');
    expect(await page.topic).toBeNull();
    expect(await page.topicName).toBeNull();
    const { local, external, localFailed } = await page.articles;
    expect(localFailed).toBe(true);
    expect(local).toEqual({ items: [], next: null });
    expect(external.length).toBeGreaterThan(0);
    expect(consoleError).toHaveBeenCalledTimes(2);
  });

  it('counts a view only for a well-formed id, and only logs a failed count', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    countArticleView('nao-existe');
    await turn();
    expect(services.incrementViews).not.toHaveBeenCalled();

    const failure = new Error('Failed to fetch');
    services.incrementViews.mockRejectedValue(failure);
    countArticleView(FLOOD.id);
    await turn();
    expect(services.incrementViews).toHaveBeenCalledWith(client, FLOOD.id);
    expect(consoleError).toHaveBeenCalledWith('Counting the view failed', failure);
  });
});
