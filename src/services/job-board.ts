import { toDateInputValue } from '../lib/dates';
import { isUuid } from '../lib/uuid';
import { inKeysetOrder, type PageCursor } from './admin-paging';
import type { DataClient } from './client';
import { unwrap, unwrapOptional } from './errors';
import { JOB_COLUMNS, type Job } from './jobs';

// The reader's /vagas pages: every open job, newest first, a keyset page at a time ('Carregar mais'), and one job.
// Loaded with those pages only, so the home page's entry chunk carries none of it. The read policy hides drafts and expired jobs.

export const JOB_PAGE_SIZE = 20;

/** Where the next page starts: the last row's (created_at, id). */
export type JobCursor = PageCursor;

export interface JobPage {
  items: Job[];
  next: JobCursor | null;
}

/** One page of open jobs after `after` (or the first), along the (published, created_at desc, id desc) index. */
export async function listOpenJobs(
  client: DataClient,
  { after = null, pageSize = JOB_PAGE_SIZE }: { after?: JobCursor | null; pageSize?: number } = {},
): Promise<JobPage> {
  const query = client.from('jobs').select(JOB_COLUMNS).eq('published', true);
  // One more than a page tells whether another follows.
  const rows = unwrap(await inKeysetOrder(query, 'created_at', { cursor: after, backwards: false, limit: pageSize + 1 }));
  const items = rows.slice(0, pageSize);
  const last = items.at(-1);
  return { items, next: rows.length > pageSize && last ? { at: last.created_at, id: last.id } : null };
}

/** A job as its own page shows it: with São Paulo's day of its posting, which the page formats with no Intl (src/lib/dates.ts). */
export type JobNotice = Job & { postedOn: string };

/** One open job (published, not expired); null for an unknown, closed or malformed id. */
export async function getPublishedJob(client: DataClient, id: string): Promise<JobNotice | null> {
  if (!isUuid(id)) return null;
  const job = unwrapOptional(await client.from('jobs').select(JOB_COLUMNS).eq('id', id).eq('published', true).maybeSingle());
  return job && { ...job, postedOn: toDateInputValue(job.created_at) };
}
