import type { TopicWithDate } from '../../../services/topic-admin';
import { formatDate } from '../../../lib/dates';
import { DataTable, EmptyRow, cell, desktopCell } from '../shared/data-table';
import { RowActions } from '../shared/row-actions';

/** docs/product.md §2's delete confirmation text. */
export const DELETE_TOPIC_MESSAGE = 'Tem certeza que deseja excluir este tópico?';

interface TopicTableProps {
  topics: readonly TopicWithDate[];
  onEdit: (topic: TopicWithDate) => void;
  onDelete: (topic: TopicWithDate) => void;
  /** The topic being deleted: its buttons are disabled meanwhile. */
  busyId?: string | null;
}

/** docs/product.md §2 topics table: Nome, Slug, Data de Criação (pt-BR), Ações. */
export function TopicTable({ topics, onEdit, onDelete, busyId = null }: TopicTableProps) {
  return (
    <DataTable caption="Tópicos" headers={['Nome', 'Slug', 'Data de Criação', 'Ações']} phoneHidden={['Data de Criação']}>
      {topics.length === 0 && <EmptyRow colSpan={4}>Nenhum tópico cadastrado</EmptyRow>}
      {topics.map((topic) => (
        <tr key={topic.id}>
          <td className={`${cell} font-medium`}>{topic.name}</td>
          <td className={`${cell} font-mono text-xs`}>{topic.slug}</td>
          <td className={`${cell} ${desktopCell} whitespace-nowrap`}>{formatDate(topic.created_at)}</td>
          <td className={cell}>
            <RowActions itemLabel={topic.name} edit={() => onEdit(topic)} onDelete={() => onDelete(topic)} busy={busyId === topic.id} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
