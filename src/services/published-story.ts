import { isUuid } from '../lib/uuid';
import type { DataClient } from './client';
import { unwrapOptional } from './errors';
import type { PublicPublication } from './publications';

// One story as its own page reads it. Apart from ./publications (whose lists the home page's entry chunk carries): the
// article page's loader imports this when it runs, which a page the server rendered never needs in the browser, so the
// story's long column list and its corrections' embed stay out of every page's first load (docs/decisions/0038).

/**
 * What an article page receives: docs/product.md §18's public select plus the video URL the article view embeds, and
 * the story's corrections (at most 50 a story, by the table's own rule: decision 0038) with the newest one's time.
 */
const PUBLIC_COLUMNS =
  'id,title,description,content,image_url,image_alt,image_credit,youtube_url,published_at,updated_at,corrected_at,views,author_id,byline,sponsor_name,topics(id,name,slug),publication_corrections(id,corrected_at,wrong,correct)' as const;

/** One published publication; null when it does not exist, is not published or the id is no uuid. */
export async function getPublishedPublication(client: DataClient, id: string): Promise<PublicPublication | null> {
  if (!isUuid(id)) return null;
  return unwrapOptional(
    await client.from('publications').select(PUBLIC_COLUMNS).eq('id', id).eq('published', true).maybeSingle(),
  );
}
