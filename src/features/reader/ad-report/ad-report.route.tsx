import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { campaignReport } from '../../../services/ad-campaigns';
import { Deferred } from '../components/deferred';
import { RetryAlert } from '../components/retry-alert';
import { deferredRequest } from '../reader-data';
import { readerSources } from '../reader-sources';
import { AdReportNotFound, AdReportSkeleton, AdReportView } from './ad-report-page';
import type { LoaderHeadData, ReaderRouteHandle } from '../../../lib/reader-page-meta';
import { adReportPage } from './ad-report.page';

/** A token is a UUID: anything else names no report, and is not sent. */
const TOKEN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /anuncios/relatorio/:token: the advertiser's read-only report, no sign-in (the token is the key; the newsroom revokes it). */
export function loader({ params, context }: LoaderFunctionArgs) {
  const token = params.token ?? '';
  const sources = readerSources(context);
  return { report: TOKEN.test(token) ? deferredRequest(sources, (client) => campaignReport(client, token)) : null };
}

export const handle: ReaderRouteHandle<LoaderHeadData<typeof loader>> = { page: adReportPage };

export function Component() {
  const { report } = useLoaderData<typeof loader>();
  return (
    <Deferred
      promise={report}
      fallback={<AdReportSkeleton />}
      errorElement={<RetryAlert>Não foi possível carregar o relatório agora. Tente novamente em instantes.</RetryAlert>}
    >
      {(loaded) => (loaded ? <AdReportView report={loaded} /> : <AdReportNotFound />)}
    </Deferred>
  );
}
