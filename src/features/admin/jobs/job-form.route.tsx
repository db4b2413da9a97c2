import { useCallback } from 'react';
import { useNavigate, useParams } from 'react-router';
import { browserClient } from '../../../services/browser-client';
import { NotFoundError } from '../../../services/errors';
import { getJob, saveJob } from '../../../services/jobs';
import { paths } from '../../../lib/paths';
import { ErrorAlert, LoadingMessage } from '../shared/alert-message';
import { AdminRouteError } from '../shared/admin-route-error';
import { PageHeader } from '../shared/page-header';
import { useAsyncData } from '../shared/use-async-data';
import { EMPTY_JOB, JobForm, toJobInput, valuesFromJob } from './job-form';

export function Component() {
  const { id } = useParams();
  const navigate = useNavigate();
  const load = useCallback(async () => (id ? valuesFromJob(await getJob(browserClient(), id)) : EMPTY_JOB), [id]);
  const { state } = useAsyncData(load);
  if (state.status === 'error' && state.error instanceof NotFoundError) throw state.error;

  return (
    <>
      <PageHeader title={id ? 'Editar Vaga' : 'Nova Vaga'} backTo={paths.admin.jobs()} />
      {state.status === 'loading' && <LoadingMessage />}
      {state.status === 'error' && <ErrorAlert>Erro ao carregar a vaga.</ErrorAlert>}
      {state.status === 'success' && (
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
