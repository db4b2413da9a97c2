// The rich-text schema, once: what the editor may produce is exactly what the sanitiser lets through.
// The admin's TipTap extension list (features/admin/editor) is built to stay inside these lists, and a test
// round-trips editor output through the sanitiser. The feeds' DOM-free sanitiser (edge/feed-html.ts) reads them too,
// and the database refuses a body whose images are not ours (migration 20261123140000).

export const ALLOWED_TAGS = [
  'p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'code', 'pre',
  'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'blockquote', 'a', 'hr',
  // Images inside the body (docs/product.md §12): <figure><img><figcaption>Foto: crédito</figcaption></figure>.
  'figure', 'img', 'figcaption',
] as const;

// `start` keeps a numbered list that the editor starts at 3 numbered from 3 for readers. `src`, `alt`, `width` and
// `height` are an image's only attributes (no srcset: readers get it from the src's renditions at render time).
export const ALLOWED_ATTRIBUTES = ['href', 'target', 'rel', 'start', 'src', 'alt', 'width', 'height'] as const;

/** docs/product.md §21: links keep only web, secure web, mail and telephone addresses. */
export const ALLOWED_LINK_PROTOCOLS = ['http', 'https', 'mailto', 'tel'] as const;

export function isAllowedLink(href: string): boolean {
  const match = /^\s*([a-z][a-z0-9+.-]*):/i.exec(href);
  return !!match && (ALLOWED_LINK_PROTOCOLS as readonly string[]).includes(match[1]!.toLowerCase());
}

/** The public object path of the publications bucket, where body images live (the main image's bucket). */
export const OWN_IMAGE_PATH = '/storage/v1/object/public/publications/';

/** Safe object names only: no `..`, query, fragment, entity or space (the database checks the same pattern). */
const OBJECT_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;
/** A hosted project's own origin. */
const HOSTED_ORIGIN = /^https:\/\/[a-z0-9-]+\.supabase\.co$/;

/**
 * Whether an image source is the project's own storage: the publications bucket's public object URL on a hosted
 * project, on one of `origins` (the configured backend and the site's own origin, where the local backend answers),
 * or as a relative path. Anything else, including javascript:, data: and other sites, is refused.
 */
export function isOwnStorageImage(src: string, origins: readonly string[] = []): boolean {
  let origin = '';
  let path = src;
  if (!src.startsWith('/')) {
    const match = /^(https?:\/\/[^/?#\s]+)(\/.*)$/i.exec(src);
    if (!match) return false;
    origin = match[1]!;
    path = match[2]!;
    const known = HOSTED_ORIGIN.test(origin) || origins.some((allowed) => allowed.replace(/\/+$/, '') === origin);
    if (!known) return false;
  }
  return path.startsWith(OWN_IMAGE_PATH) && OBJECT_NAME.test(path.slice(OWN_IMAGE_PATH.length));
}

/** An image's width or height as the allow-list keeps it: a whole number of pixels, 1 to 99999. */
export function isImageDimension(value: string): boolean {
  return /^[1-9]\d{0,4}$/.test(value);
}
