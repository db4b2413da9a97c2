import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { browserClient } from '../../../services/browser-client';
import { getDashboardSummary } from '../../../services/dashboard';
import { paths } from '../../../lib/paths';
import { requireAdmin } from '../auth/admin-access';
import { isEditorRole } from '../auth/permissions';
import { AdminRouteError } from '../shared/admin-route-error';
import { NewItemLink, PageHeader } from '../shared/page-header';
import { loadScreenData } from '../shared/route-data';
import { DashboardView } from './dashboard-view';

export async function loader({ request }: LoaderFunctionArgs) {
  const role = await requireAdmin(request);
  const newsroom = isEditorRole(role);
  const summary = await loadScreenData('Erro ao carregar o resumo do painel.', () =>
    getDashboardSummary(browserClient(), undefined, { newsroom }),
  );
  return { summary, newsroom };
}

function DashboardHeader() {
  return <PageHeader title="Dashboard" actions={<NewItemLink to={paths.admin.publicationNew()} label="Nova Publicação" />} />;
}

export function Component() {
  return (
    <>
      <DashboardHeader />
      <DashboardView {...useLoaderData<typeof loader>()} />
    </>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError header={<DashboardHeader />} />;
}
