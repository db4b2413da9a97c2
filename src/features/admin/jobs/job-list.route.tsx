import { useCallback } from 'react';
import { Link } from 'react-router';
import { Plus } from 'lucide-react';
import { browserClient } from '../../../services/browser-client';
import { deleteJob, listAllJobs, setJobPublished, type Job } from '../../../services/jobs';
import { paths } from '../../../lib/paths';
import { ErrorAlert, LoadingMessage } from '../../../components/ui/alert-message';
import { AdminRouteError } from '../shared/admin-route-error';
import { primaryButton } from '../../../components/ui/buttons';
import { PageHeader } from '../shared/page-header';
import { useAsyncData } from '../shared/use-async-data';
import { useDeleteConfirmation } from '../shared/use-delete-confirmation';
import { usePublishToggle } from '../shared/use-list-actions';
import { DELETE_JOB_MESSAGE, JobTable } from './job-table';

export function Component() {
  const load = useCallback(() => listAllJobs(browserClient()), []);
  const { state, reload } = useAsyncData(load);
  const toggle = usePublishToggle<Job>({
    setPublished: (id, published) => setJobPublished(browserClient(), id, published),
    reload,
    failureMessage: 'Erro ao alterar o status da vaga.',
  });
  const deletion = useDeleteConfirmation<Job>({
    message: DELETE_JOB_MESSAGE,
    remove: (job) => deleteJob(browserClient(), job.id),
    onDone: reload,
    onError: () => toggle.setFailure('Erro ao excluir vaga.'),
  });

  return (
    <>
      <PageHeader
        title="Vagas de Emprego"
        actions={
          <Link to={paths.admin.jobNew()} className={primaryButton}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            Nova Vaga
          </Link>
        }
      />
      <div className="space-y-4">
        {toggle.failure && <ErrorAlert>{toggle.failure}</ErrorAlert>}
        {state.status === 'loading' && <LoadingMessage />}
        {state.status === 'error' && <ErrorAlert>Erro ao carregar as vagas.</ErrorAlert>}
        {state.status === 'success' && (
          <JobTable jobs={state.data} busyId={toggle.busyId} onTogglePublished={toggle.toggle} onDelete={deletion.ask} />
        )}
      </div>
      {deletion.dialog}
    </>
  );
}

export const ErrorBoundary = AdminRouteError;
