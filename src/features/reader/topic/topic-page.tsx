import { useId, useState, type ReactNode } from 'react';
import { ArrowLeft, Search } from 'lucide-react';
import { Link } from 'react-router';
import type { NewsArticle } from '../../../services/news';
import { site } from '../../../config/site';
import { paths } from '../../../lib/paths';
import { ArticleGrid } from '../components/article-grid';
import { Deferred, SectionError } from '../components/deferred';
import { useDocumentMeta } from '../components/use-document-meta';
import { filterNews, type NewsFilter } from './news-filters';

/** The topic's publications first, then its external articles (SPEC §7); `localFailed` when the first could not load. */
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
  const [filter, setFilter] = useState<NewsFilter>({ search: '', date: '' });
  const searchId = useId();
  const dateId = useId();

  return (
    <div className="space-y-6">
      <Link to={paths.home()} className="inline-flex items-center gap-2 text-sm font-semibold text-brand-700 hover:underline">
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        Voltar para a página inicial
      </Link>
      <Deferred
        promise={topicName}
        fallback={<TopicHeader name={provisionalName} />}
        errorElement={<TopicHeader name={provisionalName} />}
      >
        {(name) => <TopicHeader name={name ?? provisionalName} />}
      </Deferred>

      <search className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:flex-row">
        <div className="relative flex-1">
          <label htmlFor={searchId} className="sr-only">
            Buscar notícias
          </label>
          <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500" />
          <input
            id={searchId}
            type="search"
            placeholder="Buscar notícias..."
            value={filter.search}
            onChange={(event) => setFilter((current) => ({ ...current, search: event.target.value }))}
            className="w-full rounded-md border border-slate-300 py-2 pl-9 pr-3 text-slate-900 placeholder:text-slate-500"
          />
        </div>
        <div className="flex items-center gap-2">
          <label htmlFor={dateId} className="text-sm font-medium text-slate-700">
            Data
          </label>
          <input
            id={dateId}
            type="date"
            value={filter.date}
            onChange={(event) => setFilter((current) => ({ ...current, date: event.target.value }))}
            className="rounded-md border border-slate-300 px-3 py-2 text-slate-900"
          />
        </div>
      </search>

      <Deferred
        promise={articles}
        fallback={<p role="status" className="py-12 text-center text-slate-600">Carregando notícias...</p>}
        errorElement={<SectionError>Não foi possível carregar as notícias. Tente novamente mais tarde.</SectionError>}
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

function TopicResults({ loaded, filter }: { loaded: TopicArticles; filter: NewsFilter }) {
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
      {loaded.localFailed && <SectionError>Não foi possível carregar as publicações locais agora.</SectionError>}
      <p role="status" className="sr-only">
        {visible.length === 1 ? '1 notícia' : `${visible.length} notícias`}
      </p>
      {results}
    </div>
  );
}
