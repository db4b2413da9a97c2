import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';

/**
 * A delete behind SPEC's confirmation text, in the accessible dialog: `ask(item)` opens it; confirming runs
 * `remove(item)`, whose failure goes to `onError`.
 */
export function useDeleteConfirmation<T>({
  message,
  remove,
  onDone,
  onError,
}: {
  message: string;
  remove: (item: T) => Promise<void>;
  onDone: () => void;
  onError: (error: unknown) => void;
}) {
  const [target, setTarget] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    if (target === null) return;
    setBusy(true);
    try {
      await remove(target);
      onDone();
    } catch (error) {
      console.error(error);
      onError(error);
    } finally {
      setBusy(false);
      setTarget(null);
    }
  }

  const dialog = (
    <ConfirmDialog open={target !== null} message={message} busy={busy} onConfirm={() => void confirm()} onCancel={() => setTarget(null)} />
  );
  return { ask: (item: T) => setTarget(() => item), dialog };
}
