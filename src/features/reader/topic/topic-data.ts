import { getTopicNews } from '../../../services/news/news-api';
import { PUBLIC_LIST_LIMIT } from '../../../services/publications';
import type { PublicationCursor } from '../../../services/search';
import { resolveTopicSlug, type Topic } from '../../../services/topics';
import type { ListFilter } from '../components/search-filters';
import { keepAnswer, mapLater, type Later } from '../page-cache';
import { articlesFrom, cachedFor, withReaderClient, withSearchService } from '../reader-data';
import type { TopicArticles, TopicLocalPage } from './topic-page';
import { browserSources, type ReaderSources } from '../reader-sources';

export interface TopicPageData {
  /** The topic with this slug, or the one renamed away from it (its `slug` then differs); null when unknown. */
  topic: Later<Topic | null>;
  /** The topic's stored name; null for an unknown slug. */
  topicName: Later<string | null>;
  articles: Later<TopicArticles>;
}

/**
 * Three requests at once: the topic (by its slug, or by an old slug of a renamed topic), the first page of its
 * publications (search_publications by topic slug, keyset-paged) and its external news. An unknown slug is not an error: no name, no
 * rows, no external mapping, hence the empty state. A failed lookup only costs the stored name, and failed
 * publications leave the external news on screen with a notice: both are logged and none of these rejects.
 */
export function loadTopicPage(sources: ReaderSources, slug: string): TopicPageData {
  const topic = cachedFor(sources, topicKey(slug), () =>
    withReaderClient(sources, (client) => resolveTopicSlug(client, slug)).catch((error: unknown) => {
      console.error('Loading the topic failed', error);
      return null;
    }),
  keepTopic);
  const articles = cachedFor(sources, articlesKey(slug), () => requestTopicArticles(sources, slug), keepArticles);
  return { topic, topicName: mapLater(topic, (found) => found?.name ?? null), articles };
}

const topicKey = (slug: string) => `topic:${slug}`;
const articlesKey = (slug: string) => `topic-articles:${slug}`;
const keepTopic = (found: Topic | null) => found !== null;
const keepArticles = (loaded: TopicArticles) => !loaded.localFailed;

/** Keeps a topic page the server rendered with its data, as loadTopicPage keeps what it loaded, for a revisit. */
export function keepTopicPage(slug: string, topic: Later<Topic | null> | undefined, articles: Later<TopicArticles> | undefined): void {
  // A prerendered topic page carries only its slug: nothing to keep.
  if (topic !== undefined && !(topic instanceof Promise)) keepAnswer(topicKey(slug), topic, keepTopic);
  if (articles !== undefined && !(articles instanceof Promise)) keepAnswer(articlesKey(slug), articles, keepArticles);
}

/** The first page of a topic's publications and its external news; a failed first page is logged, not thrown. */
function requestTopicArticles(sources: ReaderSources, slug: string): Promise<TopicArticles> {
  const local = requestTopicPage(sources, slug, NO_TOPIC_FILTER, null).then(
    (page) => ({ page, failed: false }),
    (error: unknown) => {
      console.error('Loading the topic publications failed', error);
      return { page: { items: [], next: null }, failed: true };
    },
  );
  return Promise.all([local, getTopicNews(slug, sources.api)]).then(([own, external]) => ({
    local: own.page,
    external,
    localFailed: own.failed,
  }));
}

const NO_TOPIC_FILTER: ListFilter = { search: '', date: '' };

/**
 * A page of a topic's publications, newest first, through search_publications (keyset, indexed): without filters
 * the topic's archive; with them, the words (title, description, body) and the São Paulo calendar day on the server.
 */
function requestTopicPage(sources: ReaderSources, slug: string, filter: ListFilter, after: PublicationCursor | null): Promise<TopicLocalPage> {
  return withSearchService(sources, async (client, search) => {
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
  return requestTopicPage(browserSources, slug, filter, after);
}
