import { getCurrentBreakingNews } from '../../../services/breaking-news';
import { keepAnswer } from '../page-cache';
import type { ReaderLayoutData } from './breaking-news-banner';
import { cachedSection } from '../reader-data';
import type { ReaderSources } from '../reader-sources';

// The reader layout's data: the story urgent now ('Plantão', docs/product.md §3, decision 0034), for the banner every
// reader page carries under the masthead.

const BREAKING_NEWS_KEY = 'layout:breaking-news';

const alone = <T>(_key: string, read: () => Promise<T>): Promise<T> => read();

/**
 * The build has no data: its pages carry no banner and say so. Every reader page a server host serves is rendered with
 * the one running (decision 0048): the server's render waits for it like any of the page's data; a
 * failed read costs the page its banner, never the page. In a reader's browser the answer the page carried is kept
 * (keepBreakingNews) and each navigation shows it at once while asking again in the background, so a story marked
 * meanwhile appears on the next page and one ended early goes.
 */
export function loadBreakingNews(sources: ReaderSources): ReaderLayoutData {
  if (sources.rendering === 'build') return { breakingNews: null };
  // The server's renders under way at one moment ask once (ReaderSources.sharedRead): it is the same for every page.
  const asked = sources.sharedRead ?? alone;
  return {
    breakingNews: cachedSection(sources, BREAKING_NEWS_KEY, (client) =>
      asked(BREAKING_NEWS_KEY, () => getCurrentBreakingNews(client)).catch((error: unknown) => {
        console.warn('The breaking news could not be read; the page goes without its banner', error);
        return null;
      }),
    ),
  };
}

/** What a page's HTML was rendered with, kept as this visit's answer: hydration shows exactly that. */
export function keepBreakingNews(data: Partial<ReaderLayoutData> | undefined): void {
  const value = data?.breakingNews;
  if (value !== undefined && !(value instanceof Promise)) keepAnswer(BREAKING_NEWS_KEY, value);
}
