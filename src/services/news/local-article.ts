import type { PublicPublication, PublicationSummary } from '../publications';
import { DEFAULT_AUTHOR, publishedDay, type NewsArticle } from './news-article';

// Without the site's configuration (it reads import.meta.env): the edge handler maps publications too, with the
// newspaper's name from its own configuration (docs/decisions/0014).

/** docs/product.md §21: the local section's category when a publication has lost its topic. */
export const LOCAL_CATEGORY = 'Porto Ferreira';

/**
 * docs/product.md §16: a local publication as a news article, with the newspaper as source and 'Redação' as author. List rows
 * come without body and video (a card never shows them); the article page passes the whole publication.
 */
export function localArticle(
  publication: PublicationSummary & Partial<Pick<PublicPublication, 'content' | 'youtube_url' | 'byline' | 'image_alt' | 'image_credit'>>,
  sourceName: string,
): NewsArticle {
  return {
    id: publication.id,
    origin: 'local',
    title: publication.title,
    description: publication.description ?? '',
    content: publication.content ?? '',
    imageUrl: publication.image_url,
    publishedAt: publication.published_at,
    publishedOn: publishedDay(publication.published_at),
    sourceName,
    // The author's name when they signed the story (docs/product.md §6), else 'Redação'.
    author: publication.byline ?? DEFAULT_AUTHOR,
    url: null,
    category: publication.topics?.name ?? LOCAL_CATEGORY,
    youtubeUrl: publication.youtube_url ?? null,
    imageAlt: publication.image_alt ?? null,
    imageCredit: publication.image_credit ?? null,
    sponsorName: publication.sponsor_name ?? null,
  };
}

/** What a story's own page says of it beyond the article: its signature, its last change and its topic's address. */
export interface StoryDetails {
  /** The journalist who signed it (docs/product.md §6); null for the newsroom's. */
  byline: string | null;
  /**
   * Its newest correction's time ('Atualizado em', JSON-LD dateModified); null without one. A minor edit or any other
   * save does not count: readers are told of a correction (docs/decisions/0038).
   */
  modifiedAt: string | null;
  topic: { name: string; slug: string } | null;
}

/**
 * A published story as its page shows it and as the page's head describes it (title, Open Graph, JSON-LD): one
 * mapping for the article page's loader and for the edge handler where no render runs (src/render/page-answer.ts).
 */
export function publishedStory(publication: PublicPublication, sourceName: string): NewsArticle & StoryDetails {
  const topic = publication.topics ? { name: publication.topics.name, slug: publication.topics.slug } : null;
  return { ...localArticle(publication, sourceName), byline: publication.byline, modifiedAt: publication.corrected_at, topic };
}
