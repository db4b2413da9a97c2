import { escapeMarkup, jsonForScript } from '../lib/escape';
import type { PageHead } from '../lib/page-head-meta';

// The head's types live in the shared layer, where the pages declare their heads (src/lib/page-head-meta.ts).
export type { ArticleFacts, FeedLink, HeadImage, PageHead } from '../lib/page-head-meta';

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
