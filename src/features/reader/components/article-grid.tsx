import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { NewsArticle } from '../../../services/news';
import { ArticleCard, ArticleCardSkeleton } from './article-card';

/** docs/product.md §2 grid: 1, 2 or 3 columns as the screen widens. */
interface ArticleGridProps {
  articles: readonly NewsArticle[];
  descriptionLines?: 2 | 3;
  /** The cards' image layout width, when the grid is narrower than the page (the home page's left column). */
  imageSizes?: string;
  /** 'h2' where the grid is the page's main list, right under its h1 (topic pages). */
  headingLevel?: 'h2' | 'h3';
  /**
   * On a page whose first screen is this grid: the first row's images load at once and the first at high priority
   * (it is the page's largest paint), instead of waiting for layout as lazy images do.
   */
  firstScreen?: boolean;
}

/** The first row of the widest grid. */
const FIRST_ROW = 3;

export function ArticleGrid({ articles, descriptionLines, imageSizes, headingLevel, firstScreen = false }: ArticleGridProps) {
  return (
    <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {articles.map((article, index) => (
        <li key={article.id} className="flex">
          <ArticleCard
            article={article}
            descriptionLines={descriptionLines}
            imageSizes={imageSizes}
            headingLevel={headingLevel}
            imageLoading={!firstScreen || index >= FIRST_ROW ? 'lazy' : index === 0 ? 'priority' : 'eager'}
          />
        </li>
      ))}
    </ul>
  );
}

interface ArticleGridSkeletonProps {
  /** As many cards as the grid will most likely show, so the page keeps its height when they arrive. */
  count?: number;
  label?: string;
  descriptionLines?: 2 | 3;
}

export function ArticleGridSkeleton({ count = 3, label = 'Carregando notícias...', descriptionLines }: ArticleGridSkeletonProps) {
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">{label}</span>
      <div className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: count }, (_, index) => (
          <div key={index} className="flex">
            <ArticleCardSkeleton descriptionLines={descriptionLines} />
          </div>
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
    // Below the first screen on every device: the browser lays it out only when it nears the viewport (the remembered
    // size keeps the scrollbar honest), which takes that work out of the first load's main thread.
    <section aria-labelledby={headingId} className="space-y-4 [contain-intrinsic-size:auto_40rem] [content-visibility:auto]">
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
