import { useLoaderData } from 'react-router';
import { browserClient } from '../../../services/browser-client';
import { listPublishedObituaries } from '../../../services/obituaries';
import { awaitedLater } from '../components/deferred';
import { ObituariesPage } from './obituaries-page';

export function loader() {
  return { obituaries: awaitedLater(listPublishedObituaries(browserClient())) };
}

export function Component() {
  return <ObituariesPage obituaries={useLoaderData<typeof loader>().obituaries} />;
}
