import type { ReactNode } from 'react';
import { Download } from 'lucide';
import { Icon } from '../../../components/ui/icon';
import { secondaryButton } from '../../../components/ui/buttons';
import { tableCsv } from '../../../lib/audience-figures';
import { CellLabel, DataTable, cell } from '../shared/data-table';

// One of the 'Audiência' screen's tables: captioned, a card per row on a phone as every admin list (nothing scrolls
// sideways), and with 'Baixar CSV' for the same rows as a spreadsheet reads them.

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
  return (
    <div className="space-y-2">
      <div className="flex justify-end">
        <CsvLink fileName={fileName} columns={columns} rows={rows} label={caption} />
      </div>
      {/* The admin lists' frame: below lg each row is a card, each figure after its column's name (decision 0036). */}
      <DataTable caption={caption} headers={columns.map((column) => column.header)}>
        {rows.map((row) => (
          <tr key={row.key}>
            {row.cells.map((value, index) => {
              const column = columns[index];
              return (
                <td key={column?.header ?? index} className={`${cell} ${index === 0 ? 'font-medium text-slate-900' : ''} ${column?.numeric ? 'tabular-nums lg:text-right' : ''}`}>
                  {index > 0 && column && <CellLabel>{column.header}</CellLabel>}
                  {value}
                </td>
              );
            })}
          </tr>
        ))}
      </DataTable>
    </div>
  );
}
