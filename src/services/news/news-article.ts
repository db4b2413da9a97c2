import { toDateInputValue } from '../../lib/dates';

/**
 * The reader's one article shape (docs/product.md §16's "news article view model"), whatever its origin. the product's fields map as:
 * urlToImage / image_url → imageUrl, source.name → sourceName, category / topics.name → category.
 */
export type ArticleOrigin = 'local' | 'external' | 'sample';

export interface NewsArticle {
  /** The publication id for local articles; a stable key (URL or sample id) otherwise. */
  id: string;
  origin: ArticleOrigin;
  title: string;
  description: string;
  /** Rich-text HTML for local publications (sanitise before rendering); plain text, paragraphs split by blank lines, otherwise. */
  content: string;
  imageUrl: string | null;
  publishedAt: string | null;
  /** São Paulo's calendar day of `publishedAt` (YYYY-MM-DD), what the page shows: it formats with no Intl (src/lib/dates.ts). */
  publishedOn: string | null;
  sourceName: string;
  author: string;
  /** The original story's address for external articles; null for local and sample ones. */
  url: string | null;
  /** pt-BR category or topic name shown in the badge; also picks the fallback image. */
  category: string;
  youtubeUrl: string | null;
  /** A local publication's main image described for screen readers (else its title) and its credit (else the source). */
  imageAlt?: string | null;
  imageCredit?: string | null;
  /**
   * A sponsored local story's sponsor ('Conteúdo patrocinado por …' on its page, the label on its card); null or
   * absent for the newsroom's own stories and for external and sample articles.
   */
  sponsorName?: string | null;
}

export const DEFAULT_AUTHOR = 'Redação';

/** São Paulo's calendar day of a publication instant, for `publishedOn`. */
export function publishedDay(publishedAt: string | null): string | null {
  return (publishedAt && toDateInputValue(publishedAt)) || null;
}
