import { sanitizeWithoutDom, type SanitizeWithoutDomOptions } from '../src/lib/rich-text/sanitize-without-dom';

// A story's body in the feeds: the server's DOM-free sanitiser (src/lib/rich-text/sanitize-without-dom.ts, decision
// 0050), the page's allow-list, on Node and in the Worker alike.

/**
 * A story's body reduced to the rich-text allow-list, as HTML safe to embed in a feed. The feeds name the site's
 * origin among `imageOrigins` and give `baseUrl`: a feed reader has no page to resolve a relative image against.
 */
export function sanitizeFeedHtml(html: string | null | undefined, options: SanitizeWithoutDomOptions = {}): string {
  return sanitizeWithoutDom(html, options);
}
