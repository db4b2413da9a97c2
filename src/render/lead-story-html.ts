import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { FeaturedStory } from '../features/reader/home/featured-story';
import { LEAD_STORY_MARKER } from '../features/reader/home/lead-story-data';
import { withRouteData } from './server-render-html';
import { getLeadPublication } from '../services/publications';
import { localArticle } from '../services/news/local-article';
import type { NewsArticle } from '../services/news/news-article';
import type { SiteContext } from './site-context';

// The home page's hero in its HTML (docs/decisions/0014): the build prerendered the sample story; when the newsroom
// chose a lead story, this puts the hero React renders for it in place of the sample's, swaps the head's preload of
// the hero image, and makes the same article the home route's data in the page's data block (in place of the
// build's, which names the sample). So the lead story's text and image paint before any JavaScript, and hydration
// meets exactly the markup it renders.

/** The hero's element: the marked <article> (the hero holds no other article). */
const HERO = new RegExp(`<article ${LEAD_STORY_MARKER}=""[^>]*>[\\s\\S]*?</article>`);
/** The image preload React put in the head for the prerendered hero (the only high-priority image preload). */
const HERO_PRELOAD = /<link rel="preload" as="image"[^>]*fetchPriority="high"[^>]*\/?>/;
const LEADING_PRELOADS = /^(?:<link [^>]*\/>)*/;

/** The lead story as the home page shows it, or null when there is none or it could not be read (the sample stays). */
export async function readLeadStory(site: SiteContext): Promise<NewsArticle | null> {
  try {
    const row = await getLeadPublication(site.client);
    return row ? localArticle(row, site.siteName) : null;
  } catch (error) {
    // The home page still works with its sample hero; a slow database must not cost readers the page.
    console.error('edge: the lead story could not be read', error);
    return null;
  }
}

/** The hero's markup for an article and the image preload React asks for with it. */
export function renderHero(article: NewsArticle): { markup: string; preload: string } {
  const rendered = renderToString(createElement(StaticRouter, { location: '/' }, createElement(FeaturedStory, { article })));
  const preload = LEADING_PRELOADS.exec(rendered)?.[0] ?? '';
  return { markup: rendered.slice(preload.length), preload };
}

/** The built home page with this lead story as its hero; the page unchanged when it has no marked hero. */
export function withLeadStory(html: string, article: NewsArticle): string {
  if (!HERO.test(html)) return html;
  const { markup, preload } = renderHero(article);
  const withHero = html.replace(HERO, () => markup);
  const withPreload = HERO_PRELOAD.test(withHero)
    ? withHero.replace(HERO_PRELOAD, () => preload)
    : withHero.replace(/<\/head>/i, () => `${preload}</head>`);
  // The home route's data is the hero's article: what the page now shows, and what it hydrates with.
  return withRouteData(withPreload, { home: { lead: article } });
}
