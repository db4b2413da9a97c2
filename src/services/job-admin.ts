import type { ContractType, InsertRow } from '../types/database';
import { isUuid } from '../lib/uuid';
import { keysetPage, tableKeysetRows, type AdminListPage, type AdminListQuery } from './admin-paging';
import { publishableRows } from './admin-rows';
import type { DataClient } from './client';
import { unwrap, unwrapOptional } from './errors';
import { JOB_COLUMNS, type Job } from './jobs';
import { containing } from './text-match';

// The newsroom's side of the jobs: drafts, writes and the admin list (the reader's query is in ./jobs).

export type JobInput = Omit<InsertRow<'jobs'>, 'id' | 'created_at'>;

export const CONTRACT_TYPES: readonly ContractType[] = ['CLT', 'PJ', 'Estágio', 'Temporário', 'Freelancer'];
export const ADMIN_LIST_LIMIT = 200;

export async function listAllJobs(client: DataClient, limit = ADMIN_LIST_LIMIT): Promise<Job[]> {
  return unwrap(await client.from('jobs').select(JOB_COLUMNS).order('created_at', { ascending: false }).limit(limit));
}

/** One job, drafts included (the editor's); null when no row has this id. */
export async function getJob(client: DataClient, id: string): Promise<Job | null> {
  if (!isUuid(id)) return null;
  return unwrapOptional(await client.from('jobs').select(JOB_COLUMNS).eq('id', id).maybeSingle());
}

/** docs/product.md §19.7: an empty expiry is sent as null. */
export async function saveJob(client: DataClient, input: JobInput, id?: string): Promise<Job> {
  const row = { ...input, expires_at: input.expires_at || null };
  const query = id ? client.from('jobs').update(row).eq('id', id) : client.from('jobs').insert(row);
  return unwrap(await query.select(JOB_COLUMNS).single());
}

export const { setPublished: setJobPublished, remove: deleteJob } = publishableRows('jobs');

/**
 * The admin job list, one page, newest first: keyset on (created_at, id) with an exact total. The search is a title
 * ILIKE: the jobs table stays small (a few hundred rows), so no search function of its own.
 */
export async function listJobsPage(client: DataClient, query: AdminListQuery): Promise<AdminListPage<Job>> {
  return keysetPage(query, (request) => {
    const all = client.from('jobs').select(JOB_COLUMNS, { count: 'exact' });
    return tableKeysetRows(request.q ? all.ilike('title', containing(request.q)) : all, 'created_at', request);
  });
}
