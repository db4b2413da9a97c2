import { useLoaderData } from 'react-router';
import { browserClient } from '../../../services/browser-client';
import { listPublishedObituaries } from '../../../services/obituaries';
import { ObituariesPage } from './obituaries-page';

export function loader() {
  return { obituaries: listPublishedObituaries(browserClient()) };
}

export function Component() {
  return <ObituariesPage obituaries={useLoaderData<typeof loader>().obituaries} />;
}
