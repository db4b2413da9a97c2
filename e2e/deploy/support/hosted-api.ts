import { publishLocalStory, signedInAdminClient, type AdminClient, type PublishedStory } from '../../support/api.ts';
import { hosted } from './hosted.ts';

// The stand-in hosted project's API as the newsroom's administrator reaches it, for deploy paths that need a
// published story without going through the panel (the same helpers as the local suite's, e2e/support/api.ts).

/** supabase-js signed in as the stand-in's administrator (e2e/deploy/global-setup.ts). */
export function hostedAdminClient(): Promise<AdminClient> {
  return signedInAdminClient(hosted());
}

/** Publishes a story now in the 'Porto Ferreira' topic; returns its address. */
export function publishStoryThroughApi(
  client: AdminClient,
  headline: string,
  content = '<p>A reforma foi aprovada por unanimidade.</p>',
): Promise<PublishedStory> {
  return publishLocalStory(client, headline, { description: 'A obra começa em janeiro e mantém os bancos de cerâmica.', content });
}
