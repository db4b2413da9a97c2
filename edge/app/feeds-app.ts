import { Hono } from 'hono';
import { siteFeed, topicFeed } from '../feeds';
import { FEED_PATH } from '../../src/render/site-context';
import {
  NEWS_SITEMAP_PATH,
  newsSitemap,
  PAGES_SITEMAP_PATH,
  pagesSitemap,
  robotsTxt,
  SITEMAP_INDEX_PATH,
  sitemapIndex,
  STORIES_SITEMAP,
  storiesSitemap,
} from '../sitemaps';
import { CACHE, notFoundText, passToHost, rss, text, xml } from './answers';
import type { EdgeEnv } from './edge-env';

// Feeds, sitemaps and robots.txt: what readers' feed apps and crawlers poll (kept by the render cache, with an ETag:
// edge-app.ts).

const RSS_TOPIC = /^([a-z0-9-]{1,100})\.xml$/;

export function feedsApp(now: () => Date): Hono<EdgeEnv> {
  const app = new Hono<EdgeEnv>();
  app.get('/robots.txt', (c) => text(robotsTxt(c.var.site), 'text/plain; charset=utf-8', CACHE.robots));
  app.get(FEED_PATH, async (c) => rss(await siteFeed(c.var.site)));
  app.get('/rss/:file', async (c) => {
    const slug = RSS_TOPIC.exec(c.req.param('file'))?.[1];
    if (!slug) return passToHost();
    const feed = await topicFeed(c.var.site, slug);
    return feed === null ? notFoundText() : rss(feed);
  });
  app.get(SITEMAP_INDEX_PATH, async (c) => xml(await sitemapIndex(c.var.site)));
  app.get(PAGES_SITEMAP_PATH, async (c) => xml(await pagesSitemap(c.var.site)));
  app.get(NEWS_SITEMAP_PATH, async (c) => xml(await newsSitemap(c.var.site, now())));
  app.get('/:file{sitemap-stories-[1-9][0-9]{0,5}\\.xml}', async (c) => {
    const page = STORIES_SITEMAP.exec(c.req.path)?.[1];
    if (!page) return passToHost();
    const sitemap = await storiesSitemap(c.var.site, Number(page));
    return sitemap === null ? notFoundText() : xml(sitemap);
  });
  return app;
}
