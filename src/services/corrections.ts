import type { Row } from '../types/database';
import { toDateInputValue } from '../lib/dates';
import { inKeysetOrder, type PageCursor } from './admin-paging';
import type { DataClient } from './client';
import { unwrap } from './errors';

// The reader's /correcoes: the newest corrections of published stories, a keyset page at a time ('Carregar mais'),
// along publication_corrections (corrected_at desc, id desc). The read policy shows only corrections of stories whose
// time has come (decision 0038). Loaded with that page only, so no other page's first load carries it.

export const CORRECTIONS_PAGE_SIZE = 20;

const CORRECTION_COLUMNS = 'id,corrected_at,wrong,correct,publications(id,title)' as const;

/** A correction as /correcoes lists it: with its story and São Paulo's day of it (formatted with no Intl). */
export type CorrectionNotice = Pick<Row<'publication_corrections'>, 'id' | 'corrected_at' | 'wrong' | 'correct'> & {
  publications: { id: string; title: string } | null;
  correctedOn: string;
};

export interface CorrectionPage {
  items: CorrectionNotice[];
  next: PageCursor | null;
}

/** One page of corrections after `after` (or the first), newest first. */
export async function listRecentCorrections(
  client: DataClient,
  { after = null, pageSize = CORRECTIONS_PAGE_SIZE }: { after?: PageCursor | null; pageSize?: number } = {},
): Promise<CorrectionPage> {
  const query = client.from('publication_corrections').select(CORRECTION_COLUMNS);
  // One more than a page tells whether another follows.
  const rows = unwrap(await inKeysetOrder(query, 'corrected_at', { cursor: after, backwards: false, limit: pageSize + 1 }));
  const items = rows.slice(0, pageSize).map((row) => ({ ...row, correctedOn: toDateInputValue(row.corrected_at) }));
  const last = items.at(-1);
  return { items, next: rows.length > pageSize && last ? { at: last.corrected_at, id: last.id } : null };
}
