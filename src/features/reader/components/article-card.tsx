import { Link } from 'react-router';
import type { NewsArticle } from '../../../services/news';
import { formatDate } from '../../../lib/dates';
import { NewsArticleImage } from './article-image';
import { articleLink } from './article-link';

interface ArticleCardProps {
  article: NewsArticle;
  /** Two lines on the home grid, three on the topic page (docs/product.md §21). */
  descriptionLines?: 2 | 3;
  headingLevel?: 'h3' | 'h2';
}

/** docs/product.md §2 card: image, source name, pt-BR date, title and description clamped; the whole card opens the article. */
export function ArticleCard({ article, descriptionLines = 2, headingLevel: Heading = 'h3' }: ArticleCardProps) {
  const link = articleLink(article);
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm transition hover:shadow-md focus-within:ring-2 focus-within:ring-brand-600">
      <NewsArticleImage article={article} width={640} height={360} className="aspect-video w-full bg-slate-200 object-cover" />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="flex flex-wrap items-center gap-x-2 text-xs text-slate-600">
          <span className="font-semibold text-brand-700">{article.sourceName}</span>
          {article.publishedAt && (
            <>
              <span aria-hidden="true">•</span>
              <time dateTime={article.publishedAt}>{formatDate(article.publishedAt)}</time>
            </>
          )}
        </p>
        <Heading className="line-clamp-2 text-base font-bold leading-snug text-slate-900 group-hover:text-brand-700">
          {/* The link covers the card (after:inset-0) so the whole card is one target with the title as its name. */}
          <Link to={link.to} state={link.state} className="outline-none after:absolute after:inset-0">
            {article.title}
          </Link>
        </Heading>
        {article.description && (
          <p className={`${descriptionLines === 3 ? 'line-clamp-3' : 'line-clamp-2'} text-sm text-slate-600`}>
            {article.description}
          </p>
        )}
      </div>
    </article>
  );
}

export function ArticleCardSkeleton() {
  return (
    <div aria-hidden="true" className="overflow-hidden rounded-lg border border-slate-200 bg-white">
      <div className="aspect-video w-full animate-pulse bg-slate-200" />
      <div className="space-y-2 p-4">
        <div className="h-3 w-1/3 animate-pulse rounded bg-slate-200" />
        <div className="h-4 w-full animate-pulse rounded bg-slate-200" />
        <div className="h-4 w-2/3 animate-pulse rounded bg-slate-200" />
      </div>
    </div>
  );
}
