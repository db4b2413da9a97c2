import type { InsertRow, MediaKitInterest, Row } from '../types/database';
import type { DataClient } from './client';
import { isUuid } from '../lib/uuid';
import { NotFoundError, ServiceError, check, unwrap, unwrapOptional } from './errors';
import { anyColumnContains } from './text-match';

export type MediaKitRequest = Row<'media_kit_requests'>;
export type MediaKitRequestInput = Omit<InsertRow<'media_kit_requests'>, 'id' | 'created_at' | 'handled_at'>;

export const MEDIA_KIT_INTERESTS: readonly MediaKitInterest[] = [
  'banner-principal',
  'banner-lateral',
  'banner-materia',
  'outros',
];
export const ADMIN_LIST_LIMIT = 200;
const REQUEST_COLUMNS = 'id,name,company,email,phone,interest,message,created_at,handled_at';

/**
 * The database's answer when one contact or client sent too many requests in a short time: the media-kit rate limit
 * raises sqlstate PT429, which PostgREST answers as HTTP 429.
 */
export function isMediaKitRateLimited(error: unknown): boolean {
  return error instanceof ServiceError && (error.code === 'PT429' || error.status === 429);
}

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
      .select(REQUEST_COLUMNS)
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
    .select(REQUEST_COLUMNS, { count: 'exact' });
  if (search.trim()) request = request.or(anyColumnContains(['name', 'email', 'company'], search.trim()));
  const { data, error, count, status } = await request
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .range(from, from + pageSize - 1);
  return { rows: unwrap({ data, error, status }), total: count ?? 0 };
}

/**
 * Marks a request handled (now) or back to new (null). Admins may change only `handled_at`. RLS hides the rows from
 * everyone else, so a refused change matches no row: NotFoundError then, as when the request is gone.
 */
export async function setMediaKitRequestHandled(client: DataClient, id: string, handled: boolean): Promise<void> {
  const rows = unwrap(
    await client
      .from('media_kit_requests')
      .update({ handled_at: handled ? new Date().toISOString() : null })
      .eq('id', id)
      .select('id'),
  );
  if (rows.length === 0) throw new NotFoundError();
}

/** Deletes a request (a person's contact data, for good); NotFoundError when the caller may not or it is gone. */
export async function deleteMediaKitRequest(client: DataClient, id: string): Promise<void> {
  const rows = unwrap(await client.from('media_kit_requests').delete().eq('id', id).select('id'));
  if (rows.length === 0) throw new NotFoundError();
}

/** One request (the admin's 'Criar campanha' starts from it); null when the id names none or is no uuid. */
export async function getMediaKitRequest(client: DataClient, id: string): Promise<MediaKitRequest | null> {
  if (!isUuid(id)) return null;
  return unwrapOptional(await client.from('media_kit_requests').select(REQUEST_COLUMNS).eq('id', id).maybeSingle());
}
