import type { Row } from '../types/database';
import type { DataClient } from './client';
import { unwrap } from './errors';

// What the edge handler reads to describe the site to crawlers and feed readers: the feeds and the sitemaps (a
// story's own head comes from the article page's data: src/render/page-answer.ts). Anonymous reads, so only published rows ever come back (the row-level policies), and every list is
// bounded and ordered along an index (publications (published, published_at desc)).

type TopicRef = { name: string; slug: string } | null;

/** A story as a feed carries it, with the body and its sponsor (a sponsored story's entry says so); no counters. */
export type FeedStory = Pick<
  Row<'publications'>,
  'id' | 'title' | 'description' | 'content' | 'image_url' | 'image_alt' | 'published_at' | 'updated_at' | 'corrected_at' | 'byline' | 'sponsor_name'
> & { topics: TopicRef };

/** A story as a sitemap lists it. */
export type SitemapStory = Pick<Row<'publications'>, 'id' | 'title' | 'published_at' | 'updated_at'>;

export const FEED_LIMIT = 50;
/** PostgREST's usual max-rows on hosted projects: one sitemap file is one request. */
export const SITEMAP_PAGE_SIZE = 1000;
/** Google News reads at most 1,000 stories of the last two days. */
export const NEWS_SITEMAP_LIMIT = 1000;
export const TOPICS_LIMIT = 200;

/** The newest published stories, of one topic (by slug) or of all. */
export async function listFeedStories(client: DataClient, topicSlug: string | null, limit = FEED_LIMIT): Promise<FeedStory[]> {
  const base = client.from('publications');
  const query = topicSlug
    ? base
        .select('id,title,description,content,image_url,image_alt,published_at,updated_at,corrected_at,byline,sponsor_name,topics!inner(name,slug)')
        .eq('topics.slug', topicSlug)
    : base.select('id,title,description,content,image_url,image_alt,published_at,updated_at,corrected_at,byline,sponsor_name,topics(name,slug)');
  return unwrap(await query.eq('published', true).order('published_at', { ascending: false }).order('id').limit(limit));
}

/** How many stories are published: the sitemap index's number of story files. */
export async function countPublishedStories(client: DataClient): Promise<number> {
  const { count, error } = await client.from('publications').select('id', { count: 'exact', head: true }).eq('published', true);
  unwrap({ data: [], error });
  return count ?? 0;
}

/**
 * One file of the stories sitemap (pages from 1), oldest first so that a page's contents stay put as stories are
 * published: crawlers can keep what they fetched of the earlier files.
 */
export async function listSitemapStories(client: DataClient, page: number): Promise<SitemapStory[]> {
  const from = (page - 1) * SITEMAP_PAGE_SIZE;
  return unwrap(
    await client
      .from('publications')
      .select('id,title,published_at,updated_at')
      .eq('published', true)
      .order('published_at', { ascending: true })
      .order('id')
      .range(from, from + SITEMAP_PAGE_SIZE - 1),
  );
}

/** Stories published since an instant, newest first: Google News' sitemap. */
export async function listStoriesPublishedSince(client: DataClient, since: Date): Promise<SitemapStory[]> {
  return unwrap(
    await client
      .from('publications')
      .select('id,title,published_at,updated_at')
      .eq('published', true)
      .gte('published_at', since.toISOString())
      .order('published_at', { ascending: false })
      .limit(NEWS_SITEMAP_LIMIT),
  );
}

/** Every topic, for the sitemap and the topic feeds. */
export async function listTopicSlugs(client: DataClient): Promise<Pick<Row<'topics'>, 'name' | 'slug'>[]> {
  return unwrap(await client.from('topics').select('name,slug').order('name').limit(TOPICS_LIMIT));
}
