import type { InsertRow, MediaKitInterest, Row } from '../types/database';
import type { DataClient } from './client';
import { check, unwrap } from './errors';
import { anyColumnContains } from './text-match';

export type MediaKitRequest = Row<'media_kit_requests'>;
export type MediaKitRequestInput = Omit<InsertRow<'media_kit_requests'>, 'id' | 'created_at'>;

export const MEDIA_KIT_INTERESTS: readonly MediaKitInterest[] = [
  'banner-principal',
  'banner-lateral',
  'banner-materia',
  'outros',
];
export const ADMIN_LIST_LIMIT = 200;

/** Readers may insert but never read back (no representation is requested, so no select policy is needed). */
export async function submitMediaKitRequest(client: DataClient, input: MediaKitRequestInput): Promise<void> {
  check(
    await client.from('media_kit_requests').insert({
      name: input.name.trim(),
      company: input.company.trim(),
      email: input.email.trim(),
      phone: input.phone.trim(),
      interest: input.interest,
      message: input.message?.trim() || null,
    }),
  );
}

export async function listMediaKitRequests(client: DataClient, limit = ADMIN_LIST_LIMIT): Promise<MediaKitRequest[]> {
  return unwrap(
    await client
      .from('media_kit_requests')
      .select('id,name,company,email,phone,interest,message,created_at')
      .order('created_at', { ascending: false })
      .limit(limit),
  );
}

/** One page of an offset-paged admin list, with its exact total. */
export interface OffsetPage<T> {
  rows: T[];
  total: number;
}

/**
 * The media-kit requests, one page (1-based) of `pageSize`, newest first, with the exact total. Offset paging: the
 * table stays small (requests from advertisers), and the (created_at desc, id desc) index serves the order.
 */
export async function listMediaKitRequestsPage(
  client: DataClient,
  page: number,
  pageSize = 25,
  search = '',
): Promise<OffsetPage<MediaKitRequest>> {
  const from = (Math.max(page, 1) - 1) * pageSize;
  let request = client
    .from('media_kit_requests')
    .select('id,name,company,email,phone,interest,message,created_at', { count: 'exact' });
  if (search.trim()) request = request.or(anyColumnContains(['name', 'email', 'company'], search.trim()));
  const { data, error, count, status } = await request
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .range(from, from + pageSize - 1);
  return { rows: unwrap({ data, error, status }), total: count ?? 0 };
}
