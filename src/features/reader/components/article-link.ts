import { publishedDay, type NewsArticle } from '../../../services/news/news-article';
import { paths } from '../../../lib/paths';

export interface ExternalArticleState {
  article: NewsArticle;
}

/**
 * Where a card leads: a local publication has its own address; an external or built-in article opens the same
 * view through navigation state (which survives a reload), built-in ones also by id so they can be shared.
 */
export function articleLink(article: NewsArticle): { to: string; state?: ExternalArticleState } {
  if (article.origin === 'local') return { to: paths.article(article.id, article.title) };
  return {
    to: paths.externalArticle(article.origin === 'sample' ? article.id : undefined),
    state: { article },
  };
}

function isString(value: unknown): value is string {
  return typeof value === 'string';
}

function isNullableString(value: unknown): value is string | null {
  return value === null || typeof value === 'string';
}

/** Navigation state comes from history, which any script on the page could have written: check its shape. */
export function articleFromState(state: unknown): NewsArticle | null {
  if (typeof state !== 'object' || state === null || !('article' in state)) return null;
  const candidate: unknown = state.article;
  if (typeof candidate !== 'object' || candidate === null) return null;
  const article = candidate as Record<string, unknown>;
  const valid =
    isString(article.id) &&
    (article.origin === 'external' || article.origin === 'sample') &&
    isString(article.title) &&
    isString(article.description) &&
    isString(article.content) &&
    isNullableString(article.imageUrl) &&
    isNullableString(article.publishedAt) &&
    isString(article.sourceName) &&
    isString(article.author) &&
    isNullableString(article.url) &&
    isString(article.category) &&
    isNullableString(article.youtubeUrl);
  if (!valid) return null;
  // A history entry written before stories carried their São Paulo day: derive it rather than lose the story.
  const publishedAt = article.publishedAt as string | null;
  if (article.publishedOn === undefined) return { ...(candidate as NewsArticle), publishedOn: publishedDay(publishedAt) };
  return isNullableString(article.publishedOn) ? (candidate as NewsArticle) : null;
}
