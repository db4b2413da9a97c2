import { site } from '../../config/site';
import { importOnce } from '../../lib/import-once';
import {
  CATEGORY_LABEL_BY_SLUG,
  NATIONAL_NEWS_FEED,
  NEWS_API_CATEGORY_BY_SLUG,
  NEWS_PROXY_PREFIX,
  isExternalTopicSlug,
  type ExternalTopicSlug,
  type NewsFeed,
} from './category-mapping';
import { DEFAULT_AUTHOR, publishedDay, type NewsArticle } from './news-article';

// The external news adapter (docs/product.md §18): NewsAPI's top headlines, asked through the site's own proxy
// (edge/news-proxy.ts, `GET /api/news/<feed>` on the page's origin), which holds the key, caches and keeps to the
// daily quota. Any failure (network, HTTP status, timeout, unexpected body, a server without a key) falls back to the
// built-in samples as docs/product.md §20 says. Callers never see an error from here.
//
// The app cannot know whether the server has a key (it must not: the key never reaches the bundle), so it always
// asks. A server without one answers at once with 200 and `{status:'error', code:'apiKeyMissing'}`: the samples are
// shown without a warning and without the console error Chromium logs for any non-2xx answer.

/**
 * How long the browser waits for the proxy: the proxy's own 10 s limit on NewsAPI (docs/product.md §18) plus a
 * margin, so that its answer after an upstream timeout (a stale copy) still arrives.
 */
export const NEWS_TIMEOUT_MS = 12_000;
/** Badge of the home page's national section when the articles come from the service. */
export const NATIONAL_CATEGORY_LABEL = 'Nacional';

export interface NewsSourceOptions {
  /** The proxy's origin: '' (the default) asks the page's own origin with a relative URL; tests pass their server's. */
  origin?: string;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}

const defaultOptions = (): Required<NewsSourceOptions> => ({
  origin: '',
  timeoutMs: NEWS_TIMEOUT_MS,
  fetchImpl: (input, init) => globalThis.fetch(input, init),
});

/** The fields of a top-headlines article the app reads; every one may be null in NewsAPI's answers. */
interface NewsApiArticle {
  source?: { id?: string | null; name?: string | null } | null;
  author?: string | null;
  title?: string | null;
  description?: string | null;
  url?: string | null;
  urlToImage?: string | null;
  publishedAt?: string | null;
  content?: string | null;
}

export class NewsApiError extends Error {
  override readonly name = 'NewsApiError';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** NewsAPI's content ends with a "[+1234 chars]" marker of the truncated rest: a reader should not see it. */
function withoutTruncationMarker(content: string): string {
  return content.replace(/\s*\[\+\d+ chars\]\s*$/, '').trim();
}

/** docs/product.md §16 normalisation: author defaults to 'Redação', description and content to empty; docs/product.md §2: source to the site. */
export function normalizeNewsApiArticle(raw: NewsApiArticle, category: string): NewsArticle | null {
  const title = text(raw.title);
  const url = text(raw.url);
  // NewsAPI lists withdrawn stories as "[Removed]"; a story with no title cannot be shown.
  if (!title || title === '[Removed]') return null;
  const imageUrl = text(raw.urlToImage);
  return {
    id: url || `${title}-${text(raw.publishedAt)}`,
    origin: 'external',
    title,
    description: text(raw.description),
    content: withoutTruncationMarker(text(raw.content)),
    imageUrl: /^https?:\/\//i.test(imageUrl) ? imageUrl : null,
    publishedAt: text(raw.publishedAt) || null,
    publishedOn: publishedDay(text(raw.publishedAt) || null),
    // docs/product.md §2: the photo caption's source defaults to the product's name (the author, not the source, is 'Redação').
    sourceName: text(raw.source?.name) || site.name,
    author: text(raw.author) || DEFAULT_AUTHOR,
    url: /^https?:\/\//i.test(url) ? url : null,
    category,
    youtubeUrl: null,
  };
}

/**
 * One feed from the proxy. Null when the server has no key (the samples are the expected answer then); throws
 * NewsApiError on anything but a well-formed 'ok' answer.
 */
export async function fetchNewsFeed(
  options: Required<NewsSourceOptions>,
  feed: NewsFeed,
  categoryLabel: string,
): Promise<NewsArticle[] | null> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  try {
    // A plain GET of the page's own origin: no key, no custom header, so no CORS preflight and nothing to leak.
    const response = await options.fetchImpl(`${options.origin}${NEWS_PROXY_PREFIX}${feed}`, {
      signal: controller.signal,
      headers: { Accept: 'application/json' },
    });
    if (!response.ok) throw new NewsApiError(`the news proxy answered HTTP ${response.status}`);
    let body: unknown;
    try {
      body = await response.json();
    } catch (error) {
      // E.g. a host that does not route /api/news/ and answers with the app's HTML page. (A timeout while reading
      // is reported as such below.)
      throw new NewsApiError('the news proxy answered something other than JSON', { cause: error });
    }
    if (!isRecord(body)) throw new NewsApiError('the news proxy answered an unexpected body');
    if (body.status === 'error' && body.code === 'apiKeyMissing') return null;
    if (body.status !== 'ok' || !Array.isArray(body.articles)) {
      const code = typeof body.code === 'string' ? ` (${body.code})` : '';
      throw new NewsApiError(`the news proxy answered an unexpected body${code}`);
    }
    return (body.articles as unknown[])
      .filter(isRecord)
      .map((raw) => normalizeNewsApiArticle(raw as NewsApiArticle, categoryLabel))
      .filter((article): article is NewsArticle => article !== null);
  } catch (error) {
    if (controller.signal.aborted) throw new NewsApiError(`the news proxy did not answer in ${options.timeoutMs} ms`, { cause: error });
    throw error instanceof NewsApiError ? error : new NewsApiError('the news proxy could not be reached', { cause: error });
  } finally {
    clearTimeout(timer);
  }
}

async function headlinesOrSamples(
  options: NewsSourceOptions,
  feed: NewsFeed,
  categoryLabel: string,
  samplesOf: ExternalTopicSlug,
): Promise<NewsArticle[]> {
  try {
    const articles = await fetchNewsFeed({ ...defaultOptions(), ...options }, feed, categoryLabel);
    if (articles) return articles;
  } catch (error) {
    console.warn('External news unavailable; showing built-in samples.', error);
  }
  return samplesFor(samplesOf);
}

const sampleArticles = importOnce(() => import('./sample-articles'));

/** The built-in articles of a topic, loaded on first need: a page whose news arrive never downloads them. */
async function samplesFor(slug: ExternalTopicSlug): Promise<NewsArticle[]> {
  const { SAMPLE_ARTICLES_BY_SLUG } = await sampleArticles();
  return [...SAMPLE_ARTICLES_BY_SLUG[slug]];
}

/** The home page's 'Notícias Nacionais': top headlines of Brazil, else the politics samples (docs/product.md §20). */
export function getNationalNews(options: NewsSourceOptions = {}): Promise<NewsArticle[]> {
  return headlinesOrSamples(options, NATIONAL_NEWS_FEED, NATIONAL_CATEGORY_LABEL, 'politica');
}

/**
 * External news of one site topic (docs/product.md §18 mapping), else that topic's samples; a slug without a mapping (e.g.
 * 'local' or a topic the newsroom added) has no external news and gives an empty list without a request.
 */
export function getTopicNews(slug: string, options: NewsSourceOptions = {}): Promise<NewsArticle[]> {
  if (!isExternalTopicSlug(slug)) return Promise.resolve([]);
  return headlinesOrSamples(options, NEWS_API_CATEGORY_BY_SLUG[slug], CATEGORY_LABEL_BY_SLUG[slug], slug);
}
