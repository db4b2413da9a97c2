import {
  deletePublication,
  listPublicationsPage,
  setLeadStory,
  setPublicationPublished,
  type AdminPublicationSummary,
} from '../../../services/publication-admin';
import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { storyListAudience } from '../../../services/audience';
import { browserClient } from '../../../services/browser-client';
import { formatCount } from '../../../lib/audience-figures';
import { formatDate } from '../../../lib/dates';
import { requireAdmin } from '../auth/admin-access';
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

/** A story's views and readers over 30 days (issue 38), from the list loader's figures; '—' when none were read. */
function StoryReach({ id }: { id: string }) {
  const { audience } = useLoaderData<typeof loader>();
  const figures = audience?.[id];
  if (!figures) return <span className="text-slate-600">—</span>;
  return (
    <span className="whitespace-nowrap tabular-nums">
      {formatCount(figures.views)} visualizações
      <span className="block text-xs text-slate-600">{formatCount(figures.readers)} leitores</span>
    </span>
  );
}

/** docs/product.md §2 publication list: title and description, topic name or '-', status, date, actions. */
const list = resourceListRoute<AdminPublicationSummary>(PUBLICATION_RESOURCE, {
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
    // What readers made of each story (issue 38): editors' figures, as 'Audiência' is theirs.
    { header: 'Audiência (30 dias)', phoneHidden: true, forRole: isEditorRole, render: (publication) => <StoryReach id={publication.id} /> },
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

/**
 * The list's page, and for an Editor or Administrador each listed story's views and readers over 30 days. The figures
 * are extra: when they cannot be read the list still shows (the column says '—').
 */
export async function loader(args: LoaderFunctionArgs) {
  const role = await requireAdmin(args.request);
  const data = await list.loader(args);
  let audience: Record<string, { views: number; readers: number }> | null = null;
  if (isEditorRole(role)) {
    try {
      audience = Object.fromEntries(await storyListAudience(browserClient(), data.page.rows.map((row) => row.id)));
    } catch (error) {
      console.error(error);
    }
  }
  return { ...data, audience };
}

export const { action, Component, ErrorBoundary } = list;
