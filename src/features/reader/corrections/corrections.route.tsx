import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { loadCorrectionPage, loadCorrections } from './corrections-data';
import { CorrectionsPage } from './corrections-page';
import { readerSources } from '../reader-sources';
import type { LoaderHeadData, ReaderRouteHandle } from '../../../lib/reader-page-meta';
import { correctionsPage } from './corrections.page';

export function loader({ context }: LoaderFunctionArgs) {
  return { corrections: loadCorrections(readerSources(context)) };
}

export const handle: ReaderRouteHandle<LoaderHeadData<typeof loader>> = { page: correctionsPage };

export function Component() {
  return <CorrectionsPage corrections={useLoaderData<typeof loader>().corrections} loadPage={loadCorrectionPage} />;
}
