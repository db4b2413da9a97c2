import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { loadCorrectionPage, loadCorrections } from './corrections-data';
import { CorrectionsPage } from './corrections-page';
import { readerSources } from '../reader-sources';

export function loader({ context }: LoaderFunctionArgs) {
  return { corrections: loadCorrections(readerSources(context)) };
}

export function Component() {
  return <CorrectionsPage corrections={useLoaderData<typeof loader>().corrections} loadPage={loadCorrectionPage} />;
}
