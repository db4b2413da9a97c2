import { useCallback } from 'react';
import { useNavigate, useParams } from 'react-router';
import { browserClient } from '../../../services/browser-client';
import { getObituary, saveObituary } from '../../../services/obituaries';
import { paths } from '../../../lib/paths';
import { ErrorAlert, LoadingMessage } from '../../../components/ui/alert-message';
import { AdminRouteError, RecordNotFound } from '../shared/admin-route-error';
import { PageHeader } from '../shared/page-header';
import { bucketUploader } from '../shared/upload';
import { useAsyncData } from '../shared/use-async-data';
import { ObituaryForm, emptyObituary, toObituaryInput, valuesFromObituary } from './obituary-form';

const uploadPhoto = bucketUploader('obituaries');

export function Component() {
  const { id } = useParams();
  const navigate = useNavigate();
  const load = useCallback(async () => {
    if (!id) return emptyObituary();
    const obituary = await getObituary(browserClient(), id);
    return obituary ? valuesFromObituary(obituary) : null;
  }, [id]);
  const { state } = useAsyncData(load);
  // A missing obituary is an expected answer (a deleted row, a stale link): rendered, not thrown or logged.
  if (state.status === 'success' && !state.data) return <RecordNotFound />;

  return (
    <>
      <PageHeader title={id ? 'Editar Obituário' : 'Novo Obituário'} backTo={paths.admin.obituaries()} />
      {state.status === 'loading' && <LoadingMessage />}
      {state.status === 'error' && <ErrorAlert>Erro ao carregar o obituário.</ErrorAlert>}
      {state.status === 'success' && state.data && (
        <ObituaryForm
          key={id ?? 'new'}
          initialValues={state.data}
          upload={uploadPhoto}
          onCancel={() => void navigate(paths.admin.obituaries())}
          onSubmit={async (values) => {
            await saveObituary(browserClient(), toObituaryInput(values), id);
            await navigate(paths.admin.obituaries());
          }}
        />
      )}
    </>
  );
}

export const ErrorBoundary = AdminRouteError;
