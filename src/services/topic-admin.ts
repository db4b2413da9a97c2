import type { Row } from '../types/database';
import { slugify } from '../lib/slugify';
import { topicSlugFor } from '../lib/topic-slug';
import type { DataClient } from './client';
import { ServiceError, check, unwrap } from './errors';
import type { Topic } from './topics';

// The newsroom's side of the topics: the full list and the writes (the reader's lookups are in ./topics).

export type TopicWithDate = Row<'topics'>;

/** Topics are few (the navigation's eight plus what the newsroom adds); the bound only guards against runaway data. */
const TOPICS_LIMIT = 200;

/** The database's refusal to change a reserved slug (supabase/migrations/*_stable_topic_slugs.sql). */
const RESERVED_SLUG_CODE = 'PF004';

export async function listTopics(client: DataClient): Promise<TopicWithDate[]> {
  return unwrap(
    await client.from('topics').select('id,name,slug,created_at').order('name', { ascending: true }).limit(TOPICS_LIMIT),
  );
}

export interface TopicInput {
  name: string;
}

export async function createTopic(client: DataClient, input: TopicInput): Promise<void> {
  const name = input.name.trim();
  check(await client.from('topics').insert({ name, slug: slugify(name) }));
}

/**
 * Renames a topic; the slug is sent only when topicSlugFor says it changes, so saving unchanged, or renaming a
 * reserved topic, leaves the address alone.
 */
export async function updateTopic(client: DataClient, topic: Topic, input: TopicInput): Promise<void> {
  const name = input.name.trim();
  const slug = topicSlugFor(name, topic);
  check(await client.from('topics').update(slug === topic.slug ? { name } : { name, slug }).eq('id', topic.id));
}

export async function deleteTopic(client: DataClient, id: string): Promise<void> {
  check(await client.from('topics').delete().eq('id', id));
}

/** The database refused to change a slug the site links to (only when this app and the database disagree). */
export function isReservedTopicSlugError(error: unknown): boolean {
  return error instanceof ServiceError && error.code === RESERVED_SLUG_CODE;
}
