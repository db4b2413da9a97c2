import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { ArrowLeft } from 'lucide';
import { Icon } from '../../../components/ui/icon';
import { obituaryMeta, obituaryNotFoundMeta } from '../../../lib/community-meta';
import { paths } from '../../../lib/paths';
import type { Obituary } from '../../../services/obituaries';
import { getPublishedObituary } from '../../../services/obituary-notice';
import { ShareButtons } from '../article/share-buttons';
import { Deferred } from '../components/deferred';
import { ReaderNotFound } from '../components/reader-not-found';
import { useDocumentMeta } from '../components/use-document-meta';
import { deferredRequest } from '../reader-data';
import { ObituaryEntry } from './obituaries-page';
import { RetryAlert } from '../components/retry-alert';
import { usePageOrigin } from '../../../lib/page-origin';
import { readerSources } from '../reader-sources';
import type { LoaderHeadData, ReaderRouteHandle } from '../../../lib/reader-page-meta';
import { obituaryPage } from './obituary.page';

/** /obituarios/:id/:slug?: one published notice, shareable; the slug is only for people. */
export function loader({ params, context }: LoaderFunctionArgs) {
  const id = params.id ?? '';
  return { obituary: deferredRequest(readerSources(context), (client) => getPublishedObituary(client, id)) };
}

export const handle: ReaderRouteHandle<LoaderHeadData<typeof loader>> = { page: obituaryPage };

export function Component() {
  const { obituary } = useLoaderData<typeof loader>();
  return (
    <Deferred
      promise={obituary}
      fallback={<ObituarySkeleton />}
      errorElement={<RetryAlert>Não foi possível carregar o obituário agora.</RetryAlert>}
    >
      {(loaded) =>
        loaded ? (
          <ObituaryNotice obituary={loaded} />
        ) : (
          <ReaderNotFound
            title={obituaryNotFoundMeta.title}
            message="O obituário que você procura não existe ou não está mais publicado."
            back={{ to: paths.obituaries(), label: 'Ver todos os obituários' }}
          />
        )
      }
    </Deferred>
  );
}

function ObituaryNotice({ obituary }: { obituary: Obituary }) {
  const meta = obituaryMeta(obituary);
  useDocumentMeta(meta.title, meta.description);
  const shareUrl = new URL(paths.obituary(obituary.id, obituary.name), usePageOrigin()).href;
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <Link to={paths.obituaries()} className="inline-flex items-center gap-2 text-sm font-semibold text-brand-700 hover:underline">
        <Icon node={ArrowLeft} className="h-4 w-4" />
        Todos os obituários
      </Link>
      <ObituaryEntry obituary={obituary} />
      <section aria-labelledby="compartilhe-obituario-titulo" className="rounded-lg bg-slate-100 p-5">
        <h2 id="compartilhe-obituario-titulo" className="mb-3 text-lg font-bold text-slate-900">
          Compartilhe esta homenagem
        </h2>
        <ShareButtons url={shareUrl} title={meta.title} />
      </section>
    </div>
  );
}

function ObituarySkeleton() {
  return (
    <div role="status" className="mx-auto max-w-4xl space-y-4">
      <span className="sr-only">Carregando obituário...</span>
      <div aria-hidden="true" className="h-4 w-40 animate-pulse rounded bg-slate-200" />
      <div aria-hidden="true" className="h-64 w-full animate-pulse rounded-lg bg-slate-100" />
    </div>
  );
}
