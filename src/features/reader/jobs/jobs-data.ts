import { getPublishedJob, listOpenJobs, type JobCursor, type JobNotice, type JobPage } from '../../../services/job-board';
import { awaitedLater } from '../components/deferred';
import { deferredRequest, withReaderClient } from '../reader-data';
import { browserSources, type ReaderSources } from '../reader-sources';

/** The first page of open jobs, newest first, for <Deferred>. */
export function loadJobs(sources: ReaderSources): Promise<JobPage> {
  return deferredRequest(sources, (client) => listOpenJobs(client));
}

/** The page after `after` ('Carregar mais'). */
export function loadJobPage(after: JobCursor): Promise<JobPage> {
  return withReaderClient(browserSources, (client) => listOpenJobs(client, { after }));
}

/** One open job; null (rendered as 'Vaga não encontrada') for an unknown, closed or expired one. */
export function loadJob(sources: ReaderSources, id: string): Promise<JobNotice | null> {
  return awaitedLater(withReaderClient(sources, (client) => getPublishedJob(client, id)));
}
