import type { Row } from '../types/database';
import type { DataClient } from './client';
import { unwrapOptional } from './errors';

export type Topic = Pick<Row<'topics'>, 'id' | 'name' | 'slug'>;

/**
 * docs/product.md §20: a missing topic (PGRST116) is not an error for the reader; it yields null. Asked with `.maybeSingle()`,
 * so an unknown slug is a plain empty answer rather than a 406 that the browser would log as an error.
 */
export async function getTopicBySlug(client: DataClient, slug: string): Promise<Topic | null> {
  return unwrapOptional(await client.from('topics').select('id,name,slug').eq('slug', slug).maybeSingle());
}

/** The topic that had this slug before a rename, with its current slug; null when no topic ever left it. */
export async function getTopicByOldSlug(client: DataClient, slug: string): Promise<Topic | null> {
  const redirect = unwrapOptional(
    await client.from('topic_slug_redirects').select('topics(id,name,slug)').eq('old_slug', slug).maybeSingle(),
  );
  return redirect?.topics ?? null;
}

/**
 * Where a reader's slug leads: the topic that has it now, else the topic renamed away from it (whose `slug` then
 * differs from the one asked for), else null. The history is asked only on a miss: a current address, by far the
 * most common, costs one request.
 */
export async function resolveTopicSlug(client: DataClient, slug: string): Promise<Topic | null> {
  return (await getTopicBySlug(client, slug)) ?? getTopicByOldSlug(client, slug);
}
