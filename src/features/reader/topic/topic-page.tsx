import { useState, type ReactNode } from 'react';
import type { NewsArticle } from '../../../services/news';
import { site } from '../../../config/site';
import { ErrorAlert } from '../../../components/ui/alert-message';
import { ArticleGrid } from '../components/article-grid';
import { BackToHomeLink } from '../components/back-to-home-link';
import { Deferred } from '../components/deferred';
import { NO_FILTER, SearchFilters, type ListFilter } from '../components/search-filters';
import { useDocumentMeta } from '../components/use-document-meta';
import { filterNews } from './news-filters';

/** The topic's publications first, then its external articles (docs/product.md §18); `localFailed` when the first could not load. */
export interface TopicArticles {
  articles: NewsArticle[];
  localFailed: boolean;
}

interface TopicPageProps {
  /** The name shown until the lookup answers: the navigation's label, or the slug of a topic it does not list. */
  provisionalName: string;
  /** The topic's stored name; null for an unknown slug. */
  topicName: Promise<string | null>;
  articles: Promise<TopicArticles>;
}

export function TopicPage({ provisionalName, topicName, articles }: TopicPageProps) {
  const [filter, setFilter] = useState(NO_FILTER);

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

      <SearchFilters filter={filter} onChange={setFilter} searchLabel="Buscar notícias" dateLabel="Data" />

      <Deferred
        promise={articles}
        fallback={<p role="status" className="py-12 text-center text-slate-600">Carregando notícias...</p>}
        errorElement={<ErrorAlert>Não foi possível carregar as notícias. Tente novamente mais tarde.</ErrorAlert>}
      >
        {(loaded) => (
          <TopicResults loaded={loaded} filter={filter} />
        )}
      </Deferred>
    </div>
  );
}

function TopicHeader({ name }: { name: string }) {
  useDocumentMeta(name, `Acompanhe as últimas notícias sobre ${name} em ${site.city} e região.`);
  return (
    <header>
      <h1 className="font-serif text-3xl font-bold text-slate-900">{name}</h1>
      <p className="mt-1 text-slate-700">Acompanhe as últimas notícias sobre {name}</p>
    </header>
  );
}

function TopicResults({ loaded, filter }: { loaded: TopicArticles; filter: ListFilter }) {
  const visible = filterNews(loaded.articles, filter);
  let results: ReactNode;
  if (visible.length === 0) {
    results = (
      <div className="py-12 text-center">
        <p className="text-lg font-semibold text-slate-900">Nenhuma notícia encontrada</p>
        <p className="mt-1 text-slate-600">Tente ajustar seus filtros ou busque por outros termos.</p>
      </div>
    );
  } else {
    results = <ArticleGrid articles={visible} descriptionLines={3} />;
  }
  return (
    <div className="space-y-4">
      {loaded.localFailed && <ErrorAlert>Não foi possível carregar as publicações locais agora.</ErrorAlert>}
      <p role="status" className="sr-only">
        {visible.length === 1 ? '1 notícia' : `${visible.length} notícias`}
      </p>
      {results}
    </div>
  );
}
