import { useCallback } from 'react';
import { useNavigate, useParams } from 'react-router';
import { browserClient } from '../../../services/browser-client';
import { getJob, saveJob } from '../../../services/jobs';
import { paths } from '../../../lib/paths';
import { ErrorAlert, LoadingMessage } from '../../../components/ui/alert-message';
import { AdminRouteError, RecordNotFound } from '../shared/admin-route-error';
import { PageHeader } from '../shared/page-header';
import { useAsyncData } from '../shared/use-async-data';
import { EMPTY_JOB, JobForm, toJobInput, valuesFromJob } from './job-form';

export function Component() {
  const { id } = useParams();
  const navigate = useNavigate();
  const load = useCallback(async () => {
    if (!id) return EMPTY_JOB;
    const job = await getJob(browserClient(), id);
    return job ? valuesFromJob(job) : null;
  }, [id]);
  const { state } = useAsyncData(load);
  // A missing job is an expected answer (a deleted row, a stale link): rendered, not thrown or logged.
  if (state.status === 'success' && !state.data) return <RecordNotFound />;

  return (
    <>
      <PageHeader title={id ? 'Editar Vaga' : 'Nova Vaga'} backTo={paths.admin.jobs()} />
      {state.status === 'loading' && <LoadingMessage />}
      {state.status === 'error' && <ErrorAlert>Erro ao carregar a vaga.</ErrorAlert>}
      {state.status === 'success' && state.data && (
        <JobForm
          key={id ?? 'new'}
          initialValues={state.data}
          onCancel={() => void navigate(paths.admin.jobs())}
          onSubmit={async (values) => {
            await saveJob(browserClient(), toJobInput(values), id);
            await navigate(paths.admin.jobs());
          }}
        />
      )}
    </>
  );
}

export const ErrorBoundary = AdminRouteError;
