import { formatDate, formatSaoPauloDateTime } from '../../../lib/dates';
import type { DigestSend } from '../../../services/newsletter/admin';
import type { DigestSendState } from '../../../types/database';
import { CellLabel, DataTable, EmptyRow, cell } from '../shared/data-table';

const STATE_LABELS: Record<DigestSendState, string> = {
  enviado: 'Enviado',
  enviando: 'Enviando',
  sem_novidades: 'Sem novidades',
};

/** The digest's sends, newest first: how many stories and addresses, how many e-mails went and failed, and why. */
export function SendHistory({ sends }: { sends: readonly DigestSend[] }) {
  return (
    <DataTable caption="Histórico de envios" headers={['Data', 'Envio', 'Situação', 'Notícias', 'Destinatários', 'Enviados', 'Falhas']}>
      {sends.length === 0 && <EmptyRow colSpan={7}>Nenhum resumo enviado ainda</EmptyRow>}
      {sends.map((send) => (
        <tr key={send.id}>
          <td className={`${cell} whitespace-nowrap`}>
            <span className="block">{formatDate(send.digestDate)}</span>
            <span className="text-xs text-slate-600">{send.finishedAt ? `concluído ${formatSaoPauloDateTime(send.finishedAt)}` : `início ${formatSaoPauloDateTime(send.startedAt)}`}</span>
          </td>
          <td className={`${cell} whitespace-nowrap`}>
            <CellLabel>Envio</CellLabel>
            {send.scheduled ? 'Matinal' : 'Manual'}
          </td>
          <td className={`${cell} whitespace-nowrap`}>
            <CellLabel>Situação</CellLabel>
            {STATE_LABELS[send.state]}
          </td>
          <td className={cell}>
            <CellLabel>Notícias</CellLabel>
            {send.storyCount}
          </td>
          <td className={cell}>
            <CellLabel>Destinatários</CellLabel>
            {send.recipientCount}
          </td>
          <td className={cell}>
            <CellLabel>Enviados</CellLabel>
            {send.sentCount}
          </td>
          <td className={cell}>
            <CellLabel>Falhas</CellLabel>
            {send.failedCount}
            {send.lastError && <span className="mt-1 block max-w-xs text-xs text-red-700">{send.lastError}</span>}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
