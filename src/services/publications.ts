import type { Row } from '../types/database';
import { isUuid } from '../lib/uuid';
import type { Client } from './client';
import { ServiceError, check, unwrap, unwrapOptional } from './errors';

/** What an article page receives: docs/product.md §18's public select plus the video URL the article view embeds. */
const PUBLIC_COLUMNS =
  'id,title,description,content,image_url,youtube_url,published_at,views,author_id,topics(id,name,slug)' as const;

/**
 * What card lists receive: docs/product.md §18's public select without the body and the video, which no card shows; a
 * card opens /noticia/:id, which loads the whole publication. Keeps the home page's responses small.
 */
const SUMMARY_COLUMNS = 'id,title,description,image_url,published_at,views,author_id,topics(id,name,slug)' as const;

export type PublicationSummary = Pick<
  Row<'publications'>,
  'id' | 'title' | 'description' | 'image_url' | 'published_at' | 'views' | 'author_id'
> & { topics: { id: string; name: string; slug: string } | null };

export type PublicPublication = PublicationSummary & Pick<Row<'publications'>, 'content' | 'youtube_url'>;

export type AdminPublication = Row<'publications'> & { topics: { name: string } | null };

export const PUBLIC_LIST_LIMIT = 24;
export const MOST_READ_LIMIT = 5;
/** The admin list is bounded too; a newsroom of this size publishes far fewer per screen. */
export const ADMIN_LIST_LIMIT = 200;

/** Published publications of one topic, newest first (docs/product.md §18). */
export async function listPublishedByTopic(
  client: Client,
  topicId: string,
  limit = PUBLIC_LIST_LIMIT,
): Promise<PublicationSummary[]> {
  return unwrap(
    await client
      .from('publications')
      .select(SUMMARY_COLUMNS)
      .eq('published', true)
      .eq('topic_id', topicId)
      .order('published_at', { ascending: false })
      .limit(limit),
  );
}

/**
 * Published publications of the topic with this slug, newest first, in one request: the embedded topic is an
 * inner join filtered by slug, so the home page needs no topic lookup first.
 */
export async function listPublishedByTopicSlug(
  client: Client,
  slug: string,
  limit = PUBLIC_LIST_LIMIT,
): Promise<PublicationSummary[]> {
  return unwrap(
    await client
      .from('publications')
      .select('id,title,description,image_url,published_at,views,author_id,topics!inner(id,name,slug)')
      .eq('published', true)
      .eq('topics.slug', slug)
      .order('published_at', { ascending: false })
      .limit(limit),
  );
}

/** docs/product.md §18 most read: published, by views, five. */
export async function listMostRead(client: Client, limit = MOST_READ_LIMIT): Promise<PublicationSummary[]> {
  return unwrap(
    await client
      .from('publications')
      .select(SUMMARY_COLUMNS)
      .eq('published', true)
      .order('views', { ascending: false })
      .limit(limit),
  );
}

/** One published publication; null when it does not exist, is not published or the id is no uuid. */
export async function getPublishedPublication(client: Client, id: string): Promise<PublicPublication | null> {
  if (!isUuid(id)) return null;
  return unwrapOptional(
    await client.from('publications').select(PUBLIC_COLUMNS).eq('id', id).eq('published', true).maybeSingle(),
  );
}

/** rpc increment_views: +1 for a published publication (a draft is silently left alone by the database). */
export async function incrementViews(client: Client, publicationId: string): Promise<void> {
  check(await client.rpc('increment_views', { publication_id: publicationId }));
}

export async function listAllPublications(client: Client, limit = ADMIN_LIST_LIMIT): Promise<AdminPublication[]> {
  return unwrap(
    await client.from('publications').select('*,topics(name)').order('created_at', { ascending: false }).limit(limit),
  );
}

/** One publication, drafts included (the editor's); null when no row has this id. */
export async function getPublication(client: Client, id: string): Promise<AdminPublication | null> {
  if (!isUuid(id)) return null;
  return unwrapOptional(await client.from('publications').select('*,topics(name)').eq('id', id).maybeSingle());
}

export interface PublicationInput {
  title: string;
  description: string;
  content: string;
  image_url: string | null;
  youtube_url: string | null;
  topic_id: string;
  published: boolean;
}

/**
 * Creates (no id) or updates a publication with docs/product.md §19's rules: published_at is now on every save with the box
 * ticked (edits included) and null without it; updated_at is now; author_id is the signed-in user.
 * The content must already be sanitised by the caller (lib/rich-text), which owns the allow-list.
 */
export async function savePublication(
  client: Client,
  input: PublicationInput,
  id?: string,
  now: Date = new Date(),
): Promise<AdminPublication> {
  const { data: auth } = await client.auth.getSession();
  const authorId = auth.session?.user.id;
  if (!authorId) throw new ServiceError('User not authenticated', { code: 'not_authenticated' });
  const timestamp = now.toISOString();
  const row = {
    title: input.title.trim(),
    description: input.description.trim() || null,
    content: input.content || null,
    image_url: input.image_url,
    youtube_url: input.youtube_url,
    topic_id: input.topic_id,
    published: input.published,
    published_at: input.published ? timestamp : null,
    updated_at: timestamp,
    author_id: authorId,
  };
  const query = id
    ? client.from('publications').update(row).eq('id', id)
    : client.from('publications').insert(row);
  return unwrap(await query.select('*,topics(name)').single());
}

/** The list toggle: publishing stamps published_at now, unpublishing clears it. */
export async function setPublicationPublished(
  client: Client,
  id: string,
  published: boolean,
  now: Date = new Date(),
): Promise<void> {
  check(
    await client
      .from('publications')
      .update({ published, published_at: published ? now.toISOString() : null })
      .eq('id', id),
  );
}

export async function deletePublication(client: Client, id: string): Promise<void> {
  check(await client.from('publications').delete().eq('id', id));
}
