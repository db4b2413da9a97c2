import DOMPurify, { type DOMPurify as Purifier, type WindowLike } from 'dompurify';
import { ALLOWED_ATTRIBUTES, ALLOWED_TAGS, DROPPED_WITH_CONTENT, keptAttributes } from './allow-list';
import { ownImageOrigins } from './image-origins';

export { ownImageOrigins };

// The allow-list applied by DOMPurify, in a DOM: the editor's on save, and the reader's browser for an in-app
// navigation (decision 0050; the server and the feeds have no DOM and use sanitize-without-dom.ts).

let imageOrigins: readonly string[] = [];
let current: { window: WindowLike; purifier: Purifier } | null = null;

/** The sanitiser for the DOM at hand, made once with the allow-list's hook. */
function purifier(window: WindowLike): Purifier {
  if (current?.window !== window) {
    const made = DOMPurify(window);
    made.addHook('afterSanitizeAttributes', (node) => {
      const tag = node.nodeName.toLowerCase();
      const attributes = Object.fromEntries(node.getAttributeNames().map((name) => [name, node.getAttribute(name) ?? '']));
      const kept = keptAttributes(tag, attributes, imageOrigins);
      if (kept === null) {
        // An image from anywhere but our own bucket (another site, data:, javascript:) goes, with its figure.
        const figure = node.parentElement?.nodeName === 'FIGURE' ? node.parentElement : null;
        (figure ?? node).remove();
        return;
      }
      for (const name of node.getAttributeNames()) if (!Object.hasOwn(kept, name)) node.removeAttribute(name);
      for (const [name, value] of Object.entries(kept)) node.setAttribute(name, value);
    });
    current = { window, purifier: made };
  }
  return current.purifier;
}

export interface SanitizeOptions {
  /** Origins whose publications bucket is ours (besides hosted projects and relative paths); ownImageOrigins() by default. */
  imageOrigins?: readonly string[];
  /** The DOM to sanitise in: the page's by default (a test's jsdom window, edge/feed-html.test.ts). */
  window?: WindowLike | null;
}

/** Sanitises rich-text HTML with the allow-list: run before it is stored and again before it is rendered. */
export function sanitizeRichText(html: string | null | undefined, options: SanitizeOptions = {}): string {
  if (!html) return '';
  // Without a DOM there is nothing to sanitise with (DOMPurify alone would hand the HTML back as it came): nothing
  // unsanitised ever leaves here.
  const dom = options.window ?? (typeof window === 'undefined' ? null : window);
  if (!dom) return '';
  imageOrigins = options.imageOrigins ?? ownImageOrigins();
  return purifier(dom).sanitize(html, {
    ALLOWED_TAGS: [...ALLOWED_TAGS],
    ALLOWED_ATTR: [...ALLOWED_ATTRIBUTES],
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    FORBID_CONTENTS: [...DROPPED_WITH_CONTENT],
  });
}
