import { useLoaderData } from 'react-router';
import { loadHomeSections } from '../reader-data';
import { HomePage } from './home-page';

/** Every request of the home page leaves at once; each section fills in as its own data arrives. */
export function loader() {
  return loadHomeSections();
}

export function Component() {
  return <HomePage data={useLoaderData<typeof loader>()} />;
}
