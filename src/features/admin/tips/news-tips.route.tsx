import { Link, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { browserClient } from '../../../services/browser-client';
import { deleteNewsTip, listNewsTipsWithPhotos, NEWS_TIP_LIST_LIMIT, setNewsTipStatus, type NewsTipWithPhotos } from '../../../services/news-tip-admin';
import { paths } from '../../../lib/paths';
import type { NewsTipStatus } from '../../../types/database';
import { requireAdmin } from '../auth/admin-access';
import { AdminRouteError } from '../shared/admin-route-error';
import { ConfirmedActionOutcome, ListBody, type ListContent } from '../shared/list-body';
import { PageHeader } from '../shared/page-header';
import { actionFailure, loadScreenData, readJson } from '../shared/route-data';
import { useConfirmedAction } from '../shared/use-confirmed-action';
import { useRowActionFetcher } from '../shared/use-row-action-fetcher';
import { NewsTipList, STATUS_LABELS, tipExcerpt } from './news-tip-list';

// 'Sugestões de pauta' (docs/product.md §15): the tips readers sent through the tip line, by status, with photos.

export const LOAD_FAILURE = 'Erro ao carregar as sugestões de pauta.';
export const STATUS_FAILURE = 'Erro ao atualizar a sugestão. Tente novamente.';
export const DELETE_FAILURE = 'Erro ao excluir a sugestão. Tente novamente.';
export const DELETED_NOTICE = 'Sugestão excluída, com as fotos.';

/** The filter in the address, in the newsroom's words: `?situacao=lidas`. New tips without one. */
const STATUS_PARAM: Record<NewsTipStatus, string> = { new: 'novas', read: 'lidas', used: 'usadas' };
const STATUSES = Object.keys(STATUS_PARAM) as NewsTipStatus[];

function statusOf(url: URL): NewsTipStatus {
  const asked = url.searchParams.get('situacao');
  return STATUSES.find((status) => STATUS_PARAM[status] === asked) ?? 'new';
}

const statusHref = (status: NewsTipStatus) => (status === 'new' ? paths.admin.tips() : `${paths.admin.tips()}?situacao=${STATUS_PARAM[status]}`);

type StatusIntent = { intent: 'set-status'; id: string; status: NewsTipStatus };
type DeleteIntent = { intent: 'delete'; id: string };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const status = statusOf(new URL(request.url));
  const tips = await loadScreenData(LOAD_FAILURE, () => listNewsTipsWithPhotos(browserClient(), status));
  return { status, tips };
}

/** Marks a tip read or used, or deletes it with its photos; the database lets only administrators do either. */
export async function action({ request }: ActionFunctionArgs) {
  const body = await readJson<StatusIntent | DeleteIntent>(request);
  try {
    if (body.intent === 'delete') {
      await deleteNewsTip(browserClient(), body.id);
      return { deleted: true };
    }
    await setNewsTipStatus(browserClient(), body.id, body.status);
    return null;
  } catch (error) {
    console.error(error);
    return actionFailure(body.intent === 'delete' ? DELETE_FAILURE : STATUS_FAILURE);
  }
}

/** Novas / Lidas / Usadas: links, so each list has its address and Back returns to it. */
function StatusTabs({ current }: { current: NewsTipStatus }) {
  return (
    <nav aria-label="Situação das sugestões" className="flex gap-2 border-b border-slate-200">
      {STATUSES.map((status) => (
        <Link
          key={status}
          to={statusHref(status)}
          aria-current={status === current ? 'page' : undefined}
          className={`-mb-px border-b-2 px-3 py-2 text-sm font-semibold ${
            status === current ? 'border-brand-700 text-brand-800' : 'border-transparent text-slate-600 hover:text-slate-900'
          }`}
        >
          {STATUS_LABELS[status].tab}
        </Link>
      ))}
    </nav>
  );
}

function TipsScreen({ status, content }: { status: NewsTipStatus; content: ListContent<NewsTipWithPhotos[]> }) {
  const marking = useRowActionFetcher<StatusIntent>();
  const deletion = useConfirmedAction<NewsTipWithPhotos, { deleted: true }>({
    message: (tip) =>
      `Tem certeza que deseja excluir a sugestão "${tipExcerpt(tip)}"? O texto, os dados de contato e as fotos serão apagados definitivamente.`,
    body: (tip) => ({ intent: 'delete', id: tip.id }) satisfies DeleteIntent,
    idOf: (tip) => tip.id,
  });
  const busyId = marking.busyId ?? deletion.busyId;
  const full = 'rows' in content && content.rows.length >= NEWS_TIP_LIST_LIMIT;

  return (
    <>
      <PageHeader title="Sugestões de pauta" />
      <div className="space-y-4">
        <StatusTabs current={status} />
        <ConfirmedActionOutcome notice={deletion.done ? DELETED_NOTICE : null} failure={deletion.failure} />
        <ListBody
          actionFailure={marking.failure}
          content={content}
          table={(tips) => (
            <NewsTipList
              tips={tips}
              status={status}
              busyId={busyId}
              onSetStatus={(tip, next) => marking.run({ intent: 'set-status', id: tip.id, status: next })}
              onDelete={deletion.ask}
            />
          )}
        />
        {full && (
          <p className="text-sm text-slate-600">
            Mostrando as {NEWS_TIP_LIST_LIMIT} mais recentes. Marque ou exclua as já tratadas para ver as anteriores.
          </p>
        )}
      </div>
      {deletion.dialog}
    </>
  );
}

export function Component() {
  const { status, tips } = useLoaderData<typeof loader>();
  return <TipsScreen status={status} content={{ rows: tips }} />;
}

export function ErrorBoundary() {
  return <AdminRouteError onLoadFailure={(loadFailure) => <TipsScreen status="new" content={{ loadFailure }} />} />;
}
