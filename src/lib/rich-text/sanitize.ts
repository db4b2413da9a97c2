import DOMPurify from 'dompurify';
import { ALLOWED_ATTRIBUTES, ALLOWED_TAGS, isAllowedLink } from './allow-list';

let hooked = false;

function purifier() {
  if (!hooked) {
    // Links leave the site safely; anything that is not http(s)/mailto/tel loses its href.
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.nodeName !== 'A') return;
      const href = node.getAttribute('href');
      if (href === null || !isAllowedLink(href)) node.removeAttribute('href');
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer nofollow');
    });
    hooked = true;
  }
  return DOMPurify;
}

/** Sanitises rich-text HTML with the allow-list: run before it is stored and again before it is rendered. */
export function sanitizeRichText(html: string | null | undefined): string {
  if (!html) return '';
  return purifier().sanitize(html, {
    ALLOWED_TAGS: [...ALLOWED_TAGS],
    ALLOWED_ATTR: [...ALLOWED_ATTRIBUTES],
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
  });
}
