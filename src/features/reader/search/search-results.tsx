import type { NewsArticle } from '../../../services/news';
import type { Obituary } from '../../../services/obituaries';
import type { PublicationCursor, SearchTotal } from '../../../services/search';
import { formatLongDate } from '../../../lib/dates';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { ArticleGrid } from '../components/article-grid';
import { LoadMoreList } from '../components/paged-list';

/** One page of found stories (cards showing the excerpt) and where the next starts; null after the last. */
export interface SearchPage {
  articles: NewsArticle[];
  next: PublicationCursor | null;
}

export interface SearchResults extends SearchPage {
  total: SearchTotal;
  /** Obituaries whose name matches, shown in their own group. */
  obituaries: Obituary[];
}

/**
 * A whole count with pt-BR's thousands points (12.345). Not Intl.NumberFormat: the browser's first Intl object loads
 * the locale's data, a long task while the results page hydrates (src/lib/dates.ts).
 */
function countLabel(count: number): string {
  return String(Math.trunc(count)).replace(/\B(?=(\d{3})+$)/g, '.');
}

/** '23 resultados', '1 resultado', 'mais de 1.000 resultados'. */
export function totalLabel({ total, exact }: SearchTotal): string {
  if (!exact) return `mais de ${countLabel(1000)} resultados`;
  return `${countLabel(total)} ${total === 1 ? 'resultado' : 'resultados'}`;
}

interface SearchResultsViewProps {
  query: string;
  results: SearchResults;
  loadMore: (cursor: PublicationCursor) => Promise<SearchPage>;
}

/** The found stories with 'Carregar mais' (keeping what is shown), then the obituaries found by name. */
export function SearchResultsView({ query, results, loadMore }: SearchResultsViewProps) {
  if (results.articles.length === 0 && results.obituaries.length === 0) {
    return <p className="text-slate-700">Nenhum resultado para "{query}".</p>;
  }

  return (
    <div className="space-y-8">
      <section aria-labelledby="search-news-heading" className="space-y-4">
        <h2 id="search-news-heading" className="text-xl font-bold text-slate-900">
          Notícias <span className="text-base font-normal text-slate-600">({totalLabel(results.total)})</span>
        </h2>
        <LoadMoreList
          first={{ items: results.articles, next: results.next }}
          loadMore={(after) => loadMore(after).then((page) => ({ items: page.articles, next: page.next }))}
        >
          {(articles) =>
            articles.length > 0 ? (
              <ArticleGrid articles={articles} descriptionLines={3} firstScreen />
            ) : (
              <p className="text-slate-700">Nenhuma notícia para "{query}".</p>
            )
          }
        </LoadMoreList>
      </section>
      {results.obituaries.length > 0 && (
        <section aria-labelledby="search-obituaries-heading" className="space-y-4">
          <h2 id="search-obituaries-heading" className="text-xl font-bold text-slate-900">
            Obituários
          </h2>
          <ul className="space-y-2">
            {results.obituaries.map((obituary) => (
              <li key={obituary.id} className="rounded-lg border border-slate-200 bg-white p-4">
                <h3 className="font-serif text-lg font-bold text-slate-900">
                  <Link to={paths.obituaries()} className="hover:text-brand-700">
                    {obituary.name}
                  </Link>
                </h3>
                <p className="text-sm text-slate-600">
                  {obituary.age} anos • Falecimento:{' '}
                  <time dateTime={obituary.death_date}>{formatLongDate(obituary.death_date)}</time>
                </p>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
