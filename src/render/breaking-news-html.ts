import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { BREAKING_NEWS_SLOT, BreakingNewsBanner, type ReaderLayoutData } from '../features/reader/layout/breaking-news-banner';
import { getCurrentBreakingNews, type BreakingNews } from '../services/breaking-news';
import { routeDataOf, withRouteData } from './server-render-html';
import type { SiteContext } from './site-context';

// Breaking news in a page served as built (decision 0034): the build prerendered every reader page with the banner's
// slot empty, and the Worker and a page whose render did not finish go out as built. The edge handler writes the
// running banner into the slot, as React renders it, and makes it the reader layout's data in the page's data block
// (beside what the block already says, such as the home page's hero), so the banner is in the HTML before any
// JavaScript and hydration meets exactly that: nothing moves. Pages the server rendered carry it already.

const EMPTY_SLOT = `${BREAKING_NEWS_SLOT}</div>`;

/** The story urgent now, null when there is none, undefined when it could not be read (the page then says nothing). */
export async function readBreakingNews(site: SiteContext): Promise<BreakingNews | null | undefined> {
  try {
    return await getCurrentBreakingNews(site.client);
  } catch (error) {
    // The page works without its banner; the browser's loader asks again.
    console.error('edge: the breaking news could not be read', error);
    return undefined;
  }
}

/** The built page with this answer in its banner slot and data block; the page unchanged when it has no empty slot. */
export function withBreakingNews(html: string, news: BreakingNews | null): string {
  if (!html.includes(EMPTY_SLOT)) return html;
  const banner = news ? renderToString(createElement(StaticRouter, { location: '/' }, createElement(BreakingNewsBanner, { news }))) : '';
  const withBanner = html.replace(EMPTY_SLOT, () => `${BREAKING_NEWS_SLOT}${banner}</div>`);
  const layout: ReaderLayoutData = { breakingNews: news };
  return withRouteData(withBanner, { ...routeDataOf(withBanner), reader: layout });
}
