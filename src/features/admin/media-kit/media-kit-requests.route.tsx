import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { browserClient } from '../../../services/browser-client';
import { listMediaKitRequestsPage } from '../../../services/media-kit';
import { requireAdmin } from '../auth/admin-access';
import { AdminRouteError } from '../shared/admin-route-error';
import { PageHeader } from '../shared/page-header';
import { ListSearchForm } from '../shared/list-search-form';
import { OFFSET_PAGE_SIZE, OffsetPager, readPageNumber, readSearch } from '../shared/offset-pager';
import { loadScreenData } from '../shared/route-data';
import { MediaKitRequestList } from './media-kit-request-list';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const page = readPageNumber(url);
  const q = readSearch(url);
  const result = await loadScreenData('Erro ao carregar os pedidos de mídia kit.', () =>
    listMediaKitRequestsPage(browserClient(), page, OFFSET_PAGE_SIZE, q),
  );
  return { page, q, ...result };
}

export function Component() {
  const { page, q, rows, total } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title="Mídia Kit" />
      <div className="space-y-4">
        <ListSearchForm q={q} />
        {q && rows.length === 0 ? <p className="text-slate-700">Nenhum resultado encontrado.</p> : <MediaKitRequestList requests={rows} />}
        <OffsetPager page={page} total={total} noun={['pedido', 'pedidos']} />
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError header={<PageHeader title="Mídia Kit" />} />;
}
