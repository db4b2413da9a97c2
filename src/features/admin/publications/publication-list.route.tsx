import { useCallback } from 'react';
import { Link } from 'react-router';
import { Plus } from 'lucide-react';
import { browserClient } from '../../../services/browser-client';
import { deletePublication, listAllPublications, setPublicationPublished, type AdminPublication } from '../../../services/publications';
import { paths } from '../../../lib/paths';
import { ErrorAlert, LoadingMessage } from '../../../components/ui/alert-message';
import { AdminRouteError } from '../shared/admin-route-error';
import { primaryButton } from '../../../components/ui/buttons';
import { PageHeader } from '../shared/page-header';
import { useAsyncData } from '../shared/use-async-data';
import { useDeleteConfirmation } from '../shared/use-delete-confirmation';
import { usePublishToggle } from '../shared/use-list-actions';
import { DELETE_PUBLICATION_MESSAGE, PublicationTable } from './publication-table';

export function Component() {
  const load = useCallback(() => listAllPublications(browserClient()), []);
  const { state, reload } = useAsyncData(load);
  const toggle = usePublishToggle<AdminPublication>({
    setPublished: (id, published) => setPublicationPublished(browserClient(), id, published),
    reload,
    failureMessage: 'Erro ao alterar o status da publicação.',
  });
  const deletion = useDeleteConfirmation<AdminPublication>({
    message: DELETE_PUBLICATION_MESSAGE,
    remove: (publication) => deletePublication(browserClient(), publication.id),
    onDone: reload,
    onError: () => toggle.setFailure('Erro ao excluir publicação.'),
  });

  return (
    <>
      <PageHeader
        title="Publicações"
        actions={
          <Link to={paths.admin.publicationNew()} className={primaryButton}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            Nova Publicação
          </Link>
        }
      />
      <div className="space-y-4">
        {toggle.failure && <ErrorAlert>{toggle.failure}</ErrorAlert>}
        {state.status === 'loading' && <LoadingMessage />}
        {state.status === 'error' && <ErrorAlert>Erro ao carregar as publicações.</ErrorAlert>}
        {state.status === 'success' && (
          <PublicationTable publications={state.data} busyId={toggle.busyId} onTogglePublished={toggle.toggle} onDelete={deletion.ask} />
        )}
      </div>
      {deletion.dialog}
    </>
  );
}

export const ErrorBoundary = AdminRouteError;
