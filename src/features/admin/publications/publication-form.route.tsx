import { useCallback } from 'react';
import { useNavigate, useParams } from 'react-router';
import { browserClient } from '../../../services/browser-client';
import { getPublication, savePublication } from '../../../services/publications';
import { listTopics } from '../../../services/topics';
import { paths } from '../../../lib/paths';
import { ErrorAlert, LoadingMessage } from '../../../components/ui/alert-message';
import { AdminRouteError, RecordNotFound } from '../shared/admin-route-error';
import { PageHeader } from '../shared/page-header';
import { bucketUploader } from '../shared/upload';
import { useAsyncData } from '../shared/use-async-data';
import { draftKey } from './publication-draft';
import { PublicationForm } from './publication-form';
import { EMPTY_PUBLICATION, toPublicationInput, valuesFromPublication } from './publication-values';

const uploadPublicationImage = bucketUploader('publications');

export function Component() {
  const { id } = useParams();
  const navigate = useNavigate();
  const load = useCallback(async () => {
    const client = browserClient();
    const [topics, publication] = await Promise.all([listTopics(client), id ? getPublication(client, id) : Promise.resolve(null)]);
    if (id && !publication) return null;
    return { topics, initialValues: publication ? valuesFromPublication(publication) : EMPTY_PUBLICATION };
  }, [id]);
  const { state } = useAsyncData(load);

  // A missing publication is an expected answer (a deleted row, a stale link): rendered, not thrown or logged.
  if (state.status === 'success' && !state.data) return <RecordNotFound />;

  return (
    <>
      <PageHeader title={id ? 'Editar Publicação' : 'Nova Publicação'} backTo={paths.admin.publications()} />
      {state.status === 'loading' && <LoadingMessage />}
      {state.status === 'error' && <ErrorAlert>Erro ao carregar a publicação.</ErrorAlert>}
      {state.status === 'success' && state.data && (
        <PublicationForm
          key={id ?? 'new'}
          initialValues={state.data.initialValues}
          topics={state.data.topics}
          draftKey={draftKey(id)}
          upload={uploadPublicationImage}
          onCancel={() => void navigate(paths.admin.publications())}
          onSubmit={async (values) => {
            await savePublication(browserClient(), toPublicationInput(values), id);
            await navigate(paths.admin.publications());
          }}
        />
      )}
    </>
  );
}

export const ErrorBoundary = AdminRouteError;
