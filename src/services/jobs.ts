import type { ContractType, InsertRow, Row } from '../types/database';
import { isUuid } from '../lib/uuid';
import type { Client } from './client';
import { check, unwrap, unwrapOptional } from './errors';

export type Job = Row<'jobs'>;
export type JobInput = Omit<InsertRow<'jobs'>, 'id' | 'created_at'>;

export const CONTRACT_TYPES: readonly ContractType[] = ['CLT', 'PJ', 'Estágio', 'Temporário', 'Freelancer'];
const JOB_COLUMNS = 'id,title,company,contract_type,description,location,published,expires_at,created_at' as const;
export const COMMUNITY_JOBS_LIMIT = 3;
export const ADMIN_LIST_LIMIT = 200;

/** Published jobs, newest first (docs/product.md §18: the community card shows 3). */
export async function listPublishedJobs(client: Client, limit = COMMUNITY_JOBS_LIMIT): Promise<Job[]> {
  return unwrap(
    await client
      .from('jobs')
      .select(JOB_COLUMNS)
      .eq('published', true)
      .order('created_at', { ascending: false })
      .limit(limit),
  );
}

export async function listAllJobs(client: Client, limit = ADMIN_LIST_LIMIT): Promise<Job[]> {
  return unwrap(await client.from('jobs').select(JOB_COLUMNS).order('created_at', { ascending: false }).limit(limit));
}

/** One job, drafts included (the editor's); null when no row has this id. */
export async function getJob(client: Client, id: string): Promise<Job | null> {
  if (!isUuid(id)) return null;
  return unwrapOptional(await client.from('jobs').select(JOB_COLUMNS).eq('id', id).maybeSingle());
}

/** docs/product.md §19.7: an empty expiry is sent as null. */
export async function saveJob(client: Client, input: JobInput, id?: string): Promise<Job> {
  const row = { ...input, expires_at: input.expires_at || null };
  const query = id ? client.from('jobs').update(row).eq('id', id) : client.from('jobs').insert(row);
  return unwrap(await query.select(JOB_COLUMNS).single());
}

export async function setJobPublished(client: Client, id: string, published: boolean): Promise<void> {
  check(await client.from('jobs').update({ published }).eq('id', id));
}

export async function deleteJob(client: Client, id: string): Promise<void> {
  check(await client.from('jobs').delete().eq('id', id));
}
