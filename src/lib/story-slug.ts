import { slugify } from './slugify.ts';

/** Long enough to tell stories apart in an address, short enough to keep a shared link readable. */
export const STORY_SLUG_MAX_LENGTH = 80;

/**
 * The readable part of a story's address (`/noticia/<id>/<slug>`): its title slugified, cut at a word boundary.
 * The id alone finds the story; the slug is for people and crawlers, so a title edit only redirects old links.
 */
export function storySlug(title: string): string {
  const slug = slugify(title);
  if (slug.length <= STORY_SLUG_MAX_LENGTH) return slug;
  const cut = slug.slice(0, STORY_SLUG_MAX_LENGTH + 1);
  const lastHyphen = cut.lastIndexOf('-');
  return (lastHyphen > 0 ? cut.slice(0, lastHyphen) : cut.slice(0, STORY_SLUG_MAX_LENGTH)).replace(/-+$/, '');
}
