/**
 * docs/product.md §19.7 topic slug: lower-case, accents removed, runs of non-alphanumerics become one hyphen,
 * leading and trailing hyphens trimmed.
 */
export function slugify(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
