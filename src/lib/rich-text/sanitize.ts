import DOMPurify, { type DOMPurify as Purifier, type WindowLike } from 'dompurify';
import { env } from '../../config/env';
import { htmlWindow } from './html-window';
import { ALLOWED_ATTRIBUTES, ALLOWED_TAGS, isAllowedLink, isImageDimension, isOwnStorageImage } from './allow-list';

/** Which element may carry which attribute: the allow-list's attributes are not every element's. */
const ATTRIBUTES_BY_TAG: Readonly<Record<string, readonly string[]>> = {
  A: ['href', 'target', 'rel'],
  OL: ['start'],
  IMG: ['src', 'alt', 'width', 'height'],
};

/**
 * The origins whose publications bucket counts as ours here: the configured project and the page's own (local
 * backend); the server's render names the page's origin, which it has no location for.
 */
export function ownImageOrigins(pageOrigin: string | undefined = globalThis.location?.origin): string[] {
  const origins = [env.supabaseUrl, pageOrigin];
  return origins.filter((origin): origin is string => typeof origin === 'string' && origin !== '' && origin !== 'null');
}

let imageOrigins: readonly string[] = [];
let current: { window: WindowLike | null; purifier: Purifier } | null = null;

/** The sanitiser for the DOM at hand (html-window.ts), made once with the allow-list's hook. */
function purifier(): Purifier {
  const window = htmlWindow();
  if (current?.window !== window) {
    const made = window ? DOMPurify(window) : DOMPurify;
    made.addHook('afterSanitizeAttributes', (node) => {
      const allowed = ATTRIBUTES_BY_TAG[node.nodeName] ?? [];
      for (const name of node.getAttributeNames()) if (!allowed.includes(name)) node.removeAttribute(name);
      if (node.nodeName === 'A') {
        // Links leave the site safely; anything that is not http(s)/mailto/tel loses its href.
        const href = node.getAttribute('href');
        if (href === null || !isAllowedLink(href)) node.removeAttribute('href');
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer nofollow');
      }
      if (node.nodeName === 'IMG') {
        // An image from anywhere but our own bucket (another site, data:, javascript:) goes, with its figure.
        const src = node.getAttribute('src');
        if (src === null || !isOwnStorageImage(src, imageOrigins)) {
          const figure = node.parentElement?.nodeName === 'FIGURE' ? node.parentElement : null;
          (figure ?? node).remove();
          return;
        }
        for (const name of ['width', 'height']) {
          const value = node.getAttribute(name);
          if (value !== null && !isImageDimension(value)) node.removeAttribute(name);
        }
      }
    });
    current = { window, purifier: made };
  }
  return current.purifier;
}

export interface SanitizeOptions {
  /** Origins whose publications bucket is ours (besides hosted projects and relative paths); ownImageOrigins() by default. */
  imageOrigins?: readonly string[];
}

/** Sanitises rich-text HTML with the allow-list: run before it is stored and again before it is rendered. */
export function sanitizeRichText(html: string | null | undefined, options: SanitizeOptions = {}): string {
  if (!html) return '';
  imageOrigins = options.imageOrigins ?? ownImageOrigins();
  return purifier().sanitize(html, {
    ALLOWED_TAGS: [...ALLOWED_TAGS],
    ALLOWED_ATTR: [...ALLOWED_ATTRIBUTES],
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
  });
}
