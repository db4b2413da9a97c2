import { env } from '../../config/env';
import { site } from '../../config/site';
import {
  CATEGORY_LABEL_BY_SLUG,
  NEWS_API_CATEGORY_BY_SLUG,
  isExternalTopicSlug,
  type ExternalTopicSlug,
  type NewsApiCategory,
} from './category-mapping';
import { DEFAULT_AUTHOR, type NewsArticle } from './news-article';

// The external news adapter (docs/product.md §18): NewsAPI top-headlines, optional. Without a key it answers with the
// built-in samples and sends nothing; with one, any failure (network, HTTP status, timeout, unexpected body) falls
// back to the samples as docs/product.md §20 says. Callers never see an error from here.

export const NEWS_PAGE_SIZE = 10;
export const NEWS_COUNTRY = 'br';
export const NEWS_TIMEOUT_MS = 10_000;
/** Badge of the home page's national section when the articles come from the service. */
export const NATIONAL_CATEGORY_LABEL = 'Nacional';

export interface NewsSourceOptions {
  apiKey?: string | undefined;
  baseUrl?: string;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}

const defaultOptions = (): Required<Omit<NewsSourceOptions, 'apiKey'>> & Pick<NewsSourceOptions, 'apiKey'> => ({
  apiKey: env.newsApiKey,
  baseUrl: env.newsApiUrl,
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
    // docs/product.md §2: the photo caption's source defaults to the product's name (the author, not the source, is 'Redação').
    sourceName: text(raw.source?.name) || site.name,
    author: text(raw.author) || DEFAULT_AUTHOR,
    url: /^https?:\/\//i.test(url) ? url : null,
    category,
    youtubeUrl: null,
  };
}

/** One top-headlines request. Throws NewsApiError on anything but a well-formed 'ok' answer. */
export async function fetchTopHeadlines(
  options: Required<Pick<NewsSourceOptions, 'apiKey' | 'baseUrl' | 'timeoutMs' | 'fetchImpl'>> & { apiKey: string },
  category: NewsApiCategory | null,
  categoryLabel: string,
): Promise<NewsArticle[]> {
  const url = new URL(`${options.baseUrl.replace(/\/+$/, '')}/top-headlines`);
  url.searchParams.set('country', NEWS_COUNTRY);
  url.searchParams.set('pageSize', String(NEWS_PAGE_SIZE));
  if (category) url.searchParams.set('category', category);
  // A query parameter rather than the X-Api-Key header: a custom header would need a CORS preflight.
  url.searchParams.set('apiKey', options.apiKey);

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  try {
    const response = await options.fetchImpl(url, { signal: controller.signal, headers: { Accept: 'application/json' } });
    if (!response.ok) throw new NewsApiError(`top-headlines answered HTTP ${response.status}`);
    const body: unknown = await response.json();
    if (!isRecord(body) || body.status !== 'ok' || !Array.isArray(body.articles)) {
      throw new NewsApiError('top-headlines answered an unexpected body');
    }
    return (body.articles as unknown[])
      .filter(isRecord)
      .map((raw) => normalizeNewsApiArticle(raw as NewsApiArticle, categoryLabel))
      .filter((article): article is NewsArticle => article !== null);
  } catch (error) {
    if (controller.signal.aborted) throw new NewsApiError(`top-headlines timed out after ${options.timeoutMs} ms`, { cause: error });
    throw error instanceof NewsApiError ? error : new NewsApiError('top-headlines request failed', { cause: error });
  } finally {
    clearTimeout(timer);
  }
}

async function headlinesOrSamples(
  options: NewsSourceOptions,
  category: NewsApiCategory | null,
  categoryLabel: string,
  samplesOf: ExternalTopicSlug,
): Promise<NewsArticle[]> {
  const resolved = { ...defaultOptions(), ...options };
  if (!resolved.apiKey) return samplesFor(samplesOf);
  try {
    return await fetchTopHeadlines({ ...resolved, apiKey: resolved.apiKey }, category, categoryLabel);
  } catch (error) {
    console.warn('External news unavailable; showing built-in samples.', error);
    return samplesFor(samplesOf);
  }
}

/** The built-in articles of a topic, loaded on first need: a page whose news arrive never downloads them. */
async function samplesFor(slug: ExternalTopicSlug): Promise<NewsArticle[]> {
  const { SAMPLE_ARTICLES_BY_SLUG } = await import('./sample-articles');
  return [...SAMPLE_ARTICLES_BY_SLUG[slug]];
}

/** The home page's 'Notícias Nacionais': top headlines of Brazil, else the politics samples (docs/product.md §20). */
export function getNationalNews(options: NewsSourceOptions = {}): Promise<NewsArticle[]> {
  return headlinesOrSamples(options, null, NATIONAL_CATEGORY_LABEL, 'politica');
}

/**
 * External news of one site topic (docs/product.md §18 mapping), else that topic's samples; a slug without a mapping (e.g.
 * 'local' or a topic the newsroom added) has no external news and gives an empty list without a request.
 */
export function getTopicNews(slug: string, options: NewsSourceOptions = {}): Promise<NewsArticle[]> {
  if (!isExternalTopicSlug(slug)) return Promise.resolve([]);
  return headlinesOrSamples(options, NEWS_API_CATEGORY_BY_SLUG[slug], CATEGORY_LABEL_BY_SLUG[slug], slug);
}
