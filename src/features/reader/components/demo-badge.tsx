/** @jsxRuntime automatic @jsxImportSource react */
// (The pragma: the edge handler renders this outside Vite, under npm start's tsx and wrangler's bundler, which read no tsconfig for it.)
import type { NewsArticle } from '../../../services/news/news-article';

const BADGE = 'inline-block rounded bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-300';

/**
 * 'Conteúdo de demonstração' on a built-in sample article (origin 'sample': shown when there is no news service or
 * it failed), so nobody takes a fictional story for news. Real articles get nothing. Visible text, read as it is.
 */
export function DemoBadge({ article, className = '' }: { article: Pick<NewsArticle, 'origin'>; className?: string }) {
  if (article.origin !== 'sample') return null;
  return <span className={`${BADGE} ${className}`}>Conteúdo de demonstração</span>;
}
