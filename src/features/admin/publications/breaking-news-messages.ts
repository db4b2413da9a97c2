import { ServiceError } from '../../../services/errors';
import { formatSaoPauloDateTime } from '../../../lib/dates';
import { URGENT_MESSAGES } from './breaking-news-box';

// docs/product.md §20.2: what the editor reads when the database refuses a mark, and once it is done.

export function urgentFailureMessage(error: unknown): string {
  const code = error instanceof ServiceError ? error.code : undefined;
  if (code === 'urgent_not_visible') return `${URGENT_MESSAGES.notVisible}.`;
  if (code === 'urgent_until_past') return `${URGENT_MESSAGES.past}.`;
  if (code === 'urgent_until_too_far') return `${URGENT_MESSAGES.tooFar}.`;
  return 'Erro ao marcar a publicação como urgente. Tente novamente.';
}

export const END_URGENT_FAILURE = 'Erro ao encerrar o plantão. Tente novamente.';

export function urgentNotice(urgentUntil: string): string {
  return `Plantão no ar até ${formatSaoPauloDateTime(urgentUntil)} (horário de São Paulo).`;
}

export const END_URGENT_NOTICE = 'Plantão encerrado: a faixa saiu do site.';
