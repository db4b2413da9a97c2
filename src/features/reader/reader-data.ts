import type { Client } from '../../services/client';
import { listPublishedJobs } from '../../services/jobs';
import { submitMediaKitRequest, type MediaKitRequestInput } from '../../services/media-kit';
import { articleFromPublication } from '../../services/news/from-publication';
import type { NewsArticle } from '../../services/news';
import { getNationalNews, getTopicNews } from '../../services/news/news-api';
import { COMMUNITY_OBITUARIES_LIMIT, listPublishedObituaries, type Obituary } from '../../services/obituaries';
import {
  getPublishedPublication,
  incrementViews,
  listMostRead,
  listPublishedByTopicSlug,
  type PublicationSummary,
} from '../../services/publications';
import { resolveTopicSlug, type Topic } from '../../services/topics';
import { isUuid } from '../../lib/uuid';
import { awaitedLater } from './components/deferred';
import { HOME_SECTION_SIZE, type HomeData } from './home/home-page';
import { readerClient } from './reader-client';
import type { TopicArticles } from './topic/topic-page';

// The reader's one door to its data: route loaders (and the advertising page's send) call these functions and get
// view models back. Each function starts all of its requests at once; a promise that a page shows through
// <Deferred> comes back unresolved and already marked handled (awaitedLater), so a loader returns it as it is.

/** Runs a request once the client is there: the one place a reader request waits for it. */
function withReaderClient<T>(request: (client: Client) => Promise<T>): Promise<T> {
  return readerClient().then(request);
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
 * Three requests at once: the topic (by its slug, or by an old slug of a renamed topic), its publications (one
 * request through the embedded topic's slug) and its external news. An unknown slug is not an error: no name, no
 * rows, no external mapping, hence the empty state. A failed lookup only costs the stored name, and failed
 * publications leave the external news on screen with a notice: both are logged and none of these rejects.
 */
export function loadTopicPage(slug: string): TopicPageData {
  const topic = withReaderClient((client) => resolveTopicSlug(client, slug)).catch((error: unknown) => {
    console.error('Loading the topic failed', error);
    return null;
  });
  const local = withReaderClient((client) => listPublishedByTopicSlug(client, slug)).then(
    (rows) => ({ articles: articlesFrom(rows), failed: false }),
    (error: unknown) => {
      console.error('Loading the topic publications failed', error);
      return { articles: [], failed: true };
    },
  );
  const articles = Promise.all([local, getTopicNews(slug)]).then(([own, external]) => ({
    articles: [...own.articles, ...external],
    localFailed: own.failed,
  }));
  return { topic, topicName: topic.then((found) => found?.name ?? null), articles };
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

/** The published obituaries, most recent death first. */
export function loadObituaries(): Promise<Obituary[]> {
  return deferredRequest((client) => listPublishedObituaries(client));
}

/** Sends a media kit request; rejects when it could not be saved (the form says so and keeps what was typed). */
export function sendMediaKitRequest(input: MediaKitRequestInput): Promise<void> {
  return withReaderClient((client) => submitMediaKitRequest(client, input));
}
