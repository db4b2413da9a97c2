import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { X } from 'lucide';
import { Icon } from './icon';

interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Optional description under the title, announced with it. */
  description?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
}

const WIDTHS = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-2xl' } as const;

/**
 * An accessible modal on the native <dialog>: showModal() makes the page behind it inert (focus stays inside),
 * Esc closes it, and focus returns to the opener when it closes.
 */
export function Modal({ open, title, onClose, children, description, size = 'md' }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  // A layout effect: the dialog opens and closes with the render that says so, before anything else runs (the notice
  // that follows a sent form), on React and on preact/compat, whose plain effects wait for the next frame.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      return () => opener?.focus();
    }
    if (!open && dialog.open) dialog.close();
    return undefined;
  }, [open]);

  return (
    <dialog
      ref={ref}
      // Named only while open, when the title is there: a closed dialog in the server's HTML keeps the server's ids,
      // which the browser's runtime (preact/compat, docs/decisions/0017) never rewrites, and the title it renders on
      // opening gets the browser's.
      aria-labelledby={open ? titleId : undefined}
      aria-describedby={open && description ? descriptionId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      // Tailwind 4's preflight zeroes every margin, the <dialog>'s own `margin: auto` included: put it back to centre it.
      className={`m-auto w-[calc(100%-2rem)] ${WIDTHS[size]} rounded-lg bg-white p-0 shadow-xl backdrop:bg-slate-900/60`}
    >
      {open && (
        <div className="p-6">
          <div className="flex items-start justify-between gap-4">
            <h2 id={titleId} className="text-lg font-semibold text-slate-900">
              {title}
            </h2>
            <button
              type="button"
              onClick={onClose}
              className="rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
              aria-label="Fechar"
            >
              <Icon node={X} className="h-5 w-5" />
            </button>
          </div>
          {description && (
            <div id={descriptionId} className="mt-2 text-sm text-slate-600">
              {description}
            </div>
          )}
          <div className="mt-4">{children}</div>
        </div>
      )}
    </dialog>
  );
}
