import { useLoaderData } from 'react-router';
import { listPublishedObituaries } from '../../../services/obituaries';
import { awaitedLater } from '../components/deferred';
import { readerClient } from '../reader-client';
import { ObituariesPage } from './obituaries-page';

export function loader() {
  return { obituaries: awaitedLater(readerClient().then((client) => listPublishedObituaries(client))) };
}

export function Component() {
  return <ObituariesPage obituaries={useLoaderData<typeof loader>().obituaries} />;
}
