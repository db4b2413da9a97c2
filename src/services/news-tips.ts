import type { Client } from './client';
import { ServiceError, StorageError, check } from './errors';
import { checkImageFile, EXTENSION_BY_TYPE } from '../lib/image-files';

// The tip line 'Envie sua notícia' as a reader sends it (docs/product.md §8a, docs/decisions/0035-tip-line.md): the
// photos go first into a fresh folder of the private 'news-tips' bucket, then the tip names them. Readers never read
// anything back: neither the tip nor its photos.

/** The private bucket of the tips' photos (supabase/migrations/20261128110000_news_tips.sql). */
export const NEWS_TIP_BUCKET = 'news-tips';
export const MAX_TIP_PHOTOS = 3;

/** The database's length limits (characters, after trimming), which the form checks first. */
export const NEWS_TIP_LIMITS = { whatHappened: 4000, place: 200, senderName: 120, senderContact: 160 } as const;

/** What the tip line needs of a client: the table and the bucket, with the anon key (readers never sign in). */
export type TipLineClient = Pick<Client, 'from' | 'storage'>;

/** A photo as the form holds it: a chosen file. */
export type TipPhoto = Blob & { name: string };

export interface NewsTipInput {
  whatHappened: string;
  place: string;
  senderName: string | null;
  senderContact: string | null;
  /** The consent line the reader ticked, word for word: the tip keeps it with the time. */
  consentText: string;
  photos: readonly TipPhoto[];
}

/** `<folder>/<1-3>.<extension>`: the only names an upload into 'news-tips' may have. */
export function tipPhotoPath(folder: string, index: number, type: string): string {
  const extension = EXTENSION_BY_TYPE[type];
  if (!extension) throw new StorageError('not-an-image', { code: '415' });
  return `${folder}/${index + 1}.${extension}`;
}

/**
 * The database's limits refused the tip (PT429, HTTP 429) or an upload of its photos: the bucket's policy answers a
 * client over its photo limit with 403, which a reader's well-formed upload into a fresh folder meets for no other
 * reason. Waiting helps, resending now does not.
 */
export function isNewsTipRateLimited(error: unknown): boolean {
  if (!(error instanceof ServiceError)) return false;
  if (error instanceof StorageError) return error.code === '403';
  return error.code === 'PT429' || error.status === 429;
}

/**
 * Sends a tip: its photos (each checked against the site's upload rules first) into `folder`, then the tip naming
 * them. Throws StorageError for a refused photo (its status code: '413', '415', '403'), ServiceError for the tip.
 */
export async function submitNewsTip(client: TipLineClient, input: NewsTipInput, folder: string = crypto.randomUUID()): Promise<void> {
  if (input.photos.length > MAX_TIP_PHOTOS) throw new RangeError(`At most ${MAX_TIP_PHOTOS} photos`);
  for (const photo of input.photos) {
    const problem = checkImageFile(photo);
    if (problem) throw new StorageError(problem, { code: problem === 'too-large' ? '413' : '415' });
  }
  const paths: string[] = [];
  for (const [index, photo] of input.photos.entries()) {
    const path = tipPhotoPath(folder, index, photo.type);
    const { error } = await client.storage.from(NEWS_TIP_BUCKET).upload(path, photo, { upsert: false, contentType: photo.type });
    if (error) {
      const statusCode = 'statusCode' in error && typeof error.statusCode === 'string' ? error.statusCode : undefined;
      throw new StorageError(error.message, { code: statusCode, cause: error });
    }
    paths.push(path);
  }
  check(
    await client.from('news_tips').insert({
      what_happened: input.whatHappened.trim(),
      place: input.place.trim(),
      sender_name: input.senderName?.trim() || null,
      sender_contact: input.senderContact?.trim() || null,
      consent_text: input.consentText,
      photo_folder: paths.length > 0 ? folder : null,
      photo_paths: paths,
    }),
  );
}
