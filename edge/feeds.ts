import { imageRenditions, OG_HEIGHT, OG_WIDTH } from '../src/lib/image-renditions';
import { DEFAULT_DESCRIPTION, topicMeta } from '../src/lib/page-meta';
import { paths } from '../src/lib/paths';
import { listFeedStories, type FeedStory } from '../src/services/site-index';
import { getTopicBySlug } from '../src/services/topics';
import { cdata, escapeMarkup, xmlText } from '../src/lib/escape';
import { sanitizeFeedHtml } from './feed-html';
import { absolute, FEED_PATH, topicFeedPath, type SiteContext } from '../src/render/site-context';

// RSS 2.0 (https://www.rssboard.org/rss-specification): the channel's title, link and description and each item's
// title or description are required. The body travels as content:encoded, the picture as Media RSS (an enclosure
// would need the file's length in bytes, which only the storage knows).

interface Channel {
  title: string;
  description: string;
  /** The page the feed mirrors. */
  link: string;
  /** The feed's own address (atom:link rel=self, which validators ask for). */
  self: string;
}

function rfc822(iso: string | null): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date.toUTCString();
}

function iso(value: string | null): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

function element(name: string, value: string | null | undefined): string {
  return value ? `<${name}>${xmlText(value)}</${name}>` : '';
}

/** The category that marks a sponsored story's entry, beside its topic's. */
export const SPONSORED_CATEGORY = 'Conteúdo patrocinado';

/**
 * What a sponsored story's entry says first, in its description and its body: feed readers show one or the other,
 * and the reader must learn it before the story, as on the page. Empty for the newsroom's own stories.
 */
function sponsorNotice(story: FeedStory): string {
  return story.sponsor_name ? `${SPONSORED_CATEGORY} por ${story.sponsor_name}.` : '';
}

function item(site: SiteContext, story: FeedStory): string {
  const og = imageRenditions(story.image_url)?.og;
  const notice = sponsorNotice(story);
  const description = story.description?.trim() || story.title;
  const body = sanitizeFeedHtml(story.content, { imageOrigins: [site.origin], baseUrl: `${site.origin}/` });
  return [
    '<item>',
    element('title', story.title),
    element('link', absolute(site, paths.article(story.id, story.title))),
    // The id's own address stays the same when the title (and so the slug) changes: readers see no duplicate.
    `<guid isPermaLink="true">${xmlText(absolute(site, paths.article(story.id)))}</guid>`,
    element('description', notice ? `${notice} ${description}` : description),
    element('pubDate', rfc822(story.published_at)),
    // A corrected story's entry says when (decision 0038): RSS has no such field, Atom's is read by feed readers.
    element('atom:updated', iso(story.corrected_at)),
    element('category', story.topics?.name),
    notice ? element('category', SPONSORED_CATEGORY) : '',
    element('dc:creator', story.byline ?? 'Redação'),
    `<content:encoded>${cdata(notice ? `<p><strong>${escapeMarkup(notice)}</strong></p>${body}` : body)}</content:encoded>`,
    og ? `<media:content url="${xmlText(absolute(site, og))}" medium="image" type="image/jpeg" width="${OG_WIDTH}" height="${OG_HEIGHT}"/>` : '',
    '</item>',
  ]
    .filter(Boolean)
    .join('');
}

export function renderRss(site: SiteContext, channel: Channel, stories: FeedStory[]): string {
  // The feed changed when its newest story was published or any of its stories was last corrected.
  const times = stories.flatMap((story) => [story.published_at, story.corrected_at]).filter((time): time is string => time !== null);
  const newest = rfc822(times.length ? new Date(Math.max(...times.map((time) => Date.parse(time)))).toISOString() : null);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/">',
    '<channel>',
    element('title', channel.title),
    element('link', channel.link),
    element('description', channel.description),
    `<atom:link href="${xmlText(channel.self)}" rel="self" type="application/rss+xml"/>`,
    element('language', 'pt-BR'),
    element('lastBuildDate', newest),
    ...stories.map((story) => item(site, story)),
    '</channel>',
    '</rss>',
  ]
    .filter(Boolean)
    .join('\n');
}

/** The newest published stories of the whole site. */
export async function siteFeed(site: SiteContext): Promise<string> {
  const stories = await listFeedStories(site.client, null);
  return renderRss(
    site,
    { title: site.siteName, description: DEFAULT_DESCRIPTION, link: absolute(site, paths.home()), self: absolute(site, FEED_PATH) },
    stories,
  );
}

/** One topic's newest published stories; null for a slug no topic has. */
export async function topicFeed(site: SiteContext, slug: string): Promise<string | null> {
  const topic = await getTopicBySlug(site.client, slug);
  if (!topic) return null;
  const stories = await listFeedStories(site.client, topic.slug);
  return renderRss(
    site,
    {
      title: `${site.siteName}: ${topic.name}`,
      description: topicMeta(topic.name).description,
      link: absolute(site, paths.topic(topic.slug)),
      self: absolute(site, topicFeedPath(topic.slug)),
    },
    stories,
  );
}
