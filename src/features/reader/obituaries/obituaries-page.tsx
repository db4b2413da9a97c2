import { Link } from 'react-router';
import { UserRound } from 'lucide';
import { Icon } from '../../../components/ui/icon';
import type { Obituary } from '../../../services/obituaries';
import type { ObituaryCursor } from '../../../services/search';
import { formatLongDate } from '../../../lib/dates';
import { paths } from '../../../lib/paths';
import { OBITUARY_PHOTO_SIZES } from '../../../lib/image-renditions';
import { ArticleImage } from '../components/article-image';
import { Deferred } from '../components/deferred';
import { EntryList } from '../components/entry-list';
import { LoadMoreList, type ListPage } from '../components/paged-list';
import { SearchFilters, type ListFilter } from '../components/search-filters';
import { obituariesMeta } from '../../../lib/page-meta';
import { RetryAlert } from '../components/retry-alert';
import { useDocumentMeta } from '../components/use-document-meta';
import { useServerFilter } from '../components/use-server-filter';

export type ObituaryPage = ListPage<Obituary, ObituaryCursor>;

interface ObituariesPageProps {
  /** The first page without filters. */
  obituaries: Promise<ObituaryPage>;
  /** A page under these filters (on the server), after `after` or the first. */
  loadPage: (filter: ListFilter, after: ObituaryCursor | null) => Promise<ObituaryPage>;
}

export function ObituariesPage({ obituaries, loadPage }: ObituariesPageProps) {
  const { filter, onChange, shown, retry } = useServerFilter(obituaries, (next) => loadPage(next, null));
  useDocumentMeta(obituariesMeta.title, obituariesMeta.description);

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <header>
        <h1 className="font-serif text-3xl font-bold text-slate-900">Obituário</h1>
        <p className="mt-1 text-slate-700">Homenagens e informações sobre falecimentos em Porto Ferreira</p>
      </header>

      <SearchFilters filter={filter} onChange={onChange} searchLabel="Buscar por nome" dateLabel="Data do falecimento" />

      <Deferred
        key={shown.request}
        promise={shown.page}
        fallback={<p role="status" className="py-12 text-center text-slate-600">Carregando obituários...</p>}
        errorElement={
          // The list keeps its own request (the filters'), so asking again is asking the list, not the loader.
          <RetryAlert onRetry={retry}>Não foi possível carregar os obituários agora.</RetryAlert>
        }
      >
        {(first) => (
          <LoadMoreList first={first} loadMore={(after) => loadPage(shown.filter, after)}>
            {(loaded) => (
              <EntryList entries={loaded} empty="Nenhum obituário encontrado" className="space-y-6">
                {(obituary) => <ObituaryEntry obituary={obituary} linked />}
              </EntryList>
            )}
          </LoadMoreList>
        )}
      </Deferred>
    </div>
  );
}

/**
 * One notice. In the list (`linked`) the name is an h2 linking to the notice's own page; on that page, the h1. The
 * funeral's heading is one level below the name's, so headings never skip a level (an h1 then an h3 is a lost point
 * of accessibility, and a screen reader's outline with a gap).
 */
export function ObituaryEntry({ obituary, linked = false }: { obituary: Obituary; linked?: boolean }) {
  const Heading = linked ? 'h2' : 'h1';
  const Subheading = linked ? 'h3' : 'h2';
  return (
    <article className="flex flex-col gap-5 rounded-lg border border-slate-200 bg-white p-6 shadow-sm sm:flex-row">
      {obituary.photo_url ? (
        <ArticleImage
          src={obituary.photo_url}
          alt={`Foto de ${obituary.name}`}
          width={128}
          height={128}
          sizes={OBITUARY_PHOTO_SIZES}
          className="h-32 w-32 shrink-0 rounded-full bg-slate-200 object-cover"
        />
      ) : (
        <div className="flex h-32 w-32 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-500">
          <Icon node={UserRound} className="h-14 w-14" />
        </div>
      )}
      <div className="flex-1 space-y-3">
        <div>
          <Heading className="font-serif text-2xl font-bold text-slate-900">
            {linked ? (
              <Link to={paths.obituary(obituary.id, obituary.name)} className="hover:text-brand-700 hover:underline">
                {obituary.name}
              </Link>
            ) : (
              obituary.name
            )}
          </Heading>
          <p className="text-slate-700">
            {obituary.age} anos • Falecimento: <time dateTime={obituary.death_date}>{formatLongDate(obituary.death_date)}</time>
          </p>
        </div>
        {obituary.biography && <p className="text-slate-800">{obituary.biography}</p>}
        {obituary.family && <p className="text-sm text-slate-700">{obituary.family}</p>}
        <div className="rounded-md bg-slate-50 p-4">
          <Subheading className="font-semibold text-slate-900">Informações do Velório</Subheading>
          <dl className="mt-2 grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-3">
            <dt className="font-medium text-slate-700">Local:</dt>
            <dd className="text-slate-900">{obituary.funeral_location}</dd>
            <dt className="font-medium text-slate-700">Horário:</dt>
            <dd className="text-slate-900">{obituary.funeral_time}</dd>
          </dl>
        </div>
      </div>
    </article>
  );
}
