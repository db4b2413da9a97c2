import type { DataClient } from './client';
import { unwrap } from './errors';

// The readers' side of breaking news ('Plantão', docs/product.md §3, decision 0034): which story is urgent now. The
// newsroom's side (marking, ending) is in ./breaking-news-admin.

/** The story urgent now, as the banner on every reader page shows it. */
export interface BreakingNews {
  id: string;
  title: string;
  /** When the banner ends by itself (ISO instant). */
  urgentUntil: string;
}

/**
 * The story urgent now, or null. The database answers by its own clock, under the reader's policies (only a visible
 * story), at most one row through its partial index (public.current_breaking_news).
 */
export async function getCurrentBreakingNews(client: DataClient): Promise<BreakingNews | null> {
  const rows = unwrap(await client.rpc('current_breaking_news'));
  const row = rows[0];
  // One spelling of the instant (PostgREST writes '+00:00'), so pages and tests compare it as text.
  return row ? { id: row.id, title: row.title, urgentUntil: new Date(row.urgent_until).toISOString() } : null;
}

