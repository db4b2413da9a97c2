import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { ServerDataHandle } from '../../../lib/server-data-handle';
import { keepHomeSections, loadHomeSections } from '../reader-data';
import type { HomeData } from './home-page';
import { HomePage } from './home-page';
import { readerSources } from '../reader-sources';

/** Every request of the home page leaves at once; each section fills in as its own data arrives. */
export function loader({ context }: LoaderFunctionArgs) {
  return loadHomeSections(readerSources(context));
}

/** A home page the server rendered with its data: the way back to it shows that data at once. */
export const handle: ServerDataHandle = {
  hydratedFromServer: ({ data }) => keepHomeSections(data as Partial<HomeData>),
};

export function Component() {
  return <HomePage data={useLoaderData<typeof loader>()} />;
}
