import { Pencil, Trash2 } from 'lucide-react';
import type { TopicWithDate } from '../../../services/topics';
import { formatDate } from '../../../lib/dates';
import { iconButton } from '../../../components/ui/buttons';
import { DataTable, EmptyRow, cell, desktopCell } from '../shared/data-table';

/** SPEC §2's delete confirmation text. */
export const DELETE_TOPIC_MESSAGE = 'Tem certeza que deseja excluir este tópico?';

interface TopicTableProps {
  topics: readonly TopicWithDate[];
  onEdit: (topic: TopicWithDate) => void;
  onDelete: (topic: TopicWithDate) => void;
}

/** SPEC §2 topics table: Nome, Slug, Data de Criação (pt-BR), Ações. */
export function TopicTable({ topics, onEdit, onDelete }: TopicTableProps) {
  return (
    <DataTable caption="Tópicos" headers={['Nome', 'Slug', 'Data de Criação', 'Ações']} phoneHidden={['Data de Criação']}>
      {topics.length === 0 && <EmptyRow colSpan={4}>Nenhum tópico cadastrado</EmptyRow>}
      {topics.map((topic) => (
        <tr key={topic.id}>
          <td className={`${cell} font-medium`}>{topic.name}</td>
          <td className={`${cell} font-mono text-xs`}>{topic.slug}</td>
          <td className={`${cell} ${desktopCell} whitespace-nowrap`}>{formatDate(topic.created_at)}</td>
          <td className={cell}>
            <div className="flex justify-end gap-1">
              <button type="button" onClick={() => onEdit(topic)} title="Editar" aria-label={`Editar: ${topic.name}`} className={iconButton}>
                <Pencil aria-hidden="true" className="h-4 w-4" />
              </button>
              <button
                type="button"
                onClick={() => onDelete(topic)}
                title="Excluir"
                aria-label={`Excluir: ${topic.name}`}
                className={`${iconButton} hover:bg-red-50 hover:text-red-700`}
              >
                <Trash2 aria-hidden="true" className="h-4 w-4" />
              </button>
            </div>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
