import { useId, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { Modal } from '../../../components/ui/modal';
import { primaryButton, secondaryButton } from '../../../components/ui/buttons';
import { normalizeLinkInput } from './editor-extensions';

interface LinkDialogProps {
  open: boolean;
  initialHref: string;
  onApply: (href: string) => void;
  onRemove: () => void;
  onClose: () => void;
}

/** Asks for a link's address in an accessible dialog (not window.prompt), with the allowed-protocol check. */
export function LinkDialog({ open, initialHref, onApply, onRemove, onClose }: LinkDialogProps) {
  // Outside the publication form's <form> in the DOM (see InsertImageDialog): nested, the browser submitted it natively.
  // Only while open: nothing is left in the page's body (and focus returns to the opener when it closes).
  if (!open) return null;
  return createPortal(
    <Modal open={open} title="Inserir link" onClose={onClose}>
      {open && <LinkDialogForm initialHref={initialHref} onApply={onApply} onRemove={onRemove} onClose={onClose} />}
    </Modal>,
    document.body,
  );
}

function LinkDialogForm({ initialHref, onApply, onRemove, onClose }: Omit<LinkDialogProps, 'open'>) {
  const id = useId();
  const [value, setValue] = useState(initialHref);
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The dialog sits inside the publication form: keep this submit from reaching it.
    event.stopPropagation();
    const href = normalizeLinkInput(value);
    if (!href) {
      setError('Informe um endereço válido começando com http://, https://, mailto: ou tel:');
      return;
    }
    onApply(href);
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div>
        <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
          Endereço do link
        </label>
        <input
          id={id}
          autoFocus
          value={value}
          onChange={(event) => setValue(event.target.value)}
          placeholder="https://"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={`block w-full rounded-md border px-3 py-2 ${error ? 'border-red-600' : 'border-slate-300'}`}
        />
        {error && (
          <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        {initialHref && (
          <button type="button" onClick={onRemove} className={secondaryButton}>
            Remover link
          </button>
        )}
        <button type="button" onClick={onClose} className={secondaryButton}>
          Cancelar
        </button>
        <button type="submit" className={primaryButton}>
          Aplicar
        </button>
      </div>
    </form>
  );
}
