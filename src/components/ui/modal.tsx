import { useId, useLayoutEffect, useRef, type KeyboardEvent as ReactKeyboardEvent, type ReactNode } from 'react';
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
  /**
   * The dialog's id, for a button that opens it by itself (`command="show-modal"` and `commandfor`). With
   * `onOpenedByBrowser`, the content is in the server's HTML while closed, so the browser can open it before the app
   * runs; the app then takes it over as open.
   */
  id?: string;
  /** Told of a dialog the browser opened before the app ran, with its content as the reader left it. */
  onOpenedByBrowser?: (dialog: HTMLDialogElement) => void;
}

const WIDTHS = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-2xl' } as const;

/** What Tab can reach inside a dialog, in document order (none of these is inert or hidden there). */
const TABBABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

/**
 * Tab from the dialog's last control goes to its first, Shift+Tab from the first to the last. The page behind a
 * modal <dialog> is inert, but Chromium still lets Tab leave for the browser's own controls; the dialog pattern
 * (WAI-ARIA APG) keeps the focus cycling inside instead.
 */
function keepTabInside(event: ReactKeyboardEvent<HTMLDialogElement>) {
  if (event.key !== 'Tab') return;
  const controls = [...event.currentTarget.querySelectorAll<HTMLElement>(TABBABLE)].filter((element) => element.getClientRects().length > 0);
  const first = controls[0];
  const last = controls.at(-1);
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * An accessible modal on the native <dialog>: showModal() makes the page behind it inert, Tab cycles inside it, Esc
 * closes it, and focus returns to the opener when it closes.
 */
export function Modal({ open, title, onClose, children, description, size = 'md', id, onOpenedByBrowser }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const shownByApp = useRef(false);
  const titleId = useId();
  const descriptionId = useId();

  // A layout effect: the dialog opens and closes with the render that says so, before the page paints.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open) {
      shownByApp.current = true;
      if (dialog.open) return undefined;
      const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      // After the commit, not in it: a dialog unmounted while open (a portal's) is still in the page when this cleanup
      // runs, and the page behind it is inert until it is gone, so focusing the opener then would do nothing.
      return () => queueMicrotask(() => opener?.focus());
    }
    if (dialog.open) {
      if (shownByApp.current || !onOpenedByBrowser) dialog.close();
      else onOpenedByBrowser(dialog);
    }
    shownByApp.current = false;
    return undefined;
  }, [open, onOpenedByBrowser]);

  return (
    <dialog
      ref={ref}
      id={id}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onKeyDown={keepTabInside}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      // Tailwind 4's preflight zeroes every margin, the <dialog>'s own `margin: auto` included: put it back to centre it.
      className={`m-auto w-[calc(100%-2rem)] ${WIDTHS[size]} rounded-lg bg-white p-0 shadow-xl backdrop:bg-slate-900/60`}
    >
      {(open || onOpenedByBrowser) && (
        <div className="p-6">
          <div className="flex items-start justify-between gap-4">
            <h2 id={titleId} className="text-lg font-semibold text-slate-900">
              {title}
            </h2>
            <button
              type="button"
              // Closes by itself too, before the app runs, when the dialog can be opened that way.
              command={id ? 'close' : undefined}
              commandfor={id}
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
