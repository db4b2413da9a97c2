import type { LoaderFunctionArgs, ShouldRevalidateFunctionArgs } from 'react-router';
import type { ServerDataHandle } from '../../../lib/server-data-handle';
import { readerSources } from '../reader-sources';
import type { ReaderLayoutData } from './breaking-news-banner';
import { keepBreakingNews, loadBreakingNews } from './breaking-news-data';

// The reader layout's route (id `reader` in src/app/route-table.ts): what every reader page shares beyond the
// masthead and footer, the breaking-news banner.

export function loader({ context }: LoaderFunctionArgs): ReaderLayoutData {
  return loadBreakingNews(readerSources(context));
}

/** A page the server or the edge handler gave its banner: hydration keeps that answer (breaking-news-data.ts). */
export const handle: ServerDataHandle = {
  hydratedFromServer: ({ data }) => keepBreakingNews(data as Partial<ReaderLayoutData>),
};

/**
 * Asked again on every navigation to another page (the router keeps a layout's data otherwise): the kept answer shows
 * at once, and the background refresh brings a story marked since.
 */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  return currentUrl.pathname !== nextUrl.pathname || defaultShouldRevalidate;
}
