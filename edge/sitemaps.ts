import { paths, topicNavigation } from '../src/lib/paths';
import {
  countPublishedStories,
  listSitemapStories,
  listStoriesPublishedSince,
  listTopicSlugs,
  SITEMAP_PAGE_SIZE,
} from '../src/services/site-index';
import { xmlText } from '../src/lib/escape';
import { absolute, type SiteContext } from '../src/render/site-context';
import { indexablePagePaths } from '../src/app/reader-pages';

// The sitemaps protocol (sitemaps.org): an index of files, each at most 50,000 addresses, every address absolute on
// the site's one host. Plus Google News' sitemap: the stories of the last two days, with publication and title.

export const SITEMAP_INDEX_PATH = '/sitemap.xml';
export const PAGES_SITEMAP_PATH = '/sitemap-pages.xml';
export const NEWS_SITEMAP_PATH = '/sitemap-news.xml';
export const storiesSitemapPath = (page: number) => `/sitemap-stories-${page}.xml`;
export const STORIES_SITEMAP = /^\/sitemap-stories-([1-9]\d{0,5})\.xml$/;

const NEWS_WINDOW_MS = 2 * 24 * 60 * 60 * 1000;
const XML = '<?xml version="1.0" encoding="UTF-8"?>';
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

function url(loc: string, lastmod?: string | null, extra = ''): string {
  return `<url><loc>${xmlText(loc)}</loc>${lastmod ? `<lastmod>${xmlText(lastmod)}</lastmod>` : ''}${extra}</url>`;
}

function urlset(urls: string[], namespaces = ''): string {
  return [XML, `<urlset xmlns="${SITEMAP_NS}"${namespaces}>`, ...urls, '</urlset>'].join('\n');
}

export async function sitemapIndex(site: SiteContext): Promise<string> {
  const stories = await countPublishedStories(site.client);
  const files = [PAGES_SITEMAP_PATH, NEWS_SITEMAP_PATH];
  for (let page = 1; page <= Math.ceil(stories / SITEMAP_PAGE_SIZE); page += 1) files.push(storiesSitemapPath(page));
  return [
    XML,
    `<sitemapindex xmlns="${SITEMAP_NS}">`,
    ...files.map((file) => `<sitemap><loc>${xmlText(absolute(site, file))}</loc></sitemap>`),
    '</sitemapindex>',
  ].join('\n');
}

/** The home page, every topic (the navigation's first, in its order) and the reader's other indexable pages. */
export async function pagesSitemap(site: SiteContext): Promise<string> {
  const topics = await listTopicSlugs(site.client);
  const navigation = topicNavigation.map((topic) => topic.slug as string);
  const slugs = [...new Set([...navigation.filter((slug) => topics.some((topic) => topic.slug === slug)), ...topics.map((topic) => topic.slug)])];
  const [home = paths.home(), ...others] = indexablePagePaths(site);
  const addresses = [home, ...slugs.map((slug) => paths.topic(slug)), ...others];
  return urlset(addresses.map((address) => url(absolute(site, address))));
}

/** One file of stories (pages from 1); null beyond the last. */
export async function storiesSitemap(site: SiteContext, page: number): Promise<string | null> {
  const stories = await listSitemapStories(site.client, page);
  if (stories.length === 0 && page > 1) return null;
  return urlset(stories.map((story) => url(absolute(site, paths.article(story.id, story.title)), story.updated_at ?? story.published_at)));
}

export async function newsSitemap(site: SiteContext, now: Date): Promise<string> {
  const stories = await listStoriesPublishedSince(site.client, new Date(now.getTime() - NEWS_WINDOW_MS));
  const publication = `<news:publication><news:name>${xmlText(site.siteName)}</news:name><news:language>pt</news:language></news:publication>`;
  return urlset(
    stories.map((story) =>
      url(
        absolute(site, paths.article(story.id, story.title)),
        null,
        `<news:news>${publication}<news:publication_date>${xmlText(story.published_at ?? '')}</news:publication_date><news:title>${xmlText(story.title)}</news:title></news:news>`,
      ),
    ),
    ' xmlns:news="http://www.google.com/schemas/sitemap-news/0.9"',
  );
}

export function robotsTxt(site: SiteContext): string {
  return [
    'User-agent: *',
    'Allow: /',
    // The newsroom's panel and the API are no reader's pages.
    `Disallow: ${paths.admin.root()}/`,
    'Disallow: /api/',
    '',
    `Sitemap: ${absolute(site, SITEMAP_INDEX_PATH)}`,
    '',
  ].join('\n');
}
