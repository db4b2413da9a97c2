import type { Row } from '../types/database';
import { slugify } from '../lib/slugify';
import type { Client } from './client';
import { NotFoundError, check, unwrap } from './errors';

export type Topic = Pick<Row<'topics'>, 'id' | 'name' | 'slug'>;
export type TopicWithDate = Row<'topics'>;

/** Topics are few (the navigation's eight plus what the newsroom adds); the bound only guards against runaway data. */
const TOPICS_LIMIT = 200;

export async function listTopics(client: Client): Promise<TopicWithDate[]> {
  return unwrap(
    await client.from('topics').select('id,name,slug,created_at').order('name', { ascending: true }).limit(TOPICS_LIMIT),
  );
}

/** SPEC §8: a missing topic (PGRST116) is not an error for the reader; it yields null. */
export async function getTopicBySlug(client: Client, slug: string): Promise<Topic | null> {
  try {
    return unwrap(await client.from('topics').select('id,name,slug').eq('slug', slug).single());
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}

export interface TopicInput {
  name: string;
}

export async function createTopic(client: Client, input: TopicInput): Promise<void> {
  const name = input.name.trim();
  check(await client.from('topics').insert({ name, slug: slugify(name) }));
}

export async function updateTopic(client: Client, id: string, input: TopicInput): Promise<void> {
  const name = input.name.trim();
  check(await client.from('topics').update({ name, slug: slugify(name) }).eq('id', id));
}

export async function deleteTopic(client: Client, id: string): Promise<void> {
  check(await client.from('topics').delete().eq('id', id));
}
