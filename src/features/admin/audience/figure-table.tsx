import type { ReactNode } from 'react';
import { Download } from 'lucide';
import { Icon } from '../../../components/ui/icon';
import { secondaryButton } from '../../../components/ui/buttons';
import { tableCsv } from '../../../lib/audience-figures';

// One of the 'Audiência' screen's tables: captioned, scrolling sideways inside its own frame on a phone (a Tab stop,
// so the keyboard scrolls it too), and with 'Baixar CSV' for the same rows as a spreadsheet reads them.

export interface FigureColumn {
  header: string;
  /** Right-aligned, tabular figures. */
  numeric?: boolean;
}

export interface FigureRow {
  key: string;
  /** What the screen shows, one per column; the first is the row's header cell. */
  cells: ReactNode[];
  /** The same row for the CSV: plain values, numbers unformatted. */
  csv: (string | number)[];
}

export function CsvLink({ fileName, columns, rows, label }: { fileName: string; columns: readonly FigureColumn[]; rows: readonly FigureRow[]; label: string }) {
  const href = `data:text/csv;charset=utf-8,${encodeURIComponent(tableCsv(columns.map((column) => column.header), rows.map((row) => row.csv)))}`;
  return (
    <a href={href} download={fileName} className={secondaryButton} aria-label={`Baixar CSV: ${label}`}>
      <Icon node={Download} className="h-4 w-4" />
      Baixar CSV
    </a>
  );
}

export function FigureTable({
  caption,
  fileName,
  columns,
  rows,
  empty,
}: {
  caption: string;
  fileName: string;
  columns: readonly FigureColumn[];
  rows: readonly FigureRow[];
  /** What stands instead of an empty table (pt-BR). */
  empty: string;
}) {
  if (rows.length === 0) return <p className="text-sm text-slate-700">{empty}</p>;
  const align = (column: FigureColumn | undefined) => (column?.numeric ? 'text-right tabular-nums' : 'text-left');
  return (
    <div className="space-y-2">
      <div className="flex justify-end">
        <CsvLink fileName={fileName} columns={columns} rows={rows} label={caption} />
      </div>
      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white" tabIndex={0} role="region" aria-label={caption}>
        <table className="w-full text-xs sm:text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              {columns.map((column) => (
                <th key={column.header} scope="col" className={`px-2 py-2 font-semibold sm:px-3 ${align(column)}`}>
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {rows.map((row) => (
              <tr key={row.key}>
                {row.cells.map((cell, index) =>
                  index === 0 ? (
                    <th key={index} scope="row" className="px-2 py-2 text-left font-normal text-slate-900 sm:px-3">
                      {cell}
                    </th>
                  ) : (
                    <td key={index} className={`px-2 py-2 text-slate-800 sm:px-3 ${align(columns[index])}`}>
                      {cell}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
