import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { loadJobPage, loadJobs } from './jobs-data';
import { JobsPage } from './jobs-page';
import { readerSources } from '../reader-sources';

export function loader({ context }: LoaderFunctionArgs) {
  return { jobs: loadJobs(readerSources(context)) };
}

export function Component() {
  return <JobsPage jobs={useLoaderData<typeof loader>().jobs} loadPage={loadJobPage} />;
}
