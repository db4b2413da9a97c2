import { useState } from 'react';
import { useFetcher } from 'react-router';
import type { MediaKitRequest } from '../../../services/media-kit';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { JSON_SUBMIT, type ActionFailure } from '../shared/route-data';

/** What the media-kit route's action answers a delete: the requester's name when done, or the failure. */
export type DeleteAnswer = ActionFailure | { deleted: string };

/** The body the screen sends to delete a request; the name is for the success message. */
export interface DeleteIntent {
  intent: 'delete';
  id: string;
  name: string;
}

/**
 * 'Excluir' on a media-kit request, a person's contact data: `ask(request)` opens the deletes' confirmation naming
 * whose data goes; confirming sends the delete to the route's action and the dialog stays open (button disabled)
 * until the delete and the list's reload are done; then the screen says what happened.
 */
export function useDeleteRequest() {
  const fetcher = useFetcher<DeleteAnswer>();
  const [asked, setAsked] = useState<{ request: MediaKitRequest; confirmed: boolean } | null>(null);
  const busy = fetcher.state !== 'idle';
  const deleting = asked !== null && asked.confirmed && busy;
  const answer = busy ? undefined : fetcher.data;

  const dialog = (
    <ConfirmDialog
      open={asked !== null && (!asked.confirmed || deleting)}
      message={
        asked
          ? `Tem certeza que deseja excluir o pedido de mídia kit de ${asked.request.name}? Os dados de contato serão apagados definitivamente.`
          : ''
      }
      busy={deleting}
      onConfirm={() => {
        if (!asked) return;
        setAsked({ request: asked.request, confirmed: true });
        const intent: DeleteIntent = { intent: 'delete', id: asked.request.id, name: asked.request.name };
        void fetcher.submit({ ...intent }, JSON_SUBMIT);
      }}
      onCancel={() => setAsked(null)}
    />
  );

  return {
    ask: (request: MediaKitRequest) => setAsked({ request, confirmed: false }),
    dialog,
    busyId: deleting ? asked.request.id : null,
    notice: answer && 'deleted' in answer ? `Pedido de ${answer.deleted} excluído.` : null,
    failure: answer && 'error' in answer ? answer.error : null,
  };
}
