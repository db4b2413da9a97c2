import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { loadJobPage, loadJobs } from './jobs-data';
import { JobsPage } from './jobs-page';
import { readerSources } from '../reader-sources';
import type { LoaderHeadData, ReaderRouteHandle } from '../../../lib/reader-page-meta';
import { jobsPage } from './jobs.page';

export function loader({ context }: LoaderFunctionArgs) {
  return { jobs: loadJobs(readerSources(context)) };
}

export const handle: ReaderRouteHandle<LoaderHeadData<typeof loader>> = { page: jobsPage };

export function Component() {
  return <JobsPage jobs={useLoaderData<typeof loader>().jobs} loadPage={loadJobPage} />;
}
