import type { NewsTipStatus, Row } from '../types/database';
import type { Client, DataClient } from './client';
import { NotFoundError, ServiceError, StorageError, unwrap, unwrapOptional } from './errors';
import { NEWS_TIP_BUCKET } from './news-tips';

// The newsroom's side of the tip line ('Sugestões de pauta', docs/product.md §15): the list with the photos' signed
// addresses, the status, and the delete that takes the photos with it.

export const NEWS_TIP_STATUSES: readonly NewsTipStatus[] = ['new', 'read', 'used'];
/** The list shows this many tips of a status, newest first: the (status, created_at, id) index serves it. */
export const NEWS_TIP_LIST_LIMIT = 100;
/** How long a photo's signed address works: the page's stay, not a shareable link. */
export const TIP_PHOTO_URL_SECONDS = 60 * 60;

const TIP_COLUMNS = 'id,what_happened,place,sender_name,sender_contact,consent_text,consented_at,photo_paths,status,created_at';

export type NewsTip = Pick<
  Row<'news_tips'>,
  'id' | 'what_happened' | 'place' | 'sender_name' | 'sender_contact' | 'consent_text' | 'consented_at' | 'photo_paths' | 'created_at'
> & { status: NewsTipStatus };

/** A photo of a tip: its object name and an address the admin's browser can open for a while (null: not signable). */
export interface TipPhotoLink {
  path: string;
  url: string | null;
}

export interface NewsTipWithPhotos extends NewsTip {
  photos: TipPhotoLink[];
}

/** The storage client's error as a StorageError with its status code ('404', '403'...). */
function storageFailure(error: { message: string }): StorageError {
  const statusCode = 'statusCode' in error && typeof error.statusCode === 'string' ? error.statusCode : undefined;
  return new StorageError(error.message, { code: statusCode, cause: error });
}

/** The tips of one status, newest first, at most NEWS_TIP_LIST_LIMIT. */
export async function listNewsTips(client: DataClient, status: NewsTipStatus, limit = NEWS_TIP_LIST_LIMIT): Promise<NewsTip[]> {
  return unwrap(
    await client
      .from('news_tips')
      .select(TIP_COLUMNS)
      .eq('status', status)
      .order('created_at', { ascending: false })
      .order('id', { ascending: false })
      .limit(limit),
  );
}

/** Signed addresses of the photos, one request for them all (the bucket is private: no public address exists). */
export async function signTipPhotos(client: Pick<Client, 'storage'>, paths: readonly string[]): Promise<Map<string, string | null>> {
  const links = new Map<string, string | null>();
  if (paths.length === 0) return links;
  const { data, error } = await client.storage.from(NEWS_TIP_BUCKET).createSignedUrls([...paths], TIP_PHOTO_URL_SECONDS);
  if (error) throw storageFailure(error);
  for (const signed of data) links.set(signed.path ?? '', signed.signedUrl);
  return links;
}

/** The tips of one status with their photos' signed addresses. */
export async function listNewsTipsWithPhotos(client: Client, status: NewsTipStatus): Promise<NewsTipWithPhotos[]> {
  const tips = await listNewsTips(client, status);
  const links = await signTipPhotos(client, tips.flatMap((tip) => tip.photo_paths));
  return tips.map((tip) => ({ ...tip, photos: tip.photo_paths.map((path) => ({ path, url: links.get(path) ?? null })) }));
}

/** How many tips wait to be read, for the dashboard. */
export async function countNewNewsTips(client: DataClient): Promise<number> {
  const { count, error } = await client.from('news_tips').select('id', { count: 'exact', head: true }).eq('status', 'new');
  if (error) throw new ServiceError(error.message, { code: error.code, cause: error });
  return count ?? 0;
}

/** Marks a tip read or used (or new again). RLS hides tips from everyone else: NotFoundError then, as when it is gone. */
export async function setNewsTipStatus(client: DataClient, id: string, status: NewsTipStatus): Promise<void> {
  const rows = unwrap(await client.from('news_tips').update({ status }).eq('id', id).select('id'));
  if (rows.length === 0) throw new NotFoundError();
}

/**
 * Deletes a tip and its photos. The photos go first, through the Storage API (objects are never deleted by SQL):
 * everything in the tip's folder, so a photo uploaded there but never named goes too. Removing is idempotent, so
 * when the row's delete then fails, doing it again finishes the job; a tip never outlives a failed photo removal
 * unnoticed, and a deleted tip leaves no photo behind.
 */
export async function deleteNewsTip(client: Client, id: string): Promise<void> {
  const tip = unwrapOptional(await client.from('news_tips').select('id,photo_folder,photo_paths').eq('id', id).maybeSingle());
  if (!tip) throw new NotFoundError();
  const bucket = client.storage.from(NEWS_TIP_BUCKET);
  const names = new Set(tip.photo_paths);
  if (tip.photo_folder) {
    const { data: listed, error } = await bucket.list(tip.photo_folder, { limit: 100 });
    if (error) throw storageFailure(error);
    for (const entry of listed) if (entry.id) names.add(`${tip.photo_folder}/${entry.name}`);
  }
  if (names.size > 0) {
    const { error } = await bucket.remove([...names]);
    if (error) throw storageFailure(error);
  }
  const rows = unwrap(await client.from('news_tips').delete().eq('id', id).select('id'));
  if (rows.length === 0) throw new NotFoundError();
}
