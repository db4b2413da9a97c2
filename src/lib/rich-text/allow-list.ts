// The rich-text schema, once: what the editor may produce is exactly what the sanitiser lets through.
// The admin's TipTap extension list (features/admin/editor) is built to stay inside these lists, and a test
// round-trips editor output through the sanitiser.

export const ALLOWED_TAGS = [
  'p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'code', 'pre',
  'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'blockquote', 'a', 'hr',
] as const;

// `start` keeps a numbered list that the editor starts at 3 numbered from 3 for readers.
export const ALLOWED_ATTRIBUTES = ['href', 'target', 'rel', 'start'] as const;

/** docs/product.md §21: links keep only web, secure web, mail and telephone addresses. */
export const ALLOWED_LINK_PROTOCOLS = ['http', 'https', 'mailto', 'tel'] as const;

export function isAllowedLink(href: string): boolean {
  const match = /^\s*([a-z][a-z0-9+.-]*):/i.exec(href);
  return !!match && (ALLOWED_LINK_PROTOCOLS as readonly string[]).includes(match[1]!.toLowerCase());
}
