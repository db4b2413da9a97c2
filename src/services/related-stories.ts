import type { DataClient } from './client';
import { unwrap } from './errors';
import { publishedDescending } from './published-list';
import { SUMMARY_COLUMNS, type PublicationSummary } from './publications';

// 'Leia também' at the end of a story: loaded with the article page, not with the home page.

export const RELATED_STORIES_LIMIT = 3;

/**
 * 'Leia também': the newest other published stories of a topic, in one request along the
 * (published, topic_id, published_at desc, id desc) index.
 */
export async function listRelatedStories(
  client: DataClient,
  { topicId, excludeId, limit = RELATED_STORIES_LIMIT }: { topicId: string; excludeId: string; limit?: number },
): Promise<PublicationSummary[]> {
  const others = client.from('publications').select(SUMMARY_COLUMNS).eq('topic_id', topicId).neq('id', excludeId);
  return unwrap(await publishedDescending(others, ['published_at', 'id'], limit));
}
