import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../../src/types/database.ts';
import { storySlug } from '../../../src/lib/story-slug.ts';
import { hosted } from './hosted.ts';
import type { PublishedStory } from './newsroom-journey.ts';

// The stand-in hosted project's API as the newsroom's administrator reaches it with supabase-js, for deploy paths
// that need a published story without going through the panel.

/** supabase-js signed in as the stand-in's administrator (e2e/deploy/global-setup.ts). */
export async function hostedAdminClient(): Promise<SupabaseClient<Database>> {
  const { url, anonKey, admin } = hosted();
  const client = createClient<Database>(url, anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
  const { error } = await client.auth.signInWithPassword(admin);
  if (error) throw error;
  return client;
}

/** Publishes a story now in the 'Porto Ferreira' topic (slug 'local', from a migration); returns its address. */
export async function publishStoryThroughApi(
  client: SupabaseClient<Database>,
  headline: string,
  content = '<p>A reforma foi aprovada por unanimidade.</p>',
): Promise<PublishedStory> {
  const { data: topic, error: topicError } = await client.from('topics').select('id').eq('slug', 'local').single();
  if (topicError) throw topicError;
  const title = `${headline} ${Date.now()}`;
  const { data, error } = await client
    .from('publications')
    .insert({
      title,
      description: 'A obra começa em janeiro e mantém os bancos de cerâmica.',
      content,
      topic_id: topic.id,
      published: true,
      published_at: new Date().toISOString(),
    })
    .select('id')
    .single();
  if (error) throw error;
  return { id: data.id, title, path: `/noticia/${data.id}/${storySlug(title)}` };
}
