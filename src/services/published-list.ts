// The reader's lists all ask the same thing of a table: its published rows, descending by a column (newest, most
// read; ties broken by the next columns), bounded. The read policies decide everything else a reader may see (supabase/migrations/).

/** The part of a PostgREST query this module filters, orders and bounds (supabase-js's and postgrest-js's builders alike). */
interface PublishedListable<Query> {
  eq(column: 'published', value: boolean): Query;
  order(column: string, options: { ascending: boolean }): Query;
  limit(count: number): Query;
}

/** `query` restricted to published rows, descending by each of `descendingBy` in turn, `limit` rows at most. */
export function publishedDescending<Query extends PublishedListable<Query>>(
  query: Query,
  descendingBy: readonly [string, ...string[]],
  limit: number,
): Query {
  return descendingBy
    .reduce((ordered, column) => ordered.order(column, { ascending: false }), query.eq('published', true))
    .limit(limit);
}
