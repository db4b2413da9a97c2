import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { NewsArticle } from '../../../services/news';
import { ArticleCard, ArticleCardSkeleton } from './article-card';

/** docs/product.md §2 grid: 1, 2 or 3 columns as the screen widens. */
export function ArticleGrid({ articles, descriptionLines }: { articles: readonly NewsArticle[]; descriptionLines?: 2 | 3 }) {
  return (
    <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {articles.map((article) => (
        <li key={article.id} className="flex">
          <ArticleCard article={article} descriptionLines={descriptionLines} />
        </li>
      ))}
    </ul>
  );
}

export function ArticleGridSkeleton({ count = 3, label = 'Carregando notícias...' }: { count?: number; label?: string }) {
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">{label}</span>
      <div className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: count }, (_, index) => (
          <ArticleCardSkeleton key={index} />
        ))}
      </div>
    </div>
  );
}

interface NewsSectionProps {
  title: string;
  /** The topic page that 'Ver mais' opens. */
  moreHref: string;
  children: ReactNode;
}

/** A titled home section: heading, 'Ver mais' and its content (grid, skeleton, empty or error). */
export function NewsSection({ title, moreHref, children }: NewsSectionProps) {
  const headingId = `secao-${title.toLowerCase().normalize('NFD').replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="flex items-end justify-between gap-4 border-b-2 border-brand-800 pb-2">
        <h2 id={headingId} className="text-xl font-bold text-slate-900">
          {title}
        </h2>
        <Link to={moreHref} className="text-sm font-semibold text-brand-700 hover:underline">
          Ver mais<span className="sr-only"> em {title}</span>
        </Link>
      </div>
      {children}
    </section>
  );
}
