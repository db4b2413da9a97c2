import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { browserClient } from '../../../services/browser-client';
import { listMediaKitRequestsPage } from '../../../services/media-kit';
import { requireAdmin } from '../auth/admin-access';
import { AdminRouteError } from '../shared/admin-route-error';
import { PageHeader } from '../shared/page-header';
import { OFFSET_PAGE_SIZE, OffsetPager, readPageNumber } from '../shared/offset-pager';
import { loadScreenData } from '../shared/route-data';
import { MediaKitRequestList } from './media-kit-request-list';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const page = readPageNumber(new URL(request.url));
  const result = await loadScreenData('Erro ao carregar os pedidos de mídia kit.', () =>
    listMediaKitRequestsPage(browserClient(), page, OFFSET_PAGE_SIZE),
  );
  return { page, ...result };
}

export function Component() {
  const { page, rows, total } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title="Mídia Kit" />
      <div className="space-y-4">
        <MediaKitRequestList requests={rows} />
        <OffsetPager page={page} total={total} noun={['pedido', 'pedidos']} />
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError header={<PageHeader title="Mídia Kit" />} />;
}
