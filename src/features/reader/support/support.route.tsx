import { useLoaderData, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { isSupportFormError, OTHER_AMOUNT_KEPT_LENGTH, SUPPORT_FORM } from '../../../lib/pix/support-form';
import { Deferred } from '../components/deferred';
import { RetryAlert } from '../components/retry-alert';
import { readerSources } from '../reader-sources';
import type { LoaderHeadData, ReaderRouteHandle } from '../../../lib/reader-page-meta';
import { loadSupportPage } from './support-data';
import { SupportPage, SupportSkeleton } from './support-page';
import { supportPage } from './support.page';

export function loader({ context }: LoaderFunctionArgs) {
  return { page: loadSupportPage(readerSources(context)) };
}

export const handle: ReaderRouteHandle<LoaderHeadData<typeof loader>> = { page: supportPage };

export function Component() {
  const { page } = useLoaderData<typeof loader>();
  const [query] = useSearchParams();
  const error = query.get('erro');
  const amount = Number(query.get(SUPPORT_FORM.amount));
  const notices = {
    error: isSupportFormError(error) ? error : null,
    amountCents: Number.isInteger(amount) && amount > 0 ? amount : null,
    otherTyped: query.get(SUPPORT_FORM.otherAmount)?.slice(0, OTHER_AMOUNT_KEPT_LENGTH) ?? null,
    reminder: query.get('lembrete'),
  };
  return (
    <Deferred promise={page} fallback={<SupportSkeleton />} errorElement={<RetryAlert>Não foi possível carregar a página de apoio agora.</RetryAlert>}>
      {(data) => <SupportPage data={data} notices={notices} />}
    </Deferred>
  );
}
