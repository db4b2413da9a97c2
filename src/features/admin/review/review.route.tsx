import { useId, useState } from 'react';
import { Link, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { browserClient } from '../../../services/browser-client';
import { ServiceError } from '../../../services/errors';
import {
  listReviewQueue,
  publishFromReview,
  returnToReporter,
  REVIEW_NOTE_MAX_LENGTH,
  type ReviewQueueItem,
} from '../../../services/publication-admin';
import { formatSaoPauloDateTime } from '../../../lib/dates';
import { paths } from '../../../lib/paths';
import { ErrorAlert, SuccessNotice } from '../../../components/ui/alert-message';
import { primaryButton, secondaryButton } from '../../../components/ui/buttons';
import { TextAreaField } from '../../../components/form/form-fields';
import { requireAdmin } from '../auth/admin-access';
import { AdminRouteError } from '../shared/admin-route-error';
import { PageHeader } from '../shared/page-header';
import { actionFailure, loadScreenData, readJson } from '../shared/route-data';
import { useRowActionFetcher } from '../shared/use-row-action-fetcher';

// 'Revisão' (docs/decisions/0037): the stories reporters sent for review, the longest-waiting first; an editor opens,
// publishes or returns each one with a note. Editors and administrators only (permissions.ts; the database too).

type ReviewIntent = { intent: 'publish'; id: string; title: string } | { intent: 'return'; id: string; title: string; note: string };

const LOAD_FAILURE = 'Erro ao carregar a fila de revisão.';
export const NOT_IN_REVIEW = 'Esta publicação não está mais na fila de revisão. Recarregue a página.';
export const PUBLISH_FAILURE = 'Erro ao publicar. Tente novamente.';
export const RETURN_FAILURE = 'Erro ao devolver a publicação. Tente novamente.';
export const NOTE_REQUIRED = 'Escreva ao repórter o que falta para publicar.';
export const NOTE_TOO_LONG = `A observação pode ter até ${REVIEW_NOTE_MAX_LENGTH} caracteres.`;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return loadScreenData(LOAD_FAILURE, () => listReviewQueue(browserClient()));
}

export async function action({ request }: ActionFunctionArgs) {
  const body = await readJson<ReviewIntent>(request);
  try {
    if (body.intent === 'publish') {
      await publishFromReview(browserClient(), body.id);
      return { notice: `“${body.title}” foi publicada.` };
    }
    await returnToReporter(browserClient(), body.id, body.note);
    return { notice: `“${body.title}” foi devolvida ao repórter.` };
  } catch (error) {
    console.error(error);
    if (error instanceof ServiceError && error.code === 'not_in_review') return actionFailure(NOT_IN_REVIEW);
    return actionFailure(body.intent === 'publish' ? PUBLISH_FAILURE : RETURN_FAILURE);
  }
}

/** The note's own check, before anything is sent. */
export function validateReviewNote(note: string): string | null {
  if (!note.trim()) return NOTE_REQUIRED;
  if (note.trim().length > REVIEW_NOTE_MAX_LENGTH) return NOTE_TOO_LONG;
  return null;
}

function ReviewCard({
  story,
  busy,
  onPublish,
  onReturn,
}: {
  story: ReviewQueueItem;
  busy: boolean;
  onPublish: () => void;
  onReturn: (note: string) => void;
}) {
  const [returning, setReturning] = useState(false);
  // Kept while the card stays (a failed return keeps what the editor typed).
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const titleId = useId();
  return (
    <li aria-labelledby={titleId} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h2 id={titleId} className="text-base font-semibold text-slate-900">
        <Link to={paths.admin.publicationEdit(story.id)} className="hover:text-brand-700 hover:underline">
          {story.title}
        </Link>
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {story.topics?.name ?? 'Sem tópico'} · Enviada {story.review_requested_by ? `por ${story.review_requested_by} ` : ''}em{' '}
        {formatSaoPauloDateTime(story.review_requested_at)}
      </p>
      {story.description && <p className="mt-2 text-sm text-slate-700">{story.description}</p>}
      <div className="mt-4 flex flex-wrap gap-2">
        <Link to={paths.admin.publicationEdit(story.id)} className={secondaryButton} aria-label={`Abrir: ${story.title}`}>
          Abrir
        </Link>
        <Link to={paths.admin.publicationPreview(story.id)} className={secondaryButton} aria-label={`Pré-visualizar: ${story.title}`}>
          Pré-visualizar
        </Link>
        <button type="button" className={primaryButton} disabled={busy} onClick={onPublish} aria-label={`Publicar: ${story.title}`}>
          Publicar
        </button>
        {!returning && (
          <button
            type="button"
            className={secondaryButton}
            disabled={busy}
            onClick={() => setReturning(true)}
            aria-label={`Devolver ao repórter: ${story.title}`}
          >
            Devolver ao repórter
          </button>
        )}
      </div>
      {returning && (
        <form
          noValidate
          className="mt-4 space-y-3 border-t border-slate-200 pt-4"
          onSubmit={(event) => {
            event.preventDefault();
            const problem = validateReviewNote(note);
            setNoteError(problem);
            if (!problem) onReturn(note.trim());
          }}
        >
          <TextAreaField
            label="O que falta para publicar"
            name="review-note"
            required
            rows={3}
            value={note}
            onChange={setNote}
            error={noteError ?? undefined}
            hint="O repórter vê esta observação na publicação devolvida."
          />
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={primaryButton} disabled={busy}>
              Devolver ao repórter
            </button>
            <button type="button" className={secondaryButton} onClick={() => setReturning(false)}>
              Cancelar
            </button>
          </div>
        </form>
      )}
    </li>
  );
}

function ReviewScreen({ queue, loadFailure }: { queue?: { rows: ReviewQueueItem[]; more: boolean }; loadFailure?: string }) {
  const actions = useRowActionFetcher<ReviewIntent>();
  return (
    <>
      <PageHeader title="Revisão" />
      <p className="-mt-3 mb-6 text-sm text-slate-700">
        Publicações que repórteres enviaram para revisão, da mais antiga para a mais recente.
      </p>
      <div className="space-y-4">
        {actions.failure && <ErrorAlert>{actions.failure}</ErrorAlert>}
        {actions.notice && <SuccessNotice>{actions.notice}</SuccessNotice>}
        {loadFailure && <ErrorAlert>{loadFailure}</ErrorAlert>}
        {queue && queue.rows.length === 0 && (
          <p className="rounded-lg border border-slate-200 bg-white p-6 text-center text-slate-700">Nenhuma publicação aguardando revisão.</p>
        )}
        {queue && queue.rows.length > 0 && (
          <ul className="space-y-4" aria-label="Publicações aguardando revisão">
            {queue.rows.map((story) => (
              <ReviewCard
                key={story.id}
                story={story}
                busy={actions.busyId === story.id}
                onPublish={() => actions.run({ intent: 'publish', id: story.id, title: story.title })}
                onReturn={(note) => actions.run({ intent: 'return', id: story.id, title: story.title, note })}
              />
            ))}
          </ul>
        )}
        {queue?.more && (
          <p className="text-sm text-slate-700">Há mais publicações na fila: publique ou devolva estas para ver as seguintes.</p>
        )}
      </div>
    </>
  );
}

export function Component() {
  return <ReviewScreen queue={useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <AdminRouteError onLoadFailure={(loadFailure) => <ReviewScreen loadFailure={loadFailure} />} />;
}
