import { ServiceError } from '../../../services/errors';
import type { LeadChange } from '../../../services/publication-admin';

/** The database's lead-story refusals (docs/decisions/0014) in the newsroom's words; null for any other failure. */
export function leadFailureMessage(error: unknown): string | null {
  if (!(error instanceof ServiceError)) return null;
  if (error.code === 'lead_not_visible') return 'Só uma publicação já publicada (não agendada nem rascunho) pode ser a manchete.';
  return null;
}

/** The list's notice after a new lead story took the mark from another one; null when it replaced none. */
export function leadChangeNotice(change: LeadChange): string | null {
  return change.replaced ? `Manchete alterada: “${change.replaced.title}” deixou de ser a manchete.` : null;
}
