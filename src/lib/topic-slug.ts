import { topicNavigation } from './paths';
import { slugify } from './slugify';

/**
 * Slugs the site links to by name (the navigation, which includes the home page's 'local'). The database refuses to
 * change them (private.reserved_topic_slugs(), kept equal to this list by tests/migrations.test.ts).
 */
export function isReservedTopicSlug(slug: string): boolean {
  return topicNavigation.some((topic) => topic.slug === slug);
}

/**
 * The slug a topic gets when saved with this name. A new topic's comes from the name (docs/product.md §19.7). An existing topic
 * keeps its slug unless the edit changes what the name spells (case, accents and punctuation do not count), so
 * saving unchanged never moves its address, even when the slug was not derived from the name ('Porto Ferreira' is
 * 'local'); a reserved slug never changes. A renamed topic follows its new name, and its old slug keeps leading to
 * it (public.topic_slug_redirects).
 */
export function topicSlugFor(name: string, current: { name: string; slug: string } | null): string {
  const fromName = slugify(name);
  if (!current) return fromName;
  if (isReservedTopicSlug(current.slug) || fromName === slugify(current.name)) return current.slug;
  return fromName;
}
