import type { Row } from '../types/database';
import { slugify } from '../lib/slugify';
import { topicSlugFor } from '../lib/topic-slug';
import type { Client } from './client';
import { ServiceError, check, unwrap, unwrapOptional } from './errors';

export type Topic = Pick<Row<'topics'>, 'id' | 'name' | 'slug'>;
export type TopicWithDate = Row<'topics'>;

/** Topics are few (the navigation's eight plus what the newsroom adds); the bound only guards against runaway data. */
const TOPICS_LIMIT = 200;

/** The database's refusal to change a reserved slug (supabase/migrations/*_stable_topic_slugs.sql). */
const RESERVED_SLUG_CODE = 'PF004';

export async function listTopics(client: Client): Promise<TopicWithDate[]> {
  return unwrap(
    await client.from('topics').select('id,name,slug,created_at').order('name', { ascending: true }).limit(TOPICS_LIMIT),
  );
}

/**
 * docs/product.md §20: a missing topic (PGRST116) is not an error for the reader; it yields null. Asked with `.maybeSingle()`,
 * so an unknown slug is a plain empty answer rather than a 406 that the browser would log as an error.
 */
export async function getTopicBySlug(client: Client, slug: string): Promise<Topic | null> {
  return unwrapOptional(await client.from('topics').select('id,name,slug').eq('slug', slug).maybeSingle());
}

/** The topic that had this slug before a rename, with its current slug; null when no topic ever left it. */
export async function getTopicByOldSlug(client: Client, slug: string): Promise<Topic | null> {
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
export async function resolveTopicSlug(client: Client, slug: string): Promise<Topic | null> {
  return (await getTopicBySlug(client, slug)) ?? getTopicByOldSlug(client, slug);
}

export interface TopicInput {
  name: string;
}

export async function createTopic(client: Client, input: TopicInput): Promise<void> {
  const name = input.name.trim();
  check(await client.from('topics').insert({ name, slug: slugify(name) }));
}

/**
 * Renames a topic; the slug is sent only when topicSlugFor says it changes, so saving unchanged, or renaming a
 * reserved topic, leaves the address alone.
 */
export async function updateTopic(client: Client, topic: Topic, input: TopicInput): Promise<void> {
  const name = input.name.trim();
  const slug = topicSlugFor(name, topic);
  check(await client.from('topics').update(slug === topic.slug ? { name } : { name, slug }).eq('id', topic.id));
}

export async function deleteTopic(client: Client, id: string): Promise<void> {
  check(await client.from('topics').delete().eq('id', id));
}

/** The database refused to change a slug the site links to (only when this app and the database disagree). */
export function isReservedTopicSlugError(error: unknown): boolean {
  return error instanceof ServiceError && error.code === RESERVED_SLUG_CODE;
}
