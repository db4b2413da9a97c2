import type { DataClient } from './client';
import { unwrap } from './errors';
import { OBITUARY_COLUMNS, type Obituary } from './obituaries';
import { publishedDescending } from './published-list';
import type { PublicationSummary } from './publications';

// The reader's search and keyset paging, through the functions of
// supabase/migrations/20261123100000_search_and_paging.sql. Readers never search with a plain REST filter: under RLS
// it could not use the search indexes (see the migration's header). The reader data module loads this module on
// first use, so none of it is part of the home page's entry chunk.

export const SEARCH_PAGE_SIZE = 20;
export const OBITUARY_PAGE_SIZE = 24;

/** A found publication: the card columns, its relevance tier and a plain-text excerpt around the match. */
export type PublicationHit = PublicationSummary & { rank: number; excerpt: string | null };

/** Where the next page starts: the last row's (rank, published_at, id). */
export interface PublicationCursor {
  rank: number;
  publishedAt: string;
  id: string;
}

export interface PublicationSearch {
  /** Words to find (websearch syntax); without them, the newest first. */
  q?: string;
  topicSlug?: string;
  /** A São Paulo calendar day, 'YYYY-MM-DD'. */
  day?: string;
  pageSize?: number;
  after?: PublicationCursor | null;
}

/** Only the arguments that carry a value: the functions are called without null arguments. */
function searchArgs({ q, topicSlug, day }: Pick<PublicationSearch, 'q' | 'topicSlug' | 'day'>) {
  return {
    ...(q?.trim() ? { q: q.trim() } : {}),
    ...(topicSlug ? { topic_slug: topicSlug } : {}),
    ...(day ? { day } : {}),
  };
}

/** One page of published publications matching the search, best tier first and newest first within it. */
export async function searchPublications(client: DataClient, search: PublicationSearch): Promise<PublicationHit[]> {
  const { after } = search;
  const rows = unwrap(
    await client.rpc('search_publications', {
      ...searchArgs(search),
      page_size: search.pageSize ?? SEARCH_PAGE_SIZE,
      ...(after ? { after_rank: after.rank, after_published_at: after.publishedAt, after_id: after.id } : {}),
    }),
  );
  // The generated types say `Json` for the embedded topic; the function builds it as { id, name, slug } or null.
  return rows as unknown as PublicationHit[];
}

/** The cursor after this row. */
export function cursorAfter(hit: Pick<PublicationHit, 'rank' | 'published_at' | 'id'>): PublicationCursor {
  return { rank: hit.rank, publishedAt: hit.published_at ?? '', id: hit.id };
}

export interface SearchTotal {
  total: number;
  /** False beyond 1,000 matches: the total is then "more than 1,000". */
  exact: boolean;
}

/** How many publications the search finds in all (exact up to 1,000). */
export async function countPublicationSearch(
  client: DataClient,
  search: Pick<PublicationSearch, 'q' | 'topicSlug' | 'day'>,
): Promise<SearchTotal> {
  const result = unwrap(await client.rpc('search_publications_count', searchArgs(search))) as Partial<SearchTotal>;
  return { total: result.total ?? 0, exact: result.exact ?? true };
}

export interface ObituaryCursor {
  deathDate: string;
  id: string;
}

/** A day has few notices; this bounds the answer all the same. */
export const OBITUARIES_OF_A_DAY_LIMIT = 100;

/**
 * Published obituaries of one death date ('YYYY-MM-DD'): the reader's date filter (search_obituaries has no date
 * argument). An equality on death_date, answered by the (published, death_date desc, id desc) index.
 */
export async function listPublishedObituariesOnDate(client: DataClient, deathDate: string): Promise<Obituary[]> {
  const ofTheDay = client.from('obituaries').select(OBITUARY_COLUMNS).eq('death_date', deathDate);
  return unwrap(await publishedDescending(ofTheDay, ['id'], OBITUARIES_OF_A_DAY_LIMIT));
}

/** One page of published obituaries whose name contains every word of q, most recent death first. */
export async function searchObituaries(
  client: DataClient,
  { q, pageSize = OBITUARY_PAGE_SIZE, after }: { q?: string; pageSize?: number; after?: ObituaryCursor | null },
): Promise<Obituary[]> {
  return unwrap(
    await client.rpc('search_obituaries', {
      ...(q?.trim() ? { q: q.trim() } : {}),
      page_size: pageSize,
      ...(after ? { after_death_date: after.deathDate, after_id: after.id } : {}),
    }),
  );
}
