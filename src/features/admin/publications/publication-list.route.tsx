import {
  deletePublication,
  listPublicationsPage,
  setLeadStory,
  setPublicationPublished,
  type AdminPublicationSummary,
} from '../../../services/publication-admin';
import { formatDate } from '../../../lib/dates';
import { resourceListRoute } from '../shared/resource-list-route';
import { titleColumn } from '../shared/resource-table';
import { leadChangeNotice, leadFailureMessage } from './lead-story-messages';
import { PublicationRowExtras, PublicationState, scheduledLabel, urgentLabel } from './publication-state';
import { PUBLICATION_RESOURCE } from './publication-resource';
import { isEditorRole } from '../auth/permissions';
import type { AdminSession } from '../layout/admin-session-context';
import { reviewLabel } from './publication-state';

/**
 * A reporter (decision 0037) edits and deletes only its own drafts and publishes nothing; editors and administrators
 * everything. The database holds the same rules.
 */
function publicationPermissions(publication: AdminPublicationSummary, session: AdminSession | null) {
  if (!session || isEditorRole(session.role)) return { edit: true, publish: true, remove: true };
  const ownDraft = publication.author_id === session.user.id && !publication.published;
  return { edit: ownDraft, publish: false, remove: ownDraft };
}

function shownDate(publication: AdminPublicationSummary): string {
  return formatDate(publication.published_at ?? publication.created_at);
}

/** docs/product.md §2 publication list: title and description, topic name or '-', status, date, actions. */
export const { loader, action, Component, ErrorBoundary } = resourceListRoute<AdminPublicationSummary>(PUBLICATION_RESOURCE, {
  rowLabel: (publication) => publication.title,
  cursorOf: (publication) => ({ at: publication.created_at, id: publication.id }),
  columns: [
    titleColumn('Título', 'md:min-w-64 md:max-w-md', {
      publishedLabel: (publication) => scheduledLabel(publication) ?? undefined,
      details: (publication) => [
        publication.topics?.name ?? '-',
        shownDate(publication),
        ...(publication.is_lead ? ['Manchete'] : []),
        ...[urgentLabel(publication), reviewLabel(publication)].filter((label) => label !== null),
      ],
    }),
    { header: 'Tópico', phoneHidden: true, render: (publication) => publication.topics?.name ?? '-' },
    { header: 'Status', phoneHidden: true, render: (publication) => <PublicationState row={publication} /> },
    { header: 'Data', phoneHidden: true, className: 'whitespace-nowrap', render: shownDate },
  ],
  extraStatuses: [{ value: 'scheduled', label: 'Agendadas' }],
  rowSwitch: {
    set: async (client, id, on) => leadChangeNotice(await setLeadStory(client, id, on)),
    failureFor: (error) => leadFailureMessage(error) ?? 'Erro ao alterar a manchete.',
    render: (publication, run, busy, session) => (
      <PublicationRowExtras row={publication} setLead={run} busy={busy} mayLead={!session || isEditorRole(session.role)} />
    ),
  },
  rowPermissions: publicationPermissions,
  service: { list: (client, query) => listPublicationsPage(client, query), setPublished: setPublicationPublished, remove: deletePublication },
});
