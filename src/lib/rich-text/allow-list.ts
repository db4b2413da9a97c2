// The rich-text schema, once: what the editor may produce is exactly what the sanitisers let through. Two engines
// parse and write HTML by it, and what they keep is decided here (keptAttributes): DOMPurify where there is a DOM
// (sanitize.ts: the editor, the browser) and sanitize-html where there is none (sanitize-without-dom.ts: the server's
// render and the feeds, on Node and in the Worker; decision 0050). edge/feed-html.test.ts feeds both the same bodies
// and expects the same HTML. The admin's TipTap extension list
// (features/admin/editor) is built to stay inside these lists, and the database refuses a body whose images are not
// ours (migration 20261123140000).

export const ALLOWED_TAGS = [
  'p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'code', 'pre',
  'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'blockquote', 'a', 'hr',
  // Images inside the body (docs/product.md §12): <figure><img><figcaption>Foto: crédito</figcaption></figure>.
  'figure', 'img', 'figcaption',
] as const;

// `start` keeps a numbered list that the editor starts at 3 numbered from 3 for readers. `src`, `alt`, `width` and
// `height` are an image's only attributes (no srcset: readers get it from the src's renditions at render time).
export const ALLOWED_ATTRIBUTES = ['href', 'target', 'rel', 'start', 'src', 'alt', 'width', 'height'] as const;

/** Which element may carry which attribute: the allow-list's attributes are not every element's. */
export const ATTRIBUTES_BY_TAG: Readonly<Record<string, readonly (typeof ALLOWED_ATTRIBUTES)[number][]>> = {
  a: ['href', 'target', 'rel'],
  ol: ['start'],
  img: ['src', 'alt', 'width', 'height'],
};

/**
 * Elements whose content is not text for a reader: they go with what they hold (a disallowed element otherwise goes
 * and leaves its text). DOMPurify's own list (FORBID_CONTENTS) plus the form and plug-in elements.
 */
export const DROPPED_WITH_CONTENT = [
  'script', 'style', 'template', 'noscript', 'noembed', 'noframes', 'plaintext', 'xmp', 'title', 'head',
  'iframe', 'object', 'embed', 'audio', 'video', 'svg', 'math', 'textarea', 'select', 'option',
  'colgroup', 'thead', 'annotation-xml', 'desc', 'foreignobject', 'mi', 'mn', 'mo', 'ms', 'mtext',
] as const;

/** Links leave for another site without handing it the page (window.opener, the referrer) or our ranking. */
export const LINK_TARGET = { target: '_blank', rel: 'noopener noreferrer nofollow' } as const;

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

/** A numbered list's first number as the allow-list keeps it: digits only, as the editor writes it. */
export function isListStart(value: string): boolean {
  return /^\d{1,6}$/.test(value);
}

/**
 * An allowed element's attributes as the allow-list keeps them, in their order, with the link target added; or null
 * for an image that is not from our own storage, which goes (with its figure, when that is its parent). `attributes`
 * are the element's as parsed (entities decoded); `imageOrigins` as isOwnStorageImage takes them.
 */
export function keptAttributes(
  tag: string,
  attributes: Readonly<Record<string, string>>,
  imageOrigins: readonly string[] = [],
): Record<string, string> | null {
  const allowed: readonly string[] = ATTRIBUTES_BY_TAG[tag] ?? [];
  if (tag === 'img' && !isOwnStorageImage(attributes.src ?? '', imageOrigins)) return null;
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(attributes)) {
    if (!allowed.includes(name)) continue;
    if (name === 'href' && !isAllowedLink(value)) continue;
    if ((name === 'width' || name === 'height') && !isImageDimension(value)) continue;
    if (name === 'start' && !isListStart(value)) continue;
    kept[name] = value;
  }
  return tag === 'a' ? Object.assign(kept, LINK_TARGET) : kept;
}
