import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';

/**
 * A delete behind the product's confirmation text, in the accessible dialog: `ask(id)` opens it; confirming calls
 * `remove(id)` (which sends it through the list's row-action fetcher), and the dialog stays open with its button
 * disabled while that row is busy, closing once the delete and the list's reload are done.
 */
export function useDeleteConfirmation({ message, busyId, remove }: { message: string; busyId: string | null; remove: (id: string) => void }) {
  const [asked, setAsked] = useState<{ id: string; confirmed: boolean } | null>(null);
  const deleting = asked !== null && asked.confirmed && busyId === asked.id;
  const open = asked !== null && (!asked.confirmed || deleting);

  const dialog = (
    <ConfirmDialog
      open={open}
      message={message}
      busy={deleting}
      onConfirm={() => {
        if (!asked) return;
        setAsked({ id: asked.id, confirmed: true });
        remove(asked.id);
      }}
      onCancel={() => setAsked(null)}
    />
  );
  return { ask: (id: string) => setAsked({ id, confirmed: false }), dialog };
}
