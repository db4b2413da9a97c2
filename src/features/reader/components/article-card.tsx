import { Link } from 'react-router';
import type { NewsArticle } from '../../../services/news';
import { formatDate } from '../../../lib/dates';
import { CARD_SIZES } from '../../../lib/image-renditions';
import { NewsArticleImage } from './article-image';
import { articleLink } from './article-link';
import { DemoBadge } from './demo-badge';
import { SponsoredLabel } from './sponsored-label';

interface ArticleCardProps {
  article: NewsArticle;
  /** Two lines on the home grid, three on the topic page (docs/product.md §21). */
  descriptionLines?: 2 | 3;
  headingLevel?: 'h3' | 'h2';
  /** The card image's layout width (src/lib/image-renditions.ts), for its srcset. */
  imageSizes?: string;
  /** 'eager' for a card in the first screen; 'priority' for the one whose image is likely the page's largest paint. */
  imageLoading?: 'lazy' | 'eager' | 'priority';
}

/** Two lines of the title's text-base/leading-snug (2 × 1.375rem). */
const TITLE_HEIGHT = 'h-[2.75rem]';
/** Two or three lines of text-sm (1.25rem each), clamped. */
const DESCRIPTION_CLASS = { 2: 'h-10 line-clamp-2', 3: 'h-[3.75rem] line-clamp-3' } as const;

/** docs/product.md §2 card: image, source name, pt-BR date, title and description clamped; the whole card opens the article. */
export function ArticleCard({
  article,
  descriptionLines = 2,
  headingLevel: Heading = 'h3',
  imageSizes = CARD_SIZES,
  imageLoading = 'lazy',
}: ArticleCardProps) {
  const link = articleLink(article);
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm transition hover:shadow-md focus-within:ring-2 focus-within:ring-brand-600">
      <NewsArticleImage article={article} width={640} height={360} sizes={imageSizes}
        loading={imageLoading === 'lazy' ? 'lazy' : 'eager'}
        priority={imageLoading === 'priority'}
        className="aspect-video w-full bg-slate-200 object-cover" />
      {/* On the image, so the card keeps its skeleton's size. */}
      <DemoBadge article={article} className="absolute left-2 top-2 shadow-sm" />
      {/* Every text line has a fixed height (one meta line, two title lines, two or three description lines), so a
          card is as tall as its skeleton and nothing moves when the data replaces it. */}
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="flex h-4 items-center gap-x-2 overflow-hidden whitespace-nowrap text-xs leading-4 text-slate-600">
          {/* First in the line, which clips what does not fit at its end: the label is never the part cut off. On a
              narrow card the source's name gives way (ellipsis) before the date does. */}
          <SponsoredLabel article={article} />
          <span className="min-w-0 truncate font-semibold text-brand-700">{article.sourceName}</span>
          {article.publishedAt && (
            <>
              <span aria-hidden="true">•</span>
              <time dateTime={article.publishedAt}>{formatDate(article.publishedOn)}</time>
            </>
          )}
        </p>
        <Heading className={`${TITLE_HEIGHT} line-clamp-2 text-base font-bold leading-snug text-slate-900 group-hover:text-brand-700`}>
          {/* The link covers the card (after:inset-0) so the whole card is one target with the title as its name. */}
          <Link to={link.to} state={link.state} className="outline-none after:absolute after:inset-0">
            {article.title}
          </Link>
        </Heading>
        <p className={`${DESCRIPTION_CLASS[descriptionLines]} text-sm text-slate-600`}>{article.description}</p>
      </div>
    </article>
  );
}

/** A card's exact size while its article is on its way: the same image box and the same fixed text lines. */
export function ArticleCardSkeleton({ descriptionLines = 2 }: Pick<ArticleCardProps, 'descriptionLines'>) {
  return (
    <div aria-hidden="true" className="flex w-full flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
      <div className="aspect-video w-full animate-pulse bg-slate-200" />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex h-4 items-center">
          <div className="h-3 w-1/3 animate-pulse rounded bg-slate-200" />
        </div>
        <div className={`${TITLE_HEIGHT} space-y-1.5 py-0.5`}>
          <div className="h-4 w-full animate-pulse rounded bg-slate-200" />
          <div className="h-4 w-2/3 animate-pulse rounded bg-slate-200" />
        </div>
        <div className={`${DESCRIPTION_CLASS[descriptionLines]} space-y-2 py-0.5`}>
          <div className="h-3 w-full animate-pulse rounded bg-slate-200" />
          <div className="h-3 w-5/6 animate-pulse rounded bg-slate-200" />
        </div>
      </div>
    </div>
  );
}
