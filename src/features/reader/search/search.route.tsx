import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import type { PublicationCursor } from '../../../services/search';
import { loadMoreSearch, loadSearch } from './search-data';
import { SearchPage } from './search-page';
import { readerSources } from '../reader-sources';
import type { LoaderHeadData, ReaderRouteHandle } from '../../../lib/reader-page-meta';
import { searchPage } from './search.page';

/** The query of the address (?q=) and its first page of results, still on its way. */
export function loader({ request, context }: LoaderFunctionArgs) {
  const query = new URL(request.url).searchParams.get('q') ?? '';
  return { query, results: loadSearch(readerSources(context), query) };
}

export const handle: ReaderRouteHandle<LoaderHeadData<typeof loader>> = { page: searchPage };

export function Component() {
  const { query, results } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  return (
    <SearchPage
      query={query}
      results={results}
      loadMore={(cursor: PublicationCursor) => loadMoreSearch(query, cursor)}
      onRetry={() => void revalidator.revalidate()}
    />
  );
}
