import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { browserClient } from '../../../services/browser-client';
import { listMediaKitRequests } from '../../../services/media-kit';
import { requireAdmin } from '../auth/admin-access';
import { AdminRouteError } from '../shared/admin-route-error';
import { PageHeader } from '../shared/page-header';
import { loadScreenData } from '../shared/route-data';
import { MediaKitRequestList } from './media-kit-request-list';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return loadScreenData('Erro ao carregar os pedidos de mídia kit.', () => listMediaKitRequests(browserClient()));
}

export function Component() {
  return (
    <>
      <PageHeader title="Mídia Kit" />
      <MediaKitRequestList requests={useLoaderData<typeof loader>()} />
    </>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError header={<PageHeader title="Mídia Kit" />} />;
}
