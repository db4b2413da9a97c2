import type { MediaKitRequest } from '../../../services/media-kit';
import { useConfirmedAction } from '../shared/use-confirmed-action';

/** The body the screen sends to delete a request; the name is for the success message. */
export interface DeleteIntent {
  intent: 'delete';
  id: string;
  name: string;
}

/** 'Excluir' on a media-kit request, a person's contact data: the confirmation names whose data goes. */
export function useDeleteRequest() {
  const action = useConfirmedAction<MediaKitRequest, { deleted: string }>({
    message: (request) =>
      `Tem certeza que deseja excluir o pedido de mídia kit de ${request.name}? Os dados de contato serão apagados definitivamente.`,
    body: (request) => ({ intent: 'delete', id: request.id, name: request.name }) satisfies DeleteIntent,
    idOf: (request) => request.id,
  });
  return { ...action, notice: action.done ? `Pedido de ${action.done.deleted} excluído.` : null };
}
