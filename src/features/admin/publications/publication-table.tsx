import type { AdminPublication } from '../../../services/publications';
import { formatDate } from '../../../lib/dates';
import { paths } from '../../../lib/paths';
import { DataTable, EmptyRow, cell, desktopCell, phoneDetails } from '../shared/data-table';
import { RowActions } from '../shared/row-actions';
import { StatusBadge } from '../shared/status-badge';

/** No text for this one in SPEC §2; worded like the topic, obituary and job confirmations. */
export const DELETE_PUBLICATION_MESSAGE = 'Tem certeza que deseja excluir esta publicação?';

interface PublicationTableProps {
  publications: readonly AdminPublication[];
  busyId: string | null;
  onTogglePublished: (publication: AdminPublication) => void;
  onDelete: (publication: AdminPublication) => void;
}

/** SPEC §2 publication list: title and description, topic name or '-', status, date, actions. */
export function PublicationTable({ publications, busyId, onTogglePublished, onDelete }: PublicationTableProps) {
  return (
    <DataTable caption="Publicações" headers={['Título', 'Tópico', 'Status', 'Data', 'Ações']} phoneHidden={['Tópico', 'Status', 'Data']}>
      {publications.length === 0 && <EmptyRow colSpan={5}>Nenhuma publicação cadastrada</EmptyRow>}
      {publications.map((publication) => (
        <tr key={publication.id}>
          <td className={`${cell} md:min-w-64 md:max-w-md`}>
            <p className="font-medium text-slate-900">{publication.title}</p>
            {publication.description && <p className="line-clamp-1 text-xs text-slate-600">{publication.description}</p>}
            <p className={phoneDetails}>
              <StatusBadge published={publication.published} />
              <span>{publication.topics?.name ?? '-'}</span>
              <span>{formatDate(publication.published_at ?? publication.created_at)}</span>
            </p>
          </td>
          <td className={`${cell} ${desktopCell}`}>{publication.topics?.name ?? '-'}</td>
          <td className={`${cell} ${desktopCell}`}>
            <StatusBadge published={publication.published} />
          </td>
          <td className={`${cell} ${desktopCell} whitespace-nowrap`}>{formatDate(publication.published_at ?? publication.created_at)}</td>
          <td className={cell}>
            <RowActions
              itemLabel={publication.title}
              editTo={paths.admin.publicationEdit(publication.id)}
              published={publication.published}
              onTogglePublished={() => onTogglePublished(publication)}
              onDelete={() => onDelete(publication)}
              busy={busyId === publication.id}
            />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
