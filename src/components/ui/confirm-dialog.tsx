import { dangerButton, secondaryButton } from './buttons';
import { Modal } from './modal';

interface ConfirmDialogProps {
  open: boolean;
  /** The dialog's name; a delete's by default. */
  title?: string;
  message: string;
  confirmLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * The confirmation of what cannot be undone (docs/product.md §19.7: deletes; also a rejected sign-up or a revoked
 * access), as an accessible dialog rather than window.confirm.
 */
export function ConfirmDialog({
  open,
  title = 'Confirmar exclusão',
  message,
  confirmLabel = 'Excluir',
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal open={open} title={title} description={message} onClose={onCancel} size="sm">
      <div className="flex justify-end gap-3">
        <button type="button" onClick={onCancel} className={secondaryButton}>
          Cancelar
        </button>
        <button type="button" onClick={onConfirm} disabled={busy} className={dangerButton}>
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
