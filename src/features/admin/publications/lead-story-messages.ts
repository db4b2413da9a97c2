import { ServiceError } from '../../../services/errors';

/** The database's lead-story refusals (docs/decisions/0014) in the newsroom's words; null for any other failure. */
export function leadFailureMessage(error: unknown): string | null {
  if (!(error instanceof ServiceError)) return null;
  if (error.code === 'lead_taken') return 'Já existe uma manchete. Desmarque a manchete atual antes de escolher outra.';
  if (error.code === 'lead_not_visible') return 'Só uma publicação já publicada (não agendada nem rascunho) pode ser a manchete.';
  return null;
}
