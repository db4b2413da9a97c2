import { useLoaderData } from 'react-router';
import { loadJobPage, loadJobs } from './jobs-data';
import { JobsPage } from './jobs-page';

export function loader() {
  return { jobs: loadJobs() };
}

export function Component() {
  return <JobsPage jobs={useLoaderData<typeof loader>().jobs} loadPage={loadJobPage} />;
}
