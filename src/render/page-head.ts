import { escapeMarkup, jsonForScript } from '../lib/escape';

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

function meta(attribute: 'name' | 'property', key: string, content: string | null | undefined): string {
  return content ? `<meta ${attribute}="${key}" content="${escapeMarkup(content)}">` : '';
}

/** The tags of a page's head, every value escaped. */
export function renderHead(head: PageHead): string {
  const tags = [
    `<title>${escapeMarkup(head.title)}</title>`,
    meta('name', 'description', head.description),
    meta('name', 'robots', head.robots),
    head.canonical ? `<link rel="canonical" href="${escapeMarkup(head.canonical)}">` : '',
    ...head.feeds.map(
      (feed) => `<link rel="alternate" type="application/rss+xml" title="${escapeMarkup(feed.title)}" href="${escapeMarkup(feed.url)}">`,
    ),
    meta('property', 'og:type', head.type),
    meta('property', 'og:site_name', head.siteName),
    meta('property', 'og:locale', 'pt_BR'),
    meta('property', 'og:title', head.shareTitle),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.canonical),
    meta('property', 'og:image', head.image.url),
    meta('property', 'og:image:secure_url', head.image.url.startsWith('https:') ? head.image.url : null),
    meta('property', 'og:image:type', 'image/jpeg'),
    meta('property', 'og:image:width', String(head.image.width)),
    meta('property', 'og:image:height', String(head.image.height)),
    meta('property', 'og:image:alt', head.image.alt),
    meta('property', 'article:published_time', head.article?.publishedTime),
    meta('property', 'article:modified_time', head.article?.modifiedTime),
    meta('property', 'article:section', head.article?.section),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', head.shareTitle),
    meta('name', 'twitter:description', head.description),
    meta('name', 'twitter:image', head.image.url),
    meta('name', 'twitter:image:alt', head.image.alt),
    ...head.jsonLd.map((data) => `<script type="application/ld+json">${jsonForScript(data)}</script>`),
  ];
  return tags.filter(Boolean).join('\n    ');
}

const TITLE = /<title>[\s\S]*?<\/title>\s*/i;
const DESCRIPTION = /<meta\s+name=["']description["'][^>]*>\s*/i;

/**
 * The built page with this head: the build's generic title and description give way to the page's own tags, which
 * go where the head ends (after the build's styles and scripts, which the browser should find first).
 */
export function withHead(html: string, head: PageHead): string {
  const end = html.search(/<\/head>/i);
  if (end < 0) throw new Error('The built page has no </head>');
  const before = html.slice(0, end).replace(TITLE, '').replace(DESCRIPTION, '');
  return `${before}  ${renderHead(head)}\n  ${html.slice(end)}`;
}
