import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../src/types/database.ts';
import { storySlug } from '../../src/lib/story-slug.ts';
import { app } from './browser.ts';

// The API as the newsroom's administrator reaches it with supabase-js, for journeys that create and remove their rows
// without going through the panel: the suite's own backend (e2e/) and the stand-in hosted project (e2e/deploy/).

export type AdminClient = SupabaseClient<Database>;

/** A story published through the API: its id, title and readable address. */
export interface PublishedStory {
  id: string;
  title: string;
  path: string;
}

/** supabase-js signed in as a project's administrator. */
export async function signedInAdminClient(project: {
  url: string;
  anonKey: string;
  admin: { email: string; password: string };
}): Promise<AdminClient> {
  const client = createClient<Database>(project.url, project.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
  const { error } = await client.auth.signInWithPassword(project.admin);
  if (error) throw error;
  return client;
}

/** supabase-js signed in as the suite's administrator. */
export function adminApiClient(): Promise<AdminClient> {
  const { baseUrl, anonKey, admin } = app();
  return signedInAdminClient({ url: baseUrl, anonKey, admin });
}

/**
 * Publishes a story now in the 'Porto Ferreira' topic (slug 'local', from a migration), as the newsroom would while a
 * reader is elsewhere. The title is the headline and the moment, so runs never share one.
 */
export async function publishLocalStory(
  client: AdminClient,
  headline: string,
  { description, content }: { description: string; content: string },
): Promise<PublishedStory> {
  const { data: topic, error: topicError } = await client.from('topics').select('id').eq('slug', 'local').single();
  if (topicError) throw topicError;
  const title = `${headline} ${Date.now()}`;
  const { data, error } = await client
    .from('publications')
    .insert({ title, description, content, topic_id: topic.id, published: true, published_at: new Date().toISOString() })
    .select('id')
    .single();
  if (error) throw error;
  return { id: data.id, title, path: `/noticia/${data.id}/${storySlug(title)}` };
}
