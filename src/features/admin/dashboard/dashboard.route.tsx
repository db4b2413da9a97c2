import { useCallback } from 'react';
import { Link } from 'react-router';
import { Plus } from 'lucide-react';
import { browserClient } from '../../../services/browser-client';
import { getDashboardSummary } from '../../../services/dashboard';
import { paths } from '../../../lib/paths';
import { ErrorAlert, LoadingMessage } from '../../../components/ui/alert-message';
import { primaryButton } from '../../../components/ui/buttons';
import { PageHeader } from '../shared/page-header';
import { useAsyncData } from '../shared/use-async-data';
import { AdminRouteError } from '../shared/admin-route-error';
import { DashboardView } from './dashboard-view';

export function Component() {
  const load = useCallback(() => getDashboardSummary(browserClient()), []);
  const { state } = useAsyncData(load);
  return (
    <>
      <PageHeader
        title="Dashboard"
        actions={
          <Link to={paths.admin.publicationNew()} className={primaryButton}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            Nova Publicação
          </Link>
        }
      />
      {state.status === 'loading' && <LoadingMessage />}
      {state.status === 'error' && <ErrorAlert>Erro ao carregar o resumo do painel.</ErrorAlert>}
      {state.status === 'success' && <DashboardView summary={state.data} />}
    </>
  );
}

export const ErrorBoundary = AdminRouteError;
