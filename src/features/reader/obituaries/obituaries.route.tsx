import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { loadObituaries, loadObituaryPage } from './obituaries-data';
import { ObituariesPage } from './obituaries-page';
import { readerSources } from '../reader-sources';
import type { LoaderHeadData, ReaderRouteHandle } from '../../../lib/reader-page-meta';
import { obituariesPage } from './obituaries.page';

export function loader({ context }: LoaderFunctionArgs) {
  return { obituaries: loadObituaries(readerSources(context)) };
}

export const handle: ReaderRouteHandle<LoaderHeadData<typeof loader>> = { page: obituariesPage };

export function Component() {
  return <ObituariesPage obituaries={useLoaderData<typeof loader>().obituaries} loadPage={loadObituaryPage} />;
}
