import type { Row } from '../types/database';
import type { DataClient } from './client';
import { check, unwrap, unwrapOptional } from './errors';
import { publishedDescending } from './published-list';

/**
 * What card lists receive: docs/product.md §18's public select without the body and the video, which no card shows; a
 * card opens /noticia/:id, which loads the whole publication. Keeps the home page's responses small. The sponsor is
 * there because a sponsored story's card says so ('Conteúdo patrocinado').
 */
export const SUMMARY_COLUMNS = 'id,title,description,image_url,published_at,views,author_id,sponsor_name,topics(id,name,slug)' as const;

export type PublicationSummary = Pick<
  Row<'publications'>,
  'id' | 'title' | 'description' | 'image_url' | 'published_at' | 'views' | 'author_id' | 'sponsor_name'
> & { topics: { id: string; name: string; slug: string } | null };

/** A correction as readers see it: what was wrong, what is right, when (never who). */
export type PublicCorrection = Pick<Row<'publication_corrections'>, 'id' | 'corrected_at' | 'wrong' | 'correct'>;

export type PublicPublication = PublicationSummary &
  Pick<Row<'publications'>, 'content' | 'youtube_url' | 'byline' | 'image_alt' | 'image_credit' | 'updated_at' | 'corrected_at'> & {
    publication_corrections?: PublicCorrection[];
  };

export const PUBLIC_LIST_LIMIT = 24;
export const MOST_READ_LIMIT = 5;

/** Published publications of one topic, newest first (docs/product.md §18). */
export async function listPublishedByTopic(
  client: DataClient,
  topicId: string,
  limit = PUBLIC_LIST_LIMIT,
): Promise<PublicationSummary[]> {
  return unwrap(
    await publishedDescending(client.from('publications').select(SUMMARY_COLUMNS).eq('topic_id', topicId), ['published_at'], limit),
  );
}

/**
 * Published publications of the topic with this slug, newest first, in one request: the embedded topic is an
 * inner join filtered by slug, so the home page needs no topic lookup first.
 */
export async function listPublishedByTopicSlug(
  client: DataClient,
  slug: string,
  limit = PUBLIC_LIST_LIMIT,
): Promise<PublicationSummary[]> {
  const inTopic = client
    .from('publications')
    .select('id,title,description,image_url,published_at,views,author_id,sponsor_name,topics!inner(id,name,slug)')
    .eq('topics.slug', slug);
  return unwrap(await publishedDescending(inTopic, ['published_at'], limit));
}

/**
 * The lead story ('Manchete', docs/product.md §4 and §12), or null when the newsroom chose none. The read policy answers only a
 * visible one, and the database keeps at most one (publications_one_lead_idx, which this lookup uses).
 */
export async function getLeadPublication(client: DataClient): Promise<PublicationSummary | null> {
  return unwrapOptional(await client.from('publications').select(SUMMARY_COLUMNS).eq('is_lead', true).maybeSingle());
}

/** docs/product.md §18 most read: published, by views, five. */
export async function listMostRead(client: DataClient, limit = MOST_READ_LIMIT): Promise<PublicationSummary[]> {
  return unwrap(await publishedDescending(client.from('publications').select(SUMMARY_COLUMNS), ['views'], limit));
}


/** rpc increment_views: +1 for a published publication (a draft is silently left alone by the database). */
export async function incrementViews(client: DataClient, publicationId: string): Promise<void> {
  check(await client.rpc('increment_views', { publication_id: publicationId }));
}
