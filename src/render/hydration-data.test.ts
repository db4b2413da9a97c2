import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../app/router';
import { clearPageCache } from '../features/reader/page-cache';
import type { DataClient } from '../services/client';
import { createDataClient } from '../services/data-client';
import type { NewsArticle } from '../services/news';
import { FEATURED_ARTICLE } from '../services/news/featured-article';
import { startBackendInWorker, type WorkerBackend } from '../../tests/support/test-backend';
import { hydrationDataFor } from './hydration-data';

// What the browser starts its router with on a page it was served, against the local backend: the home page's
// loader answers with the hero the page's HTML carries, not with a request of its own.
const reader = vi.hoisted(() => ({ client: undefined as DataClient | undefined, requests: [] as string[] }));
vi.mock('../services/reader-data-client', () => ({
  readerDataClient: () => {
    if (!reader.client) throw new Error('the test backend has not started');
    return reader.client;
  },
}));

let backend: WorkerBackend;

beforeAll(async () => {
  backend = await startBackendInWorker();
  reader.client = createDataClient(backend.url, backend.anonKey, {
    fetch: (input, init) => {
      reader.requests.push(String(input instanceof Request ? input.url : input));
      return globalThis.fetch(input, init);
    },
  });
}, 60_000);
beforeEach(() => {
  clearPageCache();
  reader.requests = [];
});
afterAll(() => backend?.stop());

const home = new URL('http://localhost/') as unknown as Location;
const LEAD: NewsArticle = { ...FEATURED_ARTICLE, id: '22222222-2222-4222-8222-000000000001', origin: 'local', title: 'A manchete da página' };

function homeData(state: Awaited<ReturnType<typeof hydrationDataFor>>): Record<string, unknown> {
  return state?.loaderData?.home as Record<string, unknown>;
}

const PENDING = { $pending: true };

describe('hydrating a page with the hydration data it was rendered with (decision 0048)', () => {
  it('a prerendered home page renders the hero it carries, at once, and asks its pending sections', async () => {
    const state = await hydrationDataFor(routes, home, { loaderData: { home: { lead: LEAD, mostRead: PENDING } } });
    const data = homeData(state);
    expect(data.lead).toEqual(LEAD);
    expect(data.mostRead).toBeInstanceOf(Promise);
    expect(await (data.mostRead as Promise<NewsArticle[]>)).toHaveLength(5);
  });

  it('without hydration data (the build\'s shell), the hero is a request like every other section', async () => {
    const state = await hydrationDataFor(routes, home, null);
    const lead = homeData(state).lead;
    expect(lead).toBeInstanceOf(Promise);
    // The seed chooses no lead story: the sample.
    expect(await (lead as Promise<NewsArticle>)).toMatchObject({ id: FEATURED_ARTICLE.id });
  });

  it('a page the server rendered with all its data hydrates with exactly that data, and its loader asks nothing', async () => {
    const carried = { home: { lead: LEAD, mostRead: [], localArticles: [] }, reader: { breakingNews: null } };
    const state = await hydrationDataFor(routes, home, { loaderData: carried });
    expect(state?.loaderData).toEqual(carried);
    expect(reader.requests).toEqual([]);
  });

  it("a section that failed on the server is a failed promise again: the page shows its error state, not a request", async () => {
    const state = await hydrationDataFor(routes, home, { loaderData: { home: { lead: LEAD, mostRead: { $failed: true } }, reader: { breakingNews: null } } });
    const mostRead = homeData(state).mostRead as Promise<unknown>;
    expect(mostRead).toBeInstanceOf(Promise);
    await expect(mostRead).rejects.toThrow();
    expect(reader.requests).toEqual([]);
  });
});

describe("hydrating the breaking-news banner a page's render carries", () => {
  const advertising = new URL('http://localhost/anuncie') as unknown as Location;
  const news = { id: '22222222-2222-4222-8222-000000000001', title: 'Temporal no centro', urgentUntil: '2099-01-01T12:00:00.000Z' };

  function layoutData(state: Awaited<ReturnType<typeof hydrationDataFor>>): Record<string, unknown> {
    return state?.loaderData?.reader as Record<string, unknown>;
  }

  it('a rendered page shows the banner it was rendered with, at once, not a request', async () => {
    const state = await hydrationDataFor(routes, advertising, { loaderData: { reader: { breakingNews: news } } });
    expect(layoutData(state).breakingNews).toEqual(news);
    // …and one saying there is none renders none, at once.
    clearPageCache();
    const none = await hydrationDataFor(routes, advertising, { loaderData: { reader: { breakingNews: null } } });
    expect(layoutData(none).breakingNews).toBeNull();
    expect(reader.requests).toEqual([]);
  });

  it('a page the build rendered shows its banner at once and asks again: the seed marks no story urgent', async () => {
    const state = await hydrationDataFor(routes, advertising, { loaderData: { reader: { breakingNews: news } } }, { fresh: false });
    expect(layoutData(state).breakingNews).toEqual(news);
    await expect.poll(() => reader.requests.some((url) => url.includes('/rest/v1/rpc/current_breaking_news'))).toBe(true);
  });

  it('with the banner pending, it is a request: the seed marks no story urgent', async () => {
    const state = await hydrationDataFor(routes, advertising, { loaderData: { reader: { breakingNews: PENDING } } });
    const answer = layoutData(state).breakingNews;
    expect(answer).toBeInstanceOf(Promise);
    expect(await answer).toBeNull();
    expect(reader.requests.some((url) => url.includes('/rest/v1/rpc/current_breaking_news'))).toBe(true);
  });
});
