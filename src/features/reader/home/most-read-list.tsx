import { Link } from 'react-router';
import type { NewsArticle } from '../../../services/news';
import { formatDate } from '../../../lib/dates';
import { paths } from '../../../lib/paths';
import { SponsoredLabel } from '../components/sponsored-label';

/** docs/product.md §2 'Notícias Mais Lidas': numbered 01, 02, ... with title and date. Opening one counts its view on the article page. */
export function MostReadList({ articles }: { articles: readonly NewsArticle[] }) {
  if (articles.length === 0) return <p className="text-sm text-slate-600">Nenhuma notícia publicada ainda.</p>;
  return (
    <ol className="divide-y divide-slate-200">
      {articles.map((article, index) => (
        <li key={article.id} className="flex gap-3 py-3">
          <span aria-hidden="true" className="text-2xl font-bold tabular-nums text-brand-700">
            {String(index + 1).padStart(2, '0')}
          </span>
          <div className="min-w-0">
            <Link to={paths.article(article.id, article.title)} className="line-clamp-2 font-semibold leading-snug text-slate-900 hover:text-brand-700 hover:underline">
              {article.title}
            </Link>
            {article.publishedAt && (
              <time dateTime={article.publishedAt} className="text-xs text-slate-600">
                {formatDate(article.publishedOn)}
              </time>
            )}
            {/* On the date's line, so a sponsored story's entry is no taller than the others. */}
            <SponsoredLabel article={article} className="ml-2 px-1 text-xs" />
          </div>
        </li>
      ))}
    </ol>
  );
}

export function MostReadSkeleton() {
  return (
    <div role="status" className="space-y-3">
      <span className="sr-only">Carregando notícias mais lidas...</span>
      {Array.from({ length: 5 }, (_, index) => (
        <div key={index} aria-hidden="true" className="h-10 animate-pulse rounded bg-slate-200" />
      ))}
    </div>
  );
}
