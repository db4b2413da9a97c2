import { dangerButton } from '../../../components/ui/buttons';
import { formatSaoPauloDateTime } from '../../../lib/dates';
import type { DigestSubscriber } from '../../../services/newsletter/admin';
import { CellLabel, DataTable, EmptyRow, cell } from '../shared/data-table';

function State({ confirmedAt }: { confirmedAt: string | null }) {
  if (confirmedAt === null) {
    return <span className="inline-flex rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">Aguardando confirmação</span>;
  }
  return (
    <span className="flex flex-col items-start gap-1">
      <span className="inline-flex rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-800">Confirmado</span>
      <span className="text-xs text-slate-600">em {formatSaoPauloDateTime(confirmedAt)}</span>
    </span>
  );
}

interface SubscriberListProps {
  subscribers: readonly DigestSubscriber[];
  busyId: string | null;
  onRemove: (subscriber: DigestSubscriber) => void;
}

/** The digest's readers, newest first, with the consent each gave (where and when); 'Remover' deletes the address. */
export function SubscriberList({ subscribers, busyId, onRemove }: SubscriberListProps) {
  return (
    <DataTable caption="Inscritos no resumo diário" headers={['Inscrição', 'E-mail', 'Situação', 'Consentimento', 'Ações']}>
      {subscribers.length === 0 && <EmptyRow colSpan={5}>Nenhum inscrito ainda</EmptyRow>}
      {subscribers.map((subscriber) => (
        <tr key={subscriber.id}>
          <td className={`${cell} whitespace-nowrap`}>
            <CellLabel>Inscrição</CellLabel>
            {formatSaoPauloDateTime(subscriber.createdAt)}
          </td>
          <td className={`${cell} break-all font-medium text-slate-900`}>{subscriber.email}</td>
          <td className={`${cell} whitespace-nowrap`}>
            <State confirmedAt={subscriber.confirmedAt} />
          </td>
          <td className={`${cell} text-xs text-slate-600 lg:min-w-48`}>
            Em {formatSaoPauloDateTime(subscriber.consentedAt)}, na página <code>{subscriber.consentPage}</code>
          </td>
          <td className={`${cell} text-right`}>
            <button
              type="button"
              className={dangerButton}
              disabled={busyId === subscriber.id}
              aria-label={`Remover ${subscriber.email}`}
              onClick={() => onRemove(subscriber)}
            >
              Remover
            </button>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
