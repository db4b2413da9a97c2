import type { Client } from '../../services/client';
import { listPublishedJobs } from '../../services/jobs';
import { submitMediaKitRequest, type MediaKitRequestInput } from '../../services/media-kit';
import { articleFromPublication } from '../../services/news/from-publication';
import type { NewsArticle } from '../../services/news';
import { getNationalNews, getTopicNews } from '../../services/news/news-api';
import { COMMUNITY_OBITUARIES_LIMIT, listPublishedObituaries } from '../../services/obituaries';
import {
  getPublishedPublication,
  incrementViews,
  listMostRead,
  listPublishedByTopicSlug,
  PUBLIC_LIST_LIMIT,
  type PublicationSummary,
} from '../../services/publications';
import type * as SearchService from '../../services/search';
import type { PublicationCursor, PublicationHit } from '../../services/search';
import type { ListFilter } from './components/search-filters';
import type { ObituaryPage } from './obituaries/obituaries-page';
import { resolveTopicSlug, type Topic } from '../../services/topics';
import { isUuid } from '../../lib/uuid';
import { awaitedLater } from './components/deferred';
import { HOME_SECTION_SIZE, type HomeData } from './home/home-page';
import { readerClient } from './reader-client';
import type { SearchPage, SearchResults } from './search/search-results';
import type { TopicArticles, TopicLocalPage } from './topic/topic-page';

// The reader's one door to its data: route loaders (and the advertising page's send) call these functions and get
// view models back. Each function starts all of its requests at once; a promise that a page shows through
// <Deferred> comes back unresolved and already marked handled (awaitedLater), so a loader returns it as it is.

/** Runs a request once the client is there: the one place a reader request waits for it. */
function withReaderClient<T>(request: (client: Client) => Promise<T>): Promise<T> {
  return readerClient().then(request);
}

/**
 * Runs a search or archive request once the client and the search service are there. The service is loaded on first
 * use (with the client), so the home page's entry chunk carries none of it.
 */
function withSearchService<T>(request: (client: Client, search: typeof SearchService) => Promise<T>): Promise<T> {
  return Promise.all([readerClient(), import('../../services/search')]).then(([client, search]) => request(client, search));
}

/** A request whose answer a page shows through <Deferred>; see `awaitedLater` for why it is marked handled. */
function deferredRequest<T>(request: (client: Client) => Promise<T>): Promise<T> {
  return awaitedLater(withReaderClient(request));
}

function articlesFrom(rows: readonly PublicationSummary[]): NewsArticle[] {
  return rows.map(articleFromPublication);
}

/**
 * Every section of the home page, each still on its way: no request waits for another (the local section filters
 * by topic slug in the same request), and each section shows its skeleton until its own data.
 */
export function loadHomeSections(): HomeData {
  return {
    localArticles: deferredRequest((client) => listPublishedByTopicSlug(client, 'local', HOME_SECTION_SIZE).then(articlesFrom)),
    nationalArticles: getNationalNews(),
    sportsArticles: getTopicNews('esportes'),
    technologyArticles: getTopicNews('tecnologia'),
    mostRead: deferredRequest((client) => listMostRead(client).then(articlesFrom)),
    jobs: deferredRequest((client) => listPublishedJobs(client)),
    obituaries: deferredRequest((client) => listPublishedObituaries(client, COMMUNITY_OBITUARIES_LIMIT)),
  };
}

export interface TopicPageData {
  /** The topic with this slug, or the one renamed away from it (its `slug` then differs); null when unknown. */
  topic: Promise<Topic | null>;
  /** The topic's stored name; null for an unknown slug. */
  topicName: Promise<string | null>;
  articles: Promise<TopicArticles>;
}

/**
 * Three requests at once: the topic (by its slug, or by an old slug of a renamed topic), the first page of its
 * publications (search_publications by topic slug, keyset-paged) and its external news. An unknown slug is not an error: no name, no
 * rows, no external mapping, hence the empty state. A failed lookup only costs the stored name, and failed
 * publications leave the external news on screen with a notice: both are logged and none of these rejects.
 */
export function loadTopicPage(slug: string): TopicPageData {
  const topic = withReaderClient((client) => resolveTopicSlug(client, slug)).catch((error: unknown) => {
    console.error('Loading the topic failed', error);
    return null;
  });
  const local = requestTopicPage(slug, NO_TOPIC_FILTER, null).then(
    (page) => ({ page, failed: false }),
    (error: unknown) => {
      console.error('Loading the topic publications failed', error);
      return { page: { items: [], next: null }, failed: true };
    },
  );
  const articles = Promise.all([local, getTopicNews(slug)]).then(([own, external]) => ({
    local: own.page,
    external,
    localFailed: own.failed,
  }));
  return { topic, topicName: topic.then((found) => found?.name ?? null), articles };
}

const NO_TOPIC_FILTER: ListFilter = { search: '', date: '' };

/**
 * A page of a topic's publications, newest first, through search_publications (keyset, indexed): without filters
 * the topic's archive; with them, the words (title, description, body) and the São Paulo calendar day on the server.
 */
function requestTopicPage(slug: string, filter: ListFilter, after: PublicationCursor | null): Promise<TopicLocalPage> {
  return withSearchService(async (client, search) => {
    const hits = await search.searchPublications(client, {
      topicSlug: slug,
      q: filter.search,
      day: filter.date || undefined,
      after,
      pageSize: PUBLIC_LIST_LIMIT,
    });
    const last = hits.at(-1);
    return { items: articlesFrom(hits), next: last && hits.length >= PUBLIC_LIST_LIMIT ? search.cursorAfter(last) : null };
  });
}

/** The topic page's next page, or its first under new filters (its text and date filters run on the server). */
export function loadTopicLocalPage(slug: string, filter: ListFilter, after: PublicationCursor | null): Promise<TopicLocalPage> {
  return requestTopicPage(slug, filter, after);
}

/**
 * A local publication as an article. An unknown, unpublished or malformed id resolves to null, not an error: "not
 * found" is an expected answer that the page renders and nobody needs in the console. Only a failed load rejects.
 */
export function loadArticle(id: string): Promise<NewsArticle | null> {
  return deferredRequest((client) =>
    getPublishedPublication(client, id).then((publication) => (publication ? articleFromPublication(publication) : null)),
  );
}

/**
 * Counts one view of a publication. The database ignores drafts and unknown ids; a malformed id is not even sent.
 * A failed count is logged and never shown: the reader came for the article, not for the counter.
 */
export function countArticleView(id: string): void {
  if (!isUuid(id)) return;
  withReaderClient((client) => incrementViews(client, id)).catch((error: unknown) => console.error('Counting the view failed', error));
}

/** The first page of published obituaries, most recent death first. */
export function loadObituaries(): Promise<ObituaryPage> {
  return awaitedLater(requestObituaryPage({ search: '', date: '' }, null));
}

/**
 * A page of published obituaries under the reader's filters, on the server: a name through search_obituaries (paged
 * by keyset), a death date through its indexed equality (one day's notices, one page; a name then narrows them).
 */
export function loadObituaryPage(filter: ListFilter, after: ObituaryPage['next']): Promise<ObituaryPage> {
  return requestObituaryPage(filter, after);
}

function requestObituaryPage(filter: ListFilter, after: ObituaryPage['next']): Promise<ObituaryPage> {
  return withSearchService(async (client, search) => {
    if (filter.date) {
      const [rows, { filterObituaries }] = await Promise.all([
        search.listPublishedObituariesOnDate(client, filter.date),
        import('./obituaries/obituary-filters'),
      ]);
      return { items: filterObituaries(rows, filter), next: null };
    }
    const rows = await search.searchObituaries(client, { q: filter.search, after });
    const last = rows.at(-1);
    return {
      items: rows,
      next: last && rows.length >= search.OBITUARY_PAGE_SIZE ? { deathDate: last.death_date, id: last.id } : null,
    };
  });
}

/** Sends a media kit request; rejects when it could not be saved (the form says so and keeps what was typed). */
export function sendMediaKitRequest(input: MediaKitRequestInput): Promise<void> {
  return withReaderClient((client) => submitMediaKitRequest(client, input));
}

/** Search hits as cards with their excerpt, and where the next page starts (null after the last page). */
function searchPageFrom(search: typeof SearchService, hits: readonly PublicationHit[]): SearchPage {
  const last = hits.at(-1);
  return {
    // The card shows the plain-text excerpt around the match, or the description when there is none.
    articles: hits.map((hit) => ({ ...articleFromPublication(hit), description: hit.excerpt?.trim() || (hit.description ?? '') })),
    next: last && hits.length >= search.SEARCH_PAGE_SIZE ? search.cursorAfter(last) : null,
  };
}

/**
 * The site search (/busca?q=): the first page of stories, their total and the obituaries matching by name, all
 * requested at once. An empty query sends nothing. Rejects when any request fails (the page offers a retry).
 */
export function loadSearch(q: string): Promise<SearchResults> | null {
  const query = q.trim();
  if (!query) return null;
  return awaitedLater(
    withSearchService((client, search) =>
      Promise.all([
        search.searchPublications(client, { q: query }),
        search.countPublicationSearch(client, { q: query }),
        search.searchObituaries(client, { q: query }),
      ]).then(([hits, total, obituaries]) => ({ ...searchPageFrom(search, hits), total, obituaries })),
    ),
  );
}

/** The next page of a site search, after `cursor`. */
export function loadMoreSearch(q: string, cursor: PublicationCursor): Promise<SearchPage> {
  return withSearchService(async (client, search) =>
    searchPageFrom(search, await search.searchPublications(client, { q: q.trim(), after: cursor })),
  );
}
