import { useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { browserClient } from '../../../services/browser-client';
import {
  deleteMediaKitRequest,
  listMediaKitRequestsPage,
  setMediaKitRequestHandled,
  type MediaKitRequest,
} from '../../../services/media-kit';
import { requireAdmin } from '../auth/admin-access';
import { AdminRouteError } from '../shared/admin-route-error';
import { OffsetListBody, type OffsetListContent } from '../shared/offset-list-body';
import { PageHeader } from '../shared/page-header';
import { OFFSET_PAGE_SIZE, readPageNumber, readSearch } from '../shared/offset-pager';
import { actionFailure, loadScreenData, readJson } from '../shared/route-data';
import { useRowActionFetcher } from '../shared/use-row-action-fetcher';
import { MediaKitRequestList } from './media-kit-request-list';
import { useDeleteRequest, type DeleteIntent } from './use-delete-request';

type HandledIntent = { intent: 'set-handled'; id: string; handled: boolean };

export const HANDLED_FAILURE = 'Erro ao atualizar o pedido de mídia kit. Tente novamente.';
export const DELETE_FAILURE = 'Erro ao excluir o pedido de mídia kit. Tente novamente.';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const page = readPageNumber(url);
  const q = readSearch(url);
  const result = await loadScreenData('Erro ao carregar os pedidos de mídia kit.', () =>
    listMediaKitRequestsPage(browserClient(), page, OFFSET_PAGE_SIZE, q),
  );
  return { page, q, ...result };
}

/** Marks a request handled or new, or deletes it; the database lets only administrators do either. */
export async function action({ request }: ActionFunctionArgs) {
  const body = await readJson<HandledIntent | DeleteIntent>(request);
  try {
    if (body.intent === 'delete') {
      await deleteMediaKitRequest(browserClient(), body.id);
      return { deleted: body.name };
    }
    await setMediaKitRequestHandled(browserClient(), body.id, body.handled);
    return null;
  } catch (error) {
    console.error(error);
    return actionFailure(body.intent === 'delete' ? DELETE_FAILURE : HANDLED_FAILURE);
  }
}

function MediaKitScreen({ content }: { content: OffsetListContent<MediaKitRequest> }) {
  const handling = useRowActionFetcher<HandledIntent>();
  const deletion = useDeleteRequest();

  return (
    <>
      <PageHeader title="Mídia Kit" />
      <OffsetListBody
        content={content}
        noun={['pedido', 'pedidos']}
        confirmed={deletion}
        rowActions={handling}
        searchFoundNothing="Nenhum resultado encontrado."
        table={(requests, busyId) => (
          <MediaKitRequestList
            requests={requests}
            busyId={busyId}
            onToggleHandled={(row) => handling.run({ intent: 'set-handled', id: row.id, handled: row.handled_at === null })}
            onDelete={deletion.ask}
          />
        )}
      />
      {deletion.dialog}
    </>
  );
}

export function Component() {
  const { page, q, rows, total } = useLoaderData<typeof loader>();
  return <MediaKitScreen content={{ rows, paging: { page, total, q } }} />;
}

export function ErrorBoundary() {
  return <AdminRouteError onLoadFailure={(loadFailure) => <MediaKitScreen content={{ loadFailure }} />} />;
}
