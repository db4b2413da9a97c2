import { getPublication, savePublication } from '../../../services/publication-admin';
import { listTopics } from '../../../services/topic-admin';
import { paths } from '../../../lib/paths';
import { resourceFormRoute } from '../shared/resource-form-route';
import { bucketUploader } from '../shared/upload';
import { leadFailureMessage } from './lead-story-messages';
import { PublicationForm } from './publication-form';
import { EMPTY_PUBLICATION, toPublicationInput, valuesFromPublication } from './publication-values';

const uploadPublicationImage = bucketUploader('publications');

export const { loader, action, Component, ErrorBoundary } = resourceFormRoute({
  words: { create: 'Nova Publicação', edit: 'Editar Publicação', loadFailure: 'Erro ao carregar a publicação.', saveFailure: 'Erro ao salvar publicação' },
  draftForm: 'publication',
  listPath: paths.admin.publications,
  service: { get: getPublication, save: savePublication },
  values: { fromRow: valuesFromPublication, empty: () => EMPTY_PUBLICATION, toInput: toPublicationInput },
  loadExtra: listTopics,
  saveFailureFor: leadFailureMessage,
  renderForm: (props, { id, extra: topics }) => (
    <PublicationForm
      {...props}
      topics={topics ?? []}
      upload={uploadPublicationImage}
      previewHref={id ? paths.admin.publicationPreview(id) : null}
    />
  ),
});
