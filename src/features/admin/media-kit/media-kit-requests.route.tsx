import { useCallback } from 'react';
import { browserClient } from '../../../services/browser-client';
import { listMediaKitRequests } from '../../../services/media-kit';
import { ErrorAlert, LoadingMessage } from '../../../components/ui/alert-message';
import { AdminRouteError } from '../shared/admin-route-error';
import { PageHeader } from '../shared/page-header';
import { useAsyncData } from '../shared/use-async-data';
import { MediaKitRequestList } from './media-kit-request-list';

export function Component() {
  const load = useCallback(() => listMediaKitRequests(browserClient()), []);
  const { state } = useAsyncData(load);
  return (
    <>
      <PageHeader title="Mídia Kit" />
      {state.status === 'loading' && <LoadingMessage />}
      {state.status === 'error' && <ErrorAlert>Erro ao carregar os pedidos de mídia kit.</ErrorAlert>}
      {state.status === 'success' && <MediaKitRequestList requests={state.data} />}
    </>
  );
}

export const ErrorBoundary = AdminRouteError;
