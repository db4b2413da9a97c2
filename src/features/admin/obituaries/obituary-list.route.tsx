import { useCallback } from 'react';
import { Link } from 'react-router';
import { Plus } from 'lucide-react';
import { browserClient } from '../../../services/browser-client';
import { deleteObituary, listAllObituaries, setObituaryPublished, type Obituary } from '../../../services/obituaries';
import { paths } from '../../../lib/paths';
import { ErrorAlert, LoadingMessage } from '../../../components/ui/alert-message';
import { AdminRouteError } from '../shared/admin-route-error';
import { primaryButton } from '../../../components/ui/buttons';
import { PageHeader } from '../shared/page-header';
import { useAsyncData } from '../shared/use-async-data';
import { useDeleteConfirmation } from '../shared/use-delete-confirmation';
import { usePublishToggle } from '../shared/use-list-actions';
import { DELETE_OBITUARY_MESSAGE, ObituaryTable } from './obituary-table';

export function Component() {
  const load = useCallback(() => listAllObituaries(browserClient()), []);
  const { state, reload } = useAsyncData(load);
  const toggle = usePublishToggle<Obituary>({
    setPublished: (id, published) => setObituaryPublished(browserClient(), id, published),
    reload,
    failureMessage: 'Erro ao alterar o status do obituário.',
  });
  const deletion = useDeleteConfirmation<Obituary>({
    message: DELETE_OBITUARY_MESSAGE,
    remove: (obituary) => deleteObituary(browserClient(), obituary.id),
    onDone: reload,
    onError: () => toggle.setFailure('Erro ao excluir obituário.'),
  });

  return (
    <>
      <PageHeader
        title="Obituários"
        actions={
          <Link to={paths.admin.obituaryNew()} className={primaryButton}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            Novo Obituário
          </Link>
        }
      />
      <div className="space-y-4">
        {toggle.failure && <ErrorAlert>{toggle.failure}</ErrorAlert>}
        {state.status === 'loading' && <LoadingMessage />}
        {state.status === 'error' && <ErrorAlert>Erro ao carregar os obituários.</ErrorAlert>}
        {state.status === 'success' && (
          <ObituaryTable obituaries={state.data} busyId={toggle.busyId} onTogglePublished={toggle.toggle} onDelete={deletion.ask} />
        )}
      </div>
      {deletion.dialog}
    </>
  );
}

export const ErrorBoundary = AdminRouteError;
