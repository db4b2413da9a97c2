import { Link } from 'react-router';
import type { MediaKitRequest } from '../../../services/media-kit';
import type { MediaKitInterest } from '../../../types/database';
import { formatSaoPauloDateTime } from '../../../lib/dates';
import { paths } from '../../../lib/paths';
import { secondaryButton } from '../../../components/ui/buttons';
import { CellLabel, DataTable, EmptyRow, cell } from '../shared/data-table';

/** The advertising form's interest values (docs/product.md §16) as the newsroom reads them. */
export const INTEREST_LABELS: Record<MediaKitInterest, string> = {
  'banner-principal': 'Banner principal',
  'banner-lateral': 'Banner lateral',
  'banner-materia': 'Banner em matéria',
  outros: 'Outros',
};

/** 'Atendido' (with when) or 'Novo': what the newsroom has done about a request. */
function HandledBadge({ handledAt }: { handledAt: string | null }) {
  if (handledAt === null) {
    return <span className="inline-flex rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">Novo</span>;
  }
  return (
    <span className="flex flex-col items-start gap-1">
      <span className="inline-flex rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-800">Atendido</span>
      <span className="text-xs text-slate-600">em {formatSaoPauloDateTime(handledAt)}</span>
    </span>
  );
}

interface MediaKitRequestListProps {
  requests: readonly MediaKitRequest[];
  /** The request whose change or delete is under way: its buttons are disabled. */
  busyId?: string | null;
  /** Marks a request handled, or back to new. */
  onToggleHandled: (request: MediaKitRequest) => void;
  /** Asks to delete a request (the screen confirms first). */
  onDelete: (request: MediaKitRequest) => void;
}

/**
 * docs/product.md §15: the media kit requests readers sent, newest first (the service orders them), each new or
 * handled; the newsroom marks one handled (or back to new) and deletes one, a person's contact data, when done with it.
 * 'Criar campanha' opens a new campaign filled from the request (its company, contact and space).
 */
export function MediaKitRequestList({ requests, busyId = null, onToggleHandled, onDelete }: MediaKitRequestListProps) {
  return (
    <DataTable caption="Pedidos de mídia kit" headers={['Data', 'Contato', 'Empresa', 'Interesse', 'Mensagem', 'Situação', 'Ações']}>
      {requests.length === 0 && <EmptyRow colSpan={7}>Nenhum pedido de mídia kit recebido</EmptyRow>}
      {requests.map((request) => {
        const busy = busyId === request.id;
        const handled = request.handled_at !== null;
        const toggleLabel = handled ? 'Marcar como novo' : 'Marcar como atendido';
        return (
          <tr key={request.id} className={handled ? 'bg-slate-50' : undefined}>
            <td className={`${cell} whitespace-nowrap`}>
              <CellLabel>Data</CellLabel>
              {formatSaoPauloDateTime(request.created_at)}
            </td>
            <td className={cell}>
              <p className="font-medium text-slate-900">{request.name}</p>
              <p className="text-xs">
                {/* py-1 makes each stacked link a 24 px target (WCAG 2.5.8). */}
                <a href={`mailto:${request.email}`} className="inline-block py-1 text-brand-700 underline [overflow-wrap:anywhere]">
                  {request.email}
                </a>
              </p>
              <p className="text-xs">
                <a href={`tel:${request.phone.replace(/[^\d+]/g, '')}`} className="inline-block py-1 text-brand-700 underline">
                  {request.phone}
                </a>
              </p>
            </td>
            <td className={cell}>
              <CellLabel>Empresa</CellLabel>
              {request.company}
            </td>
            <td className={`${cell} whitespace-nowrap`}>
              <CellLabel>Interesse</CellLabel>
              {INTEREST_LABELS[request.interest] ?? request.interest}
            </td>
            <td className={`${cell} max-w-md whitespace-pre-line lg:min-w-56`}>
              <CellLabel>Mensagem</CellLabel>
              {request.message || '-'}
            </td>
            <td className={`${cell} whitespace-nowrap`}>
              <HandledBadge handledAt={request.handled_at} />
            </td>
            <td className={`${cell} text-right`}>
              <span className="inline-flex flex-wrap justify-end gap-2">
                <Link
                  to={paths.admin.adNew(request.id)}
                  aria-label={`Criar campanha: ${request.name}`}
                  className={`${secondaryButton} whitespace-nowrap`}
                >
                  Criar campanha
                </Link>
                <button
                  type="button"
                  onClick={() => onToggleHandled(request)}
                  disabled={busy}
                  aria-label={`${toggleLabel}: ${request.name}`}
                  className={`${secondaryButton} whitespace-nowrap`}
                >
                  {toggleLabel}
                </button>
                <button
                  type="button"
                  onClick={() => onDelete(request)}
                  disabled={busy}
                  aria-label={`Excluir: ${request.name}`}
                  className={`${secondaryButton} text-red-800`}
                >
                  Excluir
                </button>
              </span>
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
