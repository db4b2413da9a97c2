import type { DataClient } from '../services/client';
import type { HeadImage } from './page-head';

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
