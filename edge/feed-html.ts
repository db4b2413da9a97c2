import { sanitizeWithoutDom } from '../src/lib/rich-text/sanitize-without-dom';

// A story's body in the feeds: the page's DOM-free sanitiser (src/lib/rich-text/sanitize-without-dom.ts, decision
// 0050) with the feeds' one difference, an image's relative source made absolute on the site.

export interface FeedHtmlOptions {
  /** Origins whose publications bucket is ours besides hosted projects (the site's own, where the local backend answers). */
  imageOrigins?: readonly string[];
  /** Where a relative image source is made absolute: feed readers have no page to resolve it against. */
  baseUrl?: string;
}

/** A story's body reduced to the rich-text allow-list, as HTML safe to embed in a feed. */
export function sanitizeFeedHtml(html: string | null | undefined, options: FeedHtmlOptions = {}): string {
  return sanitizeWithoutDom(html, options);
}
