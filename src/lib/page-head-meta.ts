import type { DataClient } from '../services/client';

// What a page's head says and the site facts it is built from (the reader pages' declarations, src/app/reader-page.ts,
// build it; src/render/page-head.ts writes it into the document). A shared layer: the pages declare their heads with it.

/** An image as Open Graph describes it: absolute, with its size so Meta shows it on the very first share. */
export interface HeadImage {
  url: string;
  width: number;
  height: number;
  alt: string;
}

export interface ArticleFacts {
  publishedTime: string | null;
  modifiedTime: string | null;
  section: string | null;
}

export interface FeedLink {
  title: string;
  url: string;
}

/** What one page's head says about it: the same title the app shows, and everything a crawler reads. */
export interface PageHead {
  /** The document title as the app writes it ("{page} | {site}", or the site's name alone). */
  title: string;
  /** The page's own name for Open Graph (without the site's). */
  shareTitle: string;
  description: string;
  /** Absolute; null for a page that has no address of its own to canonicalise (a 404). */
  canonical: string | null;
  siteName: string;
  type: 'website' | 'article';
  image: HeadImage;
  article: ArticleFacts | null;
  /** 'noindex' keeps a page out of search results (a 404, a search, the admin); a story's allows large previews. */
  robots: string | null;
  feeds: FeedLink[];
  jsonLd: object[];
}

/** What every answer of one request needs: where the site lives, its name, and a reader's view of the data. */
export interface SiteContext {
  /** The site's public origin, no trailing slash: every address the handler writes is absolute on it. */
  origin: string;
  siteName: string;
  client: DataClient;
}

/** The link preview of a page without a picture of its own (public/images/brand, made by scripts/make-brand-images.ts). */
export const BRAND_IMAGE = { path: '/images/brand/og-default.jpg', width: 1200, height: 630 } as const;
/** The publisher's logo in structured data. */
export const BRAND_LOGO = { path: '/images/brand/logo.png', width: 512, height: 512 } as const;

export function absolute(site: SiteContext, pathOrUrl: string): string {
  return new URL(pathOrUrl, `${site.origin}/`).href;
}

export function brandImage(site: SiteContext): HeadImage {
  return { url: absolute(site, BRAND_IMAGE.path), width: BRAND_IMAGE.width, height: BRAND_IMAGE.height, alt: site.siteName };
}

/** The newspaper as structured data names it: the publisher of every story. */
export function publisher(site: SiteContext): object {
  return {
    '@type': 'NewsMediaOrganization',
    name: site.siteName,
    url: `${site.origin}/`,
    logo: { '@type': 'ImageObject', url: absolute(site, BRAND_LOGO.path), width: BRAND_LOGO.width, height: BRAND_LOGO.height },
  };
}

export const FEED_PATH = '/rss.xml';
export const topicFeedPath = (slug: string) => `/rss/${encodeURIComponent(slug)}.xml`;
