import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { loadObituaries, loadObituaryPage } from './obituaries-data';
import { ObituariesPage } from './obituaries-page';
import { readerSources } from '../reader-sources';

export function loader({ context }: LoaderFunctionArgs) {
  return { obituaries: loadObituaries(readerSources(context)) };
}

export function Component() {
  return <ObituariesPage obituaries={useLoaderData<typeof loader>().obituaries} loadPage={loadObituaryPage} />;
}
