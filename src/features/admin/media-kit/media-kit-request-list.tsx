import type { MediaKitRequest } from '../../../services/media-kit';
import type { MediaKitInterest } from '../../../types/database';
import { DataTable, EmptyRow, cell } from '../shared/data-table';

/** The advertising form's interest values (docs/product.md §16) as the newsroom reads them. */
export const INTEREST_LABELS: Record<MediaKitInterest, string> = {
  'banner-principal': 'Banner principal',
  'banner-lateral': 'Banner lateral',
  'banner-materia': 'Banner em matéria',
  outros: 'Outros',
};

function formatDateTime(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'short' });
}

/** docs/product.md: the media kit requests readers sent, newest first (the service orders them). */
export function MediaKitRequestList({ requests }: { requests: readonly MediaKitRequest[] }) {
  return (
    <DataTable caption="Pedidos de mídia kit" headers={['Data', 'Contato', 'Empresa', 'Interesse', 'Mensagem']}>
      {requests.length === 0 && <EmptyRow colSpan={5}>Nenhum pedido de mídia kit recebido</EmptyRow>}
      {requests.map((request) => (
        <tr key={request.id}>
          <td className={`${cell} whitespace-nowrap`}>{formatDateTime(request.created_at)}</td>
          <td className={cell}>
            <p className="font-medium text-slate-900">{request.name}</p>
            <p className="text-xs">
              <a href={`mailto:${request.email}`} className="text-brand-700 underline">
                {request.email}
              </a>
            </p>
            <p className="text-xs">
              <a href={`tel:${request.phone.replace(/[^\d+]/g, '')}`} className="text-brand-700 underline">
                {request.phone}
              </a>
            </p>
          </td>
          <td className={cell}>{request.company}</td>
          <td className={`${cell} whitespace-nowrap`}>{INTEREST_LABELS[request.interest] ?? request.interest}</td>
          <td className={`${cell} min-w-56 max-w-md whitespace-pre-line`}>{request.message || '-'}</td>
        </tr>
      ))}
    </DataTable>
  );
}
