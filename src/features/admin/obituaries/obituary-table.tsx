import { User } from 'lucide-react';
import type { Obituary } from '../../../services/obituaries';
import { formatDate } from '../../../lib/dates';
import { paths } from '../../../lib/paths';
import { DataTable, EmptyRow, cell, desktopCell, phoneDetails } from '../shared/data-table';
import { RowActions } from '../shared/row-actions';
import { StatusBadge } from '../shared/status-badge';

export const DELETE_OBITUARY_MESSAGE = 'Tem certeza que deseja excluir este obituário?';

interface ObituaryTableProps {
  obituaries: readonly Obituary[];
  busyId: string | null;
  onTogglePublished: (obituary: Obituary) => void;
  onDelete: (obituary: Obituary) => void;
}

/** SPEC §2 obituary list: Nome (round photo), Idade, Data do Falecimento, Local do Velório, Status, Ações. */
export function ObituaryTable({ obituaries, busyId, onTogglePublished, onDelete }: ObituaryTableProps) {
  return (
    <DataTable caption="Obituários" headers={['Nome', 'Idade', 'Data do Falecimento', 'Local do Velório', 'Status', 'Ações']}
      phoneHidden={['Idade', 'Data do Falecimento', 'Local do Velório', 'Status']}
    >
      {obituaries.length === 0 && <EmptyRow colSpan={6}>Nenhum obituário cadastrado</EmptyRow>}
      {obituaries.map((obituary) => (
        <tr key={obituary.id}>
          <td className={cell}>
            <div className="flex items-center gap-3">
              {obituary.photo_url ? (
                <img src={obituary.photo_url} alt="" className="h-10 w-10 shrink-0 rounded-full object-cover" />
              ) : (
                <span className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-slate-200 text-slate-600">
                  <User aria-hidden="true" className="h-5 w-5" />
                </span>
              )}
              <div>
                <span className="font-medium text-slate-900">{obituary.name}</span>
                <p className={phoneDetails}>
                  <StatusBadge published={obituary.published} />
                  <span>{obituary.age} anos</span>
                  <span>{formatDate(obituary.death_date)}</span>
                </p>
              </div>
            </div>
          </td>
          <td className={`${cell} ${desktopCell} whitespace-nowrap`}>{obituary.age} anos</td>
          <td className={`${cell} ${desktopCell} whitespace-nowrap`}>{formatDate(obituary.death_date)}</td>
          <td className={`${cell} ${desktopCell}`}>{obituary.funeral_location}</td>
          <td className={`${cell} ${desktopCell}`}>
            <StatusBadge published={obituary.published} />
          </td>
          <td className={cell}>
            <RowActions
              itemLabel={obituary.name}
              editTo={paths.admin.obituaryEdit(obituary.id)}
              published={obituary.published}
              onTogglePublished={() => onTogglePublished(obituary)}
              onDelete={() => onDelete(obituary)}
              busy={busyId === obituary.id}
            />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
