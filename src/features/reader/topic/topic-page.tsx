import type { NewsArticle } from '../../../services/news';
import type { PublicationCursor } from '../../../services/search';
import { ArticleGrid, ArticleGridSkeleton } from '../components/article-grid';
import { BackToHomeLink } from '../components/back-to-home-link';
import { Deferred, type Later } from '../components/deferred';
import { LoadMoreList, type ListPage } from '../components/paged-list';
import { SearchFilters, type ListFilter } from '../components/search-filters';
import { topicMeta } from '../../../lib/page-meta';
import { RetryAlert } from '../components/retry-alert';
import { useDocumentMeta } from '../components/use-document-meta';
import { useServerFilter } from '../components/use-server-filter';
import { filterNews } from './news-filters';

/** A page of the topic's publications and where the next starts (null after the last). */
export type TopicLocalPage = ListPage<NewsArticle, PublicationCursor>;

/**
 * The topic's publications first (their first page), then its external articles (docs/product.md §18);
 * `localFailed` when the first could not load.
 */
export interface TopicArticles {
  local: TopicLocalPage;
  external: NewsArticle[];
  localFailed: boolean;
}

/** The topic's publications under these filters (on the server), after `after` or from the first. */
export type LoadTopicLocalPage = (filter: ListFilter, after: PublicationCursor | null) => Promise<TopicLocalPage>;

interface TopicPageProps {
  /** The name shown until the lookup answers: the navigation's label, or the slug of a topic it does not list. */
  provisionalName: string;
  /** The topic's stored name; null for an unknown slug. */
  topicName: Later<string | null>;
  articles: Later<TopicArticles>;
  loadLocalPage: LoadTopicLocalPage;
}

export function TopicPage({ provisionalName, topicName, articles, loadLocalPage }: TopicPageProps) {
  // The text and the date go to the server once typing pauses; the external news keep their filter in the browser.
  // Without filters the publications are the loader's first page (`page` null).
  const { filter, onChange, shown: local, retry } = useServerFilter(null, (next) => loadLocalPage(next, null));

  return (
    <div className="space-y-6">
      <BackToHomeLink />
      <Deferred
        promise={topicName}
        fallback={<TopicHeader name={provisionalName} />}
        errorElement={<TopicHeader name={provisionalName} />}
      >
        {(name) => <TopicHeader name={name ?? provisionalName} />}
      </Deferred>

      <SearchFilters filter={filter} onChange={onChange} searchLabel="Buscar notícias" dateLabel="Data" />

      <Deferred
        promise={articles}
        fallback={<TopicSkeleton />}
        errorElement={<RetryAlert>Não foi possível carregar as notícias agora.</RetryAlert>}
      >
        {(loaded) => {
          const external = filterNews(loaded.external, filter);
          const more = (after: PublicationCursor) => loadLocalPage(local.filter, after);
          if (local.page === null) {
            return <TopicResults key={local.request} first={loaded.local} external={external} localFailed={loaded.localFailed} loadMore={more} />;
          }
          return (
            <Deferred
              key={local.request}
              promise={local.page}
              fallback={<TopicSkeleton />}
              errorElement={
                <TopicResults first={{ items: [], next: null }} external={external} localFailed onRetry={retry} loadMore={more} />
              }
            >
              {(first) => <TopicResults first={first} external={external} localFailed={false} loadMore={more} />}
            </Deferred>
          );
        }}
      </Deferred>
    </div>
  );
}

/** Two rows of cards on a wide screen and more than a phone's screen: the page keeps its height when they arrive. */
function TopicSkeleton() {
  return <ArticleGridSkeleton count={6} descriptionLines={3} />;
}

function TopicHeader({ name }: { name: string }) {
  const meta = topicMeta(name);
  useDocumentMeta(meta.title, meta.description);
  return (
    <header>
      <h1 className="font-serif text-3xl font-bold text-slate-900">{name}</h1>
      <p className="mt-1 text-slate-700">Acompanhe as últimas notícias sobre {name}</p>
    </header>
  );
}

interface TopicResultsProps {
  first: TopicLocalPage;
  external: NewsArticle[];
  localFailed: boolean;
  /** Asks for the failed publications again: the page's loader by default, the filtered request under filters. */
  onRetry?: () => void;
  loadMore: (after: PublicationCursor) => Promise<TopicLocalPage>;
}

function TopicResults({ first, external, localFailed, onRetry, loadMore }: TopicResultsProps) {
  return (
    <div className="space-y-4">
      {localFailed && <RetryAlert onRetry={onRetry}>Não foi possível carregar as publicações locais agora.</RetryAlert>}
      <LoadMoreList first={first} loadMore={loadMore}>
        {(items) => {
          const visible = [...items, ...external];
          return (
            <>
              <p role="status" className="sr-only">
                {visible.length === 1 ? '1 notícia' : `${visible.length} notícias`}
              </p>
              {/* Nothing found is not what a failed request means: its message says so instead. */}
              {visible.length === 0 ? (
                !localFailed && (
                  <div className="py-12 text-center">
                    <p className="text-lg font-semibold text-slate-900">Nenhuma notícia encontrada</p>
                    <p className="mt-1 text-slate-600">Tente ajustar seus filtros ou busque por outros termos.</p>
                  </div>
                )
              ) : (
                <ArticleGrid articles={visible} descriptionLines={3} headingLevel="h2" firstScreen />
              )}
            </>
          );
        }}
      </LoadMoreList>
    </div>
  );
}
