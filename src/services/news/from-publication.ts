import { site } from '../../config/site';
import type { PublicPublication, PublicationSummary } from '../publications';
import { localArticle, publishedStory, type StoryDetails } from './local-article';
import type { NewsArticle } from './news-article';

export { LOCAL_CATEGORY } from './local-article';

/** A local publication as a news article, with the newspaper's name as its source (see local-article.ts). */
export function articleFromPublication(
  publication: PublicationSummary & Partial<Pick<PublicPublication, 'content' | 'youtube_url' | 'byline' | 'image_alt' | 'image_credit'>>,
): NewsArticle {
  return localArticle(publication, site.name);
}

/** A published story for its own page, with the newspaper's name as its source (see local-article.ts). */
export function storyFromPublication(publication: PublicPublication): NewsArticle & StoryDetails {
  return publishedStory(publication, site.name);
}
