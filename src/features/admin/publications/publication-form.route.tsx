import { getPublication, savePublication } from '../../../services/publication-admin';
import { listTopics } from '../../../services/topic-admin';
import { paths } from '../../../lib/paths';
import { resourceFormRoute } from '../shared/resource-form-route';
import { bucketUploader } from '../shared/upload';
import { leadFailureMessage } from './lead-story-messages';
import { draftKey, removeDraft } from './publication-draft';
import { PublicationForm } from './publication-form';
import { EMPTY_PUBLICATION, toPublicationInput, valuesFromPublication } from './publication-values';

const uploadPublicationImage = bucketUploader('publications');

export const { loader, action, Component, ErrorBoundary } = resourceFormRoute({
  words: { create: 'Nova Publicação', edit: 'Editar Publicação', loadFailure: 'Erro ao carregar a publicação.', saveFailure: 'Erro ao salvar publicação' },
  listPath: paths.admin.publications,
  service: { get: getPublication, save: savePublication },
  values: { fromRow: valuesFromPublication, empty: () => EMPTY_PUBLICATION, toInput: toPublicationInput },
  loadExtra: listTopics,
  saveFailureFor: leadFailureMessage,
  // The local draft has served its purpose once the publication is stored.
  afterSave: (id) => removeDraft(globalThis.localStorage, draftKey(id)),
  renderForm: (props, { id, extra: topics }) => (
    <PublicationForm
      {...props}
      topics={topics ?? []}
      draftKey={draftKey(id)}
      upload={uploadPublicationImage}
      previewHref={id ? paths.admin.publicationPreview(id) : null}
    />
  ),
});
