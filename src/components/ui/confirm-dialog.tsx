import { Modal } from './modal';

interface ConfirmDialogProps {
  open: boolean;
  message: string;
  confirmLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The deletes' confirmation (docs/product.md §19.7), as an accessible dialog rather than window.confirm. */
export function ConfirmDialog({ open, message, confirmLabel = 'Excluir', busy = false, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Modal open={open} title="Confirmar exclusão" description={message} onClose={onCancel} size="sm">
      <div className="flex justify-end gap-3">
        <button type="button" onClick={onCancel} className="rounded border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50">
          Cancelar
        </button>
        <button
          type="button"
          onClick={onConfirm}
          disabled={busy}
          className="rounded bg-red-700 px-4 py-2 text-sm font-medium text-white hover:bg-red-800 disabled:opacity-60"
        >
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
