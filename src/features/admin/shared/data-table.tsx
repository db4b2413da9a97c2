import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';

/**
 * Below lg (a phone, a tablet, a desktop window zoomed to 200%) each row is a card: cells stack, headers stay in the
 * table for screen readers but are hidden from view, so nothing scrolls sideways (WCAG 1.4.10, reflow; decision 0036).
 * Chromium keeps a table's semantics under `display: block`. From lg up it is a plain table; the frame still scrolls
 * sideways if a wide list outgrows a narrow desktop, and only then is it a Tab stop, so the keyboard can scroll it.
 */
const STACKED =
  'max-lg:block max-lg:[&_tbody]:block max-lg:[&_tr]:block max-lg:[&_tr]:py-2 max-lg:[&_td:not(.hidden)]:block max-lg:[&_td]:py-1 max-lg:[&_td]:[overflow-wrap:anywhere] max-lg:[&_thead]:sr-only';

/**
 * The admin lists' table frame: a captioned table, stacked as cards on narrow screens (see STACKED).
 */
export function DataTable({
  caption,
  headers,
  phoneHidden = [],
  children,
}: {
  caption: string;
  headers: readonly string[];
  /** Columns left out below lg, whose cells use `desktopCell`; the first cell repeats what matters of them. */
  phoneHidden?: readonly string[];
  children: ReactNode;
}) {
  const frame = useRef<HTMLDivElement>(null);
  const scrolls = useScrollsSideways(frame);
  return (
    // A group, not a region: the section around a list often bears the caption's name already, and two landmarks
    // may not share one (axe's landmark-unique).
    <div ref={frame} className="rounded-lg border border-slate-200 bg-white shadow-sm lg:overflow-x-auto" tabIndex={scrolls ? 0 : undefined} role="group" aria-label={caption}>
      <table className={`min-w-full divide-y divide-slate-200 text-left text-sm ${STACKED}`}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50">
          <tr>
            {headers.map((header, index) => (
              <th
                key={header}
                scope="col"
                className={`px-3 py-3 text-xs font-semibold uppercase tracking-wide text-slate-700 sm:px-4 ${index === headers.length - 1 && header === 'Ações' ? 'text-right' : ''} ${phoneHidden.includes(header) ? desktopCell : ''}`}
              >
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">{children}</tbody>
      </table>
    </div>
  );
}

/** Whether the element's content is wider than its box (it scrolls sideways), kept up to date as either resizes. */
function useScrollsSideways(ref: RefObject<HTMLElement | null>): boolean {
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth);
    measure();
    // jsdom has no ResizeObserver: there, the first measure is the only one.
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [ref]);
  return scrolls;
}

export function EmptyRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={colSpan} className="px-4 py-8 text-center text-slate-600">
        {children}
      </td>
    </tr>
  );
}

export const cell = 'px-3 py-3 align-middle text-slate-800 sm:px-4';

/** A cell of a column that narrow screens leave out (see `phoneHidden`). */
export const desktopCell = 'hidden lg:table-cell';

/** The line under a row's title that, below lg only, carries the left-out columns. */
export const phoneDetails = 'mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600 lg:hidden';

/**
 * A cell's column name, shown before its value when rows are cards (below lg), where the header row is out of view.
 * Hidden from screen readers: they announce the column header of the cell already.
 */
export function CellLabel({ children }: { children: string }) {
  return (
    <span aria-hidden="true" className="mr-1 font-semibold text-slate-600 lg:hidden">
      {children}:
    </span>
  );
}
