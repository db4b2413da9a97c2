import { getLeadStory, getPublication, savePublication } from '../../../services/publication-admin';
import type { Client } from '../../../services/client';
import { listTopics } from '../../../services/topic-admin';
import { paths } from '../../../lib/paths';
import { resourceFormRoute } from '../shared/resource-form-route';
import { bucketUploader } from '../shared/upload';
import { leadFailureMessage } from './lead-story-messages';
import { PublicationForm } from './publication-form';
import { PUBLICATION_RESOURCE } from './publication-resource';
import { EMPTY_PUBLICATION, toPublicationInput, valuesFromPublication } from './publication-values';

const uploadPublicationImage = bucketUploader('publications');

/** The topics to choose from, and the current lead story, which the form names when 'Manchete' would replace it. */
async function loadChoices(client: Client) {
  const [topics, lead] = await Promise.all([listTopics(client), getLeadStory(client)]);
  return { topics, lead };
}

export const { loader, action, Component, ErrorBoundary } = resourceFormRoute(PUBLICATION_RESOURCE, {
  service: { get: getPublication, save: savePublication },
  values: { fromRow: valuesFromPublication, empty: () => EMPTY_PUBLICATION, toInput: toPublicationInput },
  loadExtra: loadChoices,
  saveFailureFor: leadFailureMessage,
  renderForm: (props, { id, extra }) => (
    <PublicationForm
      {...props}
      topics={extra?.topics ?? []}
      replacedLead={extra?.lead && extra.lead.id !== id ? extra.lead.title : null}
      upload={uploadPublicationImage}
      previewHref={id ? paths.admin.publicationPreview(id) : null}
    />
  ),
});
