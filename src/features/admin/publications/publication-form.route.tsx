import type { ActionFunctionArgs } from 'react-router';
import { useCallback, useContext } from 'react';
import { storyAudience } from '../../../services/audience';
import { getLeadStory, getPublication, getReviewState, getRevisionHistory, savePublication } from '../../../services/publication-admin';
import { endUrgent, getUrgentStory, markUrgent } from '../../../services/breaking-news-admin';
import { browserClient } from '../../../services/browser-client';
import type { Client } from '../../../services/client';
import { listTopics } from '../../../services/topic-admin';
import { paths } from '../../../lib/paths';
import { resourceFormRoute } from '../shared/resource-form-route';
import { actionFailure } from '../shared/route-data';
import { bucketUploader } from '../shared/upload';
import { BreakingNewsBox, type BreakingNewsIntent } from './breaking-news-box';
import { END_URGENT_FAILURE, END_URGENT_NOTICE, urgentFailureMessage, urgentNotice } from './breaking-news-messages';
import { leadFailureMessage } from './lead-story-messages';
import { revisionFailureMessage } from './revision-messages';
import { RevisionHistoryList } from './revision-fields';
import { PublicationForm } from './publication-form';
import { StoryAudiencePanel } from './story-audience-panel';
import { isEditorRole } from '../auth/permissions';
import { AdminSessionContext } from '../layout/admin-session-context';
import { PUBLICATION_RESOURCE } from './publication-resource';
import { EMPTY_PUBLICATION, toPublicationInput, valuesFromPublication } from './publication-values';

const uploadPublicationImage = bucketUploader('publications');

/**
 * The topics to choose from; the current lead story, which the form names when 'Manchete' would replace it; and the
 * urgent story, which the 'Plantão' box shows (this one) or names as the one a new mark replaces.
 */
async function loadChoices(client: Client, { id }: { id: string | undefined }) {
  // A new story cannot be urgent yet, nor corrected: it has no box, no review state and no history.
  const [topics, lead, urgent, review, history] = await Promise.all([
    listTopics(client),
    getLeadStory(client),
    id ? getUrgentStory(client) : null,
    id ? getReviewState(client, id) : null,
    id ? getRevisionHistory(client, id) : null,
  ]);
  return { topics, lead, urgent, review, history };
}

/** Whether the signed-in account publishes (an editor's or an administrator's form) or sends for review (a reporter's). */
function useMayPublish(): boolean {
  const session = useContext(AdminSessionContext);
  return !session || isEditorRole(session.role);
}

function BreakingNewsForEditors(props: Parameters<typeof BreakingNewsBox>[0]) {
  return useMayPublish() ? <BreakingNewsBox {...props} /> : null;
}

/** A saved story's figures over 30 days, for the roles that read the audience (issue 38). */
function StoryAudienceForEditors({ storyId }: { storyId: string }) {
  const load = useCallback(() => storyAudience(browserClient(), storyId), [storyId]);
  return useMayPublish() ? <StoryAudiencePanel load={load} /> : null;
}

function RoleAwarePublicationForm(props: Omit<Parameters<typeof PublicationForm>[0], 'mayPublish'>) {
  return <PublicationForm {...props} mayPublish={useMayPublish()} />;
}

const route = resourceFormRoute(PUBLICATION_RESOURCE, {
  service: { get: getPublication, save: savePublication },
  values: { fromRow: valuesFromPublication, empty: () => EMPTY_PUBLICATION, toInput: toPublicationInput },
  loadExtra: loadChoices,
  saveFailureFor: (error) => leadFailureMessage(error) ?? revisionFailureMessage(error),
  renderForm: (props, { id, extra }) => (
    <>
      {id && <BreakingNewsForEditors storyId={id} visible={props.initialValues.published} urgent={extra?.urgent ?? null} />}
      {id && <StoryAudienceForEditors storyId={id} />}
      <RoleAwarePublicationForm
        {...props}
        topics={extra?.topics ?? []}
        replacedLead={extra?.lead && extra.lead.id !== id ? extra.lead.title : null}
        upload={uploadPublicationImage}
        previewHref={id ? paths.admin.publicationPreview(id) : null}
        review={extra?.review ?? null}
      />
      {extra?.history && <RevisionHistoryList history={extra.history} />}
    </>
  ),
});

export const { loader, Component, ErrorBoundary } = route;

function isBreakingNewsIntent(body: unknown): body is BreakingNewsIntent {
  const intent = typeof body === 'object' && body !== null && 'intent' in body ? body.intent : null;
  return intent === 'mark-urgent' || intent === 'end-urgent';
}

/** The 'Plantão' box's requests (breaking-news-box.tsx); every other post is the story's save. */
export async function action(args: ActionFunctionArgs) {
  const body: unknown = await args.request.clone().json();
  const id = args.params.id;
  if (!isBreakingNewsIntent(body) || !id) return route.action(args);
  try {
    if (body.intent === 'end-urgent') {
      await endUrgent(browserClient(), id);
      return { notice: END_URGENT_NOTICE };
    }
    await markUrgent(browserClient(), id, body.urgentUntil);
    return { notice: urgentNotice(body.urgentUntil) };
  } catch (error) {
    console.error(error);
    return actionFailure(body.intent === 'end-urgent' ? END_URGENT_FAILURE : urgentFailureMessage(error));
  }
}
