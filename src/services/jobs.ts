import type { Row } from '../types/database';
import type { DataClient } from './client';
import { unwrap } from './errors';
import { publishedDescending } from './published-list';

export type Job = Row<'jobs'>;

export const JOB_COLUMNS = 'id,title,company,contract_type,description,how_to_apply,location,published,expires_at,created_at' as const;
export const COMMUNITY_JOBS_LIMIT = 3;

// Readers see published jobs that have not expired (by São Paulo's calendar): the read policy of
// supabase/migrations/20261123150000_open_jobs.sql decides it, so no reader query repeats the rule.

/** Published jobs, newest first (docs/product.md §18: the community card shows 3). */
export async function listPublishedJobs(client: DataClient, limit = COMMUNITY_JOBS_LIMIT): Promise<Job[]> {
  return unwrap(await publishedDescending(client.from('jobs').select(JOB_COLUMNS), ['created_at'], limit));
}
