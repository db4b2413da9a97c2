import { Form } from 'react-router';
import type { PublicationCursor } from '../../../services/search';
import { primaryButton } from '../../../components/ui/buttons';
import { paths } from '../../../lib/paths';
import { ArticleGridSkeleton } from '../components/article-grid';
import { BackToHomeLink } from '../components/back-to-home-link';
import { Deferred } from '../components/deferred';
import { RetryAlert } from '../components/retry-alert';
import { searchMeta } from '../../../lib/page-meta';
import { useDocumentMeta } from '../components/use-document-meta';
import { SearchResultsView, type SearchPage, type SearchResults } from './search-results';

interface SearchPageProps {
  /** The query of the address (?q=), as typed. */
  query: string;
  /** The first page of results; null for an empty query (nothing is sent). */
  results: Promise<SearchResults> | null;
  loadMore: (cursor: PublicationCursor) => Promise<SearchPage>;
  /** Asks again after a failure. */
  onRetry: () => void;
}

/**
 * The site search (/busca?q=): a GET form, so the query lives in the address (shareable, and Back returns to the
 * previous results), then the stories found and the obituaries found by name.
 */
export function SearchPage({ query, results, loadMore, onRetry }: SearchPageProps) {
  const trimmed = query.trim();
  useDocumentMeta(searchMeta(trimmed).title);

  return (
    <div className="space-y-6">
      <BackToHomeLink />
      <h1 className="font-serif text-3xl font-bold text-slate-900">Busca</h1>
      {/* Keyed by the query: Back/Forward show the address's query, not what was last typed. */}
      <Form key={`form:${query}`} method="get" action={paths.search.pattern} role="search" className="flex flex-col gap-2 sm:flex-row">
        <label htmlFor="site-search-query" className="sr-only">
          Buscar notícias
        </label>
        <input
          id="site-search-query"
          type="search"
          name="q"
          defaultValue={query}
          placeholder="Buscar notícias"
          className="w-full rounded-md border border-slate-300 px-3 py-2 text-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600 sm:max-w-md"
        />
        <button type="submit" className={primaryButton}>
          Buscar
        </button>
      </Form>
      {results === null ? (
        <p className="text-slate-700">Digite uma palavra para buscar.</p>
      ) : (
        <Deferred
          key={`results:${trimmed}`}
          promise={results}
          fallback={<ArticleGridSkeleton label="Buscando..." />}
          // RetryAlert: before the app has started, its button asks for the same search again as a plain form.
          errorElement={<RetryAlert onRetry={onRetry}>Não foi possível buscar agora. Tente novamente.</RetryAlert>}
        >
          {(found) => <SearchResultsView key={trimmed} query={trimmed} results={found} loadMore={loadMore} />}
        </Deferred>
      )}
    </div>
  );
}
