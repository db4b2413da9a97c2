import type { ReactNode } from 'react';

/**
 * The admin lists' table frame: a captioned table that scrolls sideways on a phone instead of squeezing columns.
 * The scroll container is focusable so keyboard users can scroll it too.
 */
export function DataTable({
  caption,
  headers,
  phoneHidden = [],
  children,
}: {
  caption: string;
  headers: readonly string[];
  /** Columns left out on a phone, whose cells use `desktopCell`; the first cell repeats what matters of them. */
  phoneHidden?: readonly string[];
  children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm" tabIndex={0} role="region" aria-label={caption}>
      <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
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

/** A cell of a column that phones leave out (see `phoneHidden`). */
export const desktopCell = 'hidden md:table-cell';

/** The line under a row's title that, on a phone only, carries the left-out columns. */
export const phoneDetails = 'mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600 md:hidden';
