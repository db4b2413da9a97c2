import { isUuid } from '../lib/uuid';
import type { ServingCampaign } from './ad-campaigns';
import type { DataClient } from './client';
import { unwrap } from './errors';
import type { PublicationSummary, PublicPublication } from './publications';
import { RELATED_STORIES_LIMIT } from './related-stories';

// A story's page in one request (rpc story_page, supabase/migrations/20261202110000): what the server's render of a
// story reads, one transaction instead of three (docs/decisions/0051). Each part is what its own request gives
// (getPublishedPublication, listRelatedStories, servingCampaigns for 'banner-materia'), as the caller may read it;
// tests/services/story-page.test.ts keeps them equal. A reader's browser asks part by part.

export interface StoryPage {
  /** Null for an unknown, unpublished or scheduled story, or an id that is no uuid. */
  story: PublicPublication | null;
  /** 'Leia também': empty without a story or a topic. */
  related: PublicationSummary[];
  /** The campaigns serving in the story's banner space. */
  campaigns: ServingCampaign[];
}

const NO_STORY: StoryPage = { story: null, related: [], campaigns: [] };

export async function getStoryPage(client: DataClient, id: string): Promise<StoryPage> {
  // As getPublishedPublication: an id that is no uuid is not sent (Postgres would refuse the cast).
  if (!isUuid(id)) return NO_STORY;
  return unwrap(await client.rpc('story_page', { story_id: id, related_limit: RELATED_STORIES_LIMIT })) as unknown as StoryPage;
}
