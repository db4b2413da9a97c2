import type { DataClient } from './client';
import { ServiceError, unwrap } from './errors';
import { NEWS_TIP_BUCKET } from './news-tips';

// Retention (docs/decisions/0039): the host's scheduled job, with the project's service key. The database decides
// what is past its keeping (site_settings' periods) and deletes it at most hourly (public.run_retention); a tip's
// photos leave first through the Storage API, since objects are never deleted by SQL, and the tip waits until they
// are gone.

export interface RetentionCounts {
  media_kit_requests: number;
  news_tips: number;
  newsletter_unconfirmed: number;
  counters: number;
  audit_log: number;
  /** The audience's reader marks (daily hashes) and salts of days before yesterday (decision 0052). */
  audience_marks: number;
}

/** Removes objects through the Storage API with the service key (the scheduled job has no supabase-js). */
export type RemoveObjects = (bucket: string, names: readonly string[]) => Promise<void>;

export function storageRemover(supabaseUrl: string, serviceRoleKey: string, fetcher: typeof fetch): RemoveObjects {
  return async (bucket, names) => {
    if (names.length === 0) return;
    const response = await fetcher(`${supabaseUrl.replace(/\/+$/, '')}/storage/v1/object/${encodeURIComponent(bucket)}`, {
      method: 'DELETE',
      headers: { apikey: serviceRoleKey, Authorization: `Bearer ${serviceRoleKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ prefixes: names }),
    });
    if (!response.ok) throw new ServiceError(`storage removal answered ${response.status}: ${(await response.text()).slice(0, 200)}`, { status: response.status });
  };
}

/**
 * One retention run: the photos of tips past their keeping, then everything else. Null when the database ran it
 * within the hour (`force`: now anyway, `npm run retention`).
 */
export async function runRetention(client: DataClient, removeObjects: RemoveObjects, force = false): Promise<RetentionCounts | null> {
  const due = unwrap(await client.rpc('retention_tip_photos_due', { max_count: 500 }));
  await removeObjects(NEWS_TIP_BUCKET, due);
  const { data, error, status } = await client.rpc('run_retention', { force });
  if (error) throw new ServiceError(error.message, { code: error.code, status, cause: error });
  if (!data) return null;
  // The audience's marks go with every run too (their own function: 48 hours is not a setting).
  const audienceMarks = unwrap(await client.rpc('forget_audience_marks'));
  return { ...(data as unknown as Omit<RetentionCounts, 'audience_marks'>), audience_marks: audienceMarks };
}
