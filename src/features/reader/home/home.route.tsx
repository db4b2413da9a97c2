import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { LoaderHeadData, ReaderRouteHandle } from '../../../lib/reader-page-meta';
import { homePage } from './home.page';
import { keepHomeSections, loadHomeSections } from '../reader-data';
import type { HomeData } from './home-page';
import { HomePage } from './home-page';
import { readerSources } from '../reader-sources';

/** Every request of the home page leaves at once; each section fills in as its own data arrives. */
export function loader({ context }: LoaderFunctionArgs) {
  return loadHomeSections(readerSources(context));
}

/** A home page the server rendered with its data: the way back to it shows that data at once. */
export const handle: ReaderRouteHandle<LoaderHeadData<typeof loader>> = {
  page: homePage,
  hydratedFromServer: ({ data }) => keepHomeSections(data as Partial<HomeData>),
};

export function Component() {
  return <HomePage data={useLoaderData<typeof loader>()} />;
}
