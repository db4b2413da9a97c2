import { useLoaderData } from 'react-router';
import { loadObituaries, loadObituaryPage } from './obituaries-data';
import { ObituariesPage } from './obituaries-page';

export function loader() {
  return { obituaries: loadObituaries() };
}

export function Component() {
  return <ObituariesPage obituaries={useLoaderData<typeof loader>().obituaries} loadPage={loadObituaryPage} />;
}
