import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Deferred } from '../components/deferred';
import { RetryAlert } from '../components/retry-alert';
import { readerSources } from '../reader-sources';
import type { LoaderHeadData, ReaderRouteHandle } from '../../../lib/reader-page-meta';
import { loadSupportCode } from './support-data';
import { SupportCodePage } from './support-code-page';
import { supportCodePage } from './support.page';

export function loader({ params, context }: LoaderFunctionArgs) {
  return { code: loadSupportCode(readerSources(context), params.txid ?? '') };
}

export const handle: ReaderRouteHandle<LoaderHeadData<typeof loader>> = { page: supportCodePage };

export function Component() {
  const { code } = useLoaderData<typeof loader>();
  return (
    <Deferred
      promise={code}
      fallback={<div className="mx-auto h-96 max-w-3xl animate-pulse rounded bg-slate-200" aria-busy="true" aria-label="Carregando o código" />}
      errorElement={<RetryAlert>Não foi possível carregar o código agora. Tente novamente em instantes.</RetryAlert>}
    >
      {(view) => <SupportCodePage view={view} />}
    </Deferred>
  );
}
