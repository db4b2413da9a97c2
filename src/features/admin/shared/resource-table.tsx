import type { ReactNode } from 'react';
import type { StaffRole } from '../auth/permissions';
import { DataTable, EmptyRow, cell, desktopCell, phoneDetails } from './data-table';
import { RowActions } from './row-actions';
import { StatusBadge } from './status-badge';

/** A published-or-draft row of a resource list (publications, obituaries, jobs). */
export interface PublishableRow {
  id: string;
  published: boolean;
}

export interface Column<Row> {
  header: string;
  render: (row: Row) => ReactNode;
  /** Left out on a phone: the first column repeats what matters of it. */
  phoneHidden?: boolean;
  className?: string;
  /** Shown only to the roles this says (the story list's audience figures: editors); every role when absent. */
  forRole?: (role: StaffRole) => boolean;
}

/** On a phone, under a row's name: its status, then what the left-out columns say. */
export function PhoneDetails({ row, publishedLabel, details }: { row: PublishableRow; publishedLabel?: string; details: readonly ReactNode[] }) {
  return (
    <p className={phoneDetails}>
      <StatusBadge published={row.published} publishedLabel={publishedLabel} />
      {details.map((detail, index) => (
        // The details never move: their place is their identity.
        <span key={index}>{detail}</span>
      ))}
    </p>
  );
}

/** A row with a title and a one-line description (publications, jobs). */
interface TitledRow extends PublishableRow {
  title: string;
  description: string | null;
}

/** What a titled row shows on a phone under its title: its status's word and what the left-out columns say. */
interface TitlePhoneDetails<Row> {
  /** The status badge's word when published ('Publicada'); the badge's own by default. */
  publishedLabel?: (row: Row) => string | undefined;
  details: (row: Row) => readonly ReactNode[];
}

/** The first column of a titled row: its title over its description (one line), with the phone's details under them. */
export function titleColumn<Row extends TitledRow>(header: string, className: string, phone: TitlePhoneDetails<Row>): Column<Row> {
  return {
    header,
    className,
    render: (row) => (
      <>
        <p className="font-medium text-slate-900">{row.title}</p>
        {row.description && <p className="line-clamp-1 text-xs text-slate-600">{row.description}</p>}
        <PhoneDetails row={row} publishedLabel={phone.publishedLabel?.(row)} details={phone.details(row)} />
      </>
    ),
  };
}

/** The 'Status' column: 'Publicado' (jobs say 'Publicada') or 'Rascunho', left out on a phone. */
export function statusColumn<Row extends PublishableRow>(publishedLabel?: string): Column<Row> {
  return { header: 'Status', phoneHidden: true, render: (row) => <StatusBadge published={row.published} publishedLabel={publishedLabel} /> };
}

interface ResourceTableProps<Row extends PublishableRow> {
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  emptyText: string;
  /** What a row is called in its buttons' accessible names ('Editar: Título'). */
  rowLabel: (row: Row) => string;
  editPath: (id: string) => string;
  busyId: string | null;
  onTogglePublished: (row: Row) => void;
  onDelete: (row: Row) => void;
  /** A resource's own buttons, before the usual ones (publications: preview and lead story). */
  rowExtras?: (row: Row) => ReactNode;
  /** Which of the usual buttons the signed-in role may use on the row (decision 0037); all of them by default. */
  permissions?: (row: Row) => RowPermissions;
}

/** The usual row buttons a role may use: edit, the publish toggle, delete. */
export interface RowPermissions {
  edit: boolean;
  publish: boolean;
  remove: boolean;
}

export const ALL_ROW_PERMISSIONS: RowPermissions = { edit: true, publish: true, remove: true };

/** docs/product.md §2's lists of publications, obituaries and jobs: the resource's columns, then edit, publish and delete. */
export function ResourceTable<Row extends PublishableRow>({
  caption,
  columns,
  rows,
  emptyText,
  rowLabel,
  editPath,
  busyId,
  onTogglePublished,
  onDelete,
  rowExtras,
  permissions = () => ALL_ROW_PERMISSIONS,
}: ResourceTableProps<Row>) {
  const headers = [...columns.map((column) => column.header), 'Ações'];
  const phoneHidden = columns.filter((column) => column.phoneHidden).map((column) => column.header);
  return (
    <DataTable caption={caption} headers={headers} phoneHidden={phoneHidden}>
      {rows.length === 0 && <EmptyRow colSpan={headers.length}>{emptyText}</EmptyRow>}
      {rows.map((row) => {
        const may = permissions(row);
        return (
        <tr key={row.id}>
          {columns.map((column) => (
            <td key={column.header} className={`${cell} ${column.phoneHidden ? desktopCell : ''} ${column.className ?? ''}`}>
              {column.render(row)}
            </td>
          ))}
          <td className={cell}>
            <div className="flex items-center justify-end gap-1">
              {rowExtras?.(row)}
              <RowActions
                itemLabel={rowLabel(row)}
                edit={may.edit ? editPath(row.id) : null}
                published={row.published}
                onTogglePublished={may.publish ? () => onTogglePublished(row) : undefined}
                onDelete={may.remove ? () => onDelete(row) : undefined}
                busy={busyId === row.id}
              />
            </div>
          </td>
        </tr>
        );
      })}
    </DataTable>
  );
}
