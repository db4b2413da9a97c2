import { Link } from 'react-router';
import { ScanEye, Star, StarOff } from 'lucide';
import type { AdminPublicationSummary } from '../../../services/publication-admin';
import { formatSaoPauloDateTime } from '../../../lib/dates';
import { paths } from '../../../lib/paths';
import { Icon } from '../../../components/ui/icon';
import { iconButton } from '../../../components/ui/buttons';
import { StatusBadge } from '../shared/status-badge';

// docs/product.md §12, docs/decisions/0014: a published story whose time has not come is 'Agendada', and one story may be
// the home page's 'Manchete'.

type StateRow = Pick<AdminPublicationSummary, 'published' | 'published_at' | 'is_lead' | 'urgent_until'> &
  Partial<Pick<AdminPublicationSummary, 'review_requested_at' | 'review_note'>>;

type TimeRow = Pick<AdminPublicationSummary, 'published' | 'published_at'>;

/** Published with its time still to come. */
export function isScheduled(row: TimeRow, now: Date = new Date()): boolean {
  return row.published && row.published_at !== null && Date.parse(row.published_at) > now.getTime();
}

/** 'Agendada para 25/11/2026 08:00' (São Paulo time), or null for a story that is not scheduled. */
export function scheduledLabel(row: TimeRow, now: Date = new Date()): string | null {
  return isScheduled(row, now) && row.published_at ? `Agendada para ${formatSaoPauloDateTime(row.published_at)}` : null;
}

/**
 * 'Urgente até 27/11/2026 18:30' (São Paulo time) while the story's breaking-news mark runs (decision 0034), or null:
 * a mark whose end has passed shows nowhere.
 */
export function urgentLabel(row: Pick<AdminPublicationSummary, 'urgent_until'>, now: Date = new Date()): string | null {
  return row.urgent_until && Date.parse(row.urgent_until) > now.getTime() ? `Urgente até ${formatSaoPauloDateTime(row.urgent_until)}` : null;
}

/**
 * Where a draft stands in review (decision 0037): 'Em revisão' while it waits in the queue, 'Devolvida' once an
 * editor returned it with a note; null for a story in neither state.
 */
export function reviewLabel(row: Partial<Pick<AdminPublicationSummary, 'published' | 'review_requested_at' | 'review_note'>>): string | null {
  if (row.published) return null;
  if (row.review_requested_at) return 'Em revisão';
  if (row.review_note) return 'Devolvida';
  return null;
}

/**
 * The list's 'Status' cell: Publicado, Rascunho or Agendada para …, 'Manchete' for the lead story, 'Urgente até …',
 * 'Em revisão' or 'Devolvida' (with the editor's note) for a draft in review.
 */
export function PublicationState({ row, now }: { row: StateRow; now?: Date }) {
  const scheduled = scheduledLabel(row, now);
  const urgent = urgentLabel(row, now);
  const review = reviewLabel(row);
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      {scheduled ? (
        <span className="inline-flex rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">{scheduled}</span>
      ) : (
        <StatusBadge published={row.published} />
      )}
      {row.is_lead && <span className="inline-flex rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-semibold text-brand-800">Manchete</span>}
      {urgent && <span className="inline-flex rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-800">{urgent}</span>}
      {review && (
        <span
          className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${review === 'Em revisão' ? 'bg-sky-100 text-sky-900' : 'bg-orange-100 text-orange-900'}`}
          title={review === 'Devolvida' ? (row.review_note ?? undefined) : undefined}
        >
          {review}
        </span>
      )}
    </span>
  );
}

/** The row's own buttons: 'Pré-visualizar' for every story, and the lead-story switch for a visible one or the lead. */
export function PublicationRowExtras({
  row,
  setLead,
  busy,
  mayLead = true,
}: {
  row: Pick<AdminPublicationSummary, 'id' | 'title'> & StateRow;
  setLead: (on: boolean) => void;
  busy: boolean;
  /** Whether the signed-in role chooses the lead story (an editor's: decision 0037). */
  mayLead?: boolean;
}) {
  const canLead = mayLead && row.published && !isScheduled(row);
  const leadTitle = row.is_lead ? 'Remover manchete' : 'Tornar manchete';
  return (
    <>
      <Link to={paths.admin.publicationPreview(row.id)} title="Pré-visualizar" aria-label={`Pré-visualizar: ${row.title}`} className={iconButton}>
        <Icon node={ScanEye} className="h-4 w-4" />
      </Link>
      {(canLead || (mayLead && row.is_lead)) && (
        <button
          type="button"
          onClick={() => setLead(!row.is_lead)}
          disabled={busy}
          title={leadTitle}
          aria-label={`${leadTitle}: ${row.title}`}
          aria-pressed={row.is_lead}
          className={iconButton}
        >
          <Icon node={row.is_lead ? StarOff : Star} className="h-4 w-4" />
        </button>
      )}
    </>
  );
}
