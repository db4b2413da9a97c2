import { articleFromPublication } from '../../../services/news/from-publication';
import type * as SearchService from '../../../services/search';
import type { PublicationCursor, PublicationHit } from '../../../services/search';
import { awaitedLater } from '../components/deferred';
import { withSearchService } from '../reader-data';
import type { SearchPage, SearchResults } from './search-results';
import { browserSources, type ReaderSources } from '../reader-sources';

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
export function loadSearch(sources: ReaderSources, q: string): Promise<SearchResults> | null {
  const query = q.trim();
  if (!query) return null;
  return awaitedLater(
    withSearchService(sources, (client, search) =>
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
  return withSearchService(browserSources, async (client, search) =>
    searchPageFrom(search, await search.searchPublications(client, { q: q.trim(), after: cursor })),
  );
}
