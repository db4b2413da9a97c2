import { site } from '../../config/site';
import type { PublicPublication, PublicationSummary } from '../publications';
import { DEFAULT_AUTHOR, type NewsArticle } from './news-article';

/** docs/product.md §21: the local section's category when a publication has lost its topic. */
export const LOCAL_CATEGORY = 'Porto Ferreira';

/**
 * docs/product.md §16: a local publication as a news article, with the newspaper as source and 'Redação' as author. List rows
 * come without body and video (a card never shows them); the article page passes the whole publication.
 */
export function articleFromPublication(
  publication: PublicationSummary & Partial<Pick<PublicPublication, 'content' | 'youtube_url'>>,
): NewsArticle {
  return {
    id: publication.id,
    origin: 'local',
    title: publication.title,
    description: publication.description ?? '',
    content: publication.content ?? '',
    imageUrl: publication.image_url,
    publishedAt: publication.published_at,
    sourceName: site.name,
    author: DEFAULT_AUTHOR,
    url: null,
    category: publication.topics?.name ?? LOCAL_CATEGORY,
    youtubeUrl: publication.youtube_url ?? null,
  };
}
