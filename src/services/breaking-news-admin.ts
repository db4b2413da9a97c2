import type { DataClient } from './client';
import { ServiceError, check, toServiceError, unwrapOptional } from './errors';

// The newsroom's side of breaking news ('Plantão', docs/product.md §12, decision 0034): mark a published story urgent
// until an end time, end it early. The database holds the rules (supabase/migrations/20261128100000_breaking_news.sql):
// only a visible story, an end in the future and at most 24 hours ahead, one urgent story at a time (a new mark
// takes it from the previous one). Only the lazy admin chunks import this module.

/** The longest a story stays urgent, as the database enforces it. */
export const MAX_URGENT_HOURS = 24;

/** The database's refusals of a mark, as codes the screens word in pt-BR. */
export type UrgentRefusal = 'urgent_not_visible' | 'urgent_until_past' | 'urgent_until_too_far';

const REFUSALS: Record<string, UrgentRefusal> = {
  publications_urgent_not_visible: 'urgent_not_visible',
  publications_urgent_until_past: 'urgent_until_past',
  publications_urgent_until_too_far: 'urgent_until_too_far',
};

/** The mark's rules as a code; null for any other failure. */
export function urgentError(error: { code?: string; message: string; hint?: string | null }): ServiceError | null {
  if (error.code !== '23514') return null;
  const code = REFUSALS[error.hint ?? ''];
  return code ? new ServiceError(error.message, { code, cause: error }) : null;
}

/** The story carrying the mark, as the newsroom sees it (its end may have passed: the caller compares), or null. */
export async function getUrgentStory(client: DataClient): Promise<{ id: string; title: string; urgent_until: string } | null> {
  const row = unwrapOptional(await client.from('publications').select('id,title,urgent_until').not('urgent_until', 'is', null).maybeSingle());
  return row?.urgent_until ? { id: row.id, title: row.title, urgent_until: row.urgent_until } : null;
}

/**
 * Marks a story urgent until `until` (an ISO instant), taking the mark from any other story. Refused with an
 * UrgentRefusal code for a draft or scheduled story, an end already past or more than 24 hours ahead; a row the caller
 * may not change (row-level security matches none) throws 'not_changed' rather than pretending it worked.
 */
export async function markUrgent(client: DataClient, id: string, until: string): Promise<void> {
  const result = await client.from('publications').update({ urgent_until: until }).eq('id', id).select('id');
  if (result.error) throw urgentError(result.error) ?? toServiceError(result.error, result.status);
  if (result.data.length === 0) throw new ServiceError('no publication was marked', { code: 'not_changed' });
}

/** Ends a story's breaking news now ('Encerrar plantão'); a story that was not urgent stays as it was. */
export async function endUrgent(client: DataClient, id: string): Promise<void> {
  check(await client.from('publications').update({ urgent_until: null }).eq('id', id));
}
