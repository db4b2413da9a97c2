/**
 * The category sent to top-headlines. NewsAPI itself knows no 'politics' category: docs/product.md §18 maps politica to it anyway,
 * so with a key that request fails and the politics samples are shown (docs/product.md §20), exactly as specified.
 */
export type NewsApiCategory = 'business' | 'entertainment' | 'health' | 'politics' | 'science' | 'sports' | 'technology';

/** docs/product.md §18: the site's topic slugs that have an external counterpart. Any other slug has no external news. */
export const NEWS_API_CATEGORY_BY_SLUG = {
  politica: 'politics',
  economia: 'business',
  saude: 'health',
  esportes: 'sports',
  tecnologia: 'technology',
  cultura: 'entertainment',
  educacao: 'science',
} as const satisfies Record<string, NewsApiCategory>;

export type ExternalTopicSlug = keyof typeof NEWS_API_CATEGORY_BY_SLUG;

/** pt-BR label shown in the badge of external articles of each topic. */
export const CATEGORY_LABEL_BY_SLUG: Record<ExternalTopicSlug, string> = {
  politica: 'Política',
  economia: 'Economia',
  saude: 'Saúde',
  esportes: 'Esportes',
  tecnologia: 'Tecnologia',
  cultura: 'Cultura',
  educacao: 'Educação',
};

export function isExternalTopicSlug(slug: string): slug is ExternalTopicSlug {
  return Object.hasOwn(NEWS_API_CATEGORY_BY_SLUG, slug);
}

/**
 * Where the site's own news proxy answers (edge/news-proxy.ts): `/api/news/<feed>` on the page's origin. The browser
 * never talks to NewsAPI: the key stays on the server.
 */
export const NEWS_PROXY_PREFIX = '/api/news/';

/** The feed of the home page's national section: Brazil's top headlines with no category. */
export const NATIONAL_NEWS_FEED = 'nacional';

/** A name the proxy serves: a NewsAPI category the topics map to, or the national feed. */
export type NewsFeed = NewsApiCategory | typeof NATIONAL_NEWS_FEED;

/**
 * The proxy's allow-list, defined once for the app and the proxy: exactly the feeds the site shows, so the proxy
 * cannot be used to spend the daily quota on anything else, and its cache budget (edge/news-proxy.ts) counts these.
 * 'nacional' rather than NewsAPI's own 'general', which is a different (categorised) query.
 */
export const NEWS_FEEDS: readonly NewsFeed[] = [NATIONAL_NEWS_FEED, ...new Set(Object.values(NEWS_API_CATEGORY_BY_SLUG))];

export function isNewsFeed(name: string): name is NewsFeed {
  return (NEWS_FEEDS as readonly string[]).includes(name);
}

/** The category top-headlines is asked for: none for the national feed. */
export function newsApiCategoryOf(feed: NewsFeed): NewsApiCategory | null {
  return feed === NATIONAL_NEWS_FEED ? null : feed;
}
