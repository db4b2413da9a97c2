import { importOnce } from '../../../lib/import-once';
import { awaitedLater } from '../components/deferred';
import type { ListFilter } from '../components/search-filters';
import { withSearchService } from '../reader-data';
import type { ObituaryPage } from './obituaries-page';
import { browserSources, type ReaderSources } from '../reader-sources';

/** The first page of published obituaries, most recent death first. */
export function loadObituaries(sources: ReaderSources): Promise<ObituaryPage> {
  return awaitedLater(requestObituaryPage(sources, { search: '', date: '' }, null));
}

/**
 * A page of published obituaries under the reader's filters, on the server: a name through search_obituaries (paged
 * by keyset), a death date through its indexed equality (one day's notices, one page; a name then narrows them).
 */
export function loadObituaryPage(filter: ListFilter, after: ObituaryPage['next']): Promise<ObituaryPage> {
  return requestObituaryPage(browserSources, filter, after);
}

const obituaryFilters = importOnce(() => import('./obituary-filters'));

function requestObituaryPage(sources: ReaderSources, filter: ListFilter, after: ObituaryPage['next']): Promise<ObituaryPage> {
  return withSearchService(sources, async (client, search) => {
    if (filter.date) {
      const [rows, { filterObituaries }] = await Promise.all([
        search.listPublishedObituariesOnDate(client, filter.date),
        obituaryFilters(),
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
