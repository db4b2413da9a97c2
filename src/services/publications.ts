import type { Row } from '../types/database';
import { isUuid } from '../lib/uuid';
import type { Client } from './client';
import { ServiceError, check, unwrap, unwrapOptional } from './errors';

/** What an article page receives: docs/product.md §18's public select plus the video URL the article view embeds. */
const PUBLIC_COLUMNS =
  'id,title,description,content,image_url,youtube_url,published_at,views,author_id,topics(id,name,slug)' as const;

/**
 * What card lists receive: docs/product.md §18's public select without the body and the video, which no card shows; a
 * card opens /noticia/:id, which loads the whole publication. Keeps the home page's responses small.
 */
const SUMMARY_COLUMNS = 'id,title,description,image_url,published_at,views,author_id,topics(id,name,slug)' as const;

export type PublicationSummary = Pick<
  Row<'publications'>,
  'id' | 'title' | 'description' | 'image_url' | 'published_at' | 'views' | 'author_id'
> & { topics: { id: string; name: string; slug: string } | null };

export type PublicPublication = PublicationSummary & Pick<Row<'publications'>, 'content' | 'youtube_url'>;

export type AdminPublication = Row<'publications'> & { topics: { name: string } | null };

export const PUBLIC_LIST_LIMIT = 24;
export const MOST_READ_LIMIT = 5;
/** The admin list is bounded too; a newsroom of this size publishes far fewer per screen. */
export const ADMIN_LIST_LIMIT = 200;

/** Published publications of one topic, newest first (docs/product.md §18). */
export async function listPublishedByTopic(
  client: Client,
  topicId: string,
  limit = PUBLIC_LIST_LIMIT,
): Promise<PublicationSummary[]> {
  return unwrap(
    await client
      .from('publications')
      .select(SUMMARY_COLUMNS)
      .eq('published', true)
      .eq('topic_id', topicId)
      .order('published_at', { ascending: false })
      .limit(limit),
  );
}

/**
 * Published publications of the topic with this slug, newest first, in one request: the embedded topic is an
 * inner join filtered by slug, so the home page needs no topic lookup first.
 */
export async function listPublishedByTopicSlug(
  client: Client,
  slug: string,
  limit = PUBLIC_LIST_LIMIT,
): Promise<PublicationSummary[]> {
  return unwrap(
    await client
      .from('publications')
      .select('id,title,description,image_url,published_at,views,author_id,topics!inner(id,name,slug)')
      .eq('published', true)
      .eq('topics.slug', slug)
      .order('published_at', { ascending: false })
      .limit(limit),
  );
}

/** docs/product.md §18 most read: published, by views, five. */
export async function listMostRead(client: Client, limit = MOST_READ_LIMIT): Promise<PublicationSummary[]> {
  return unwrap(
    await client
      .from('publications')
      .select(SUMMARY_COLUMNS)
      .eq('published', true)
      .order('views', { ascending: false })
      .limit(limit),
  );
}

/** One published publication; null when it does not exist, is not published or the id is no uuid. */
export async function getPublishedPublication(client: Client, id: string): Promise<PublicPublication | null> {
  if (!isUuid(id)) return null;
  return unwrapOptional(
    await client.from('publications').select(PUBLIC_COLUMNS).eq('id', id).eq('published', true).maybeSingle(),
  );
}

/** rpc increment_views: +1 for a published publication (a draft is silently left alone by the database). */
export async function incrementViews(client: Client, publicationId: string): Promise<void> {
  check(await client.rpc('increment_views', { publication_id: publicationId }));
}

export async function listAllPublications(client: Client, limit = ADMIN_LIST_LIMIT): Promise<AdminPublication[]> {
  return unwrap(
    await client.from('publications').select('*,topics(name)').order('created_at', { ascending: false }).limit(limit),
  );
}

/** One publication, drafts included (the editor's); null when no row has this id. */
export async function getPublication(client: Client, id: string): Promise<AdminPublication | null> {
  if (!isUuid(id)) return null;
  return unwrapOptional(await client.from('publications').select('*,topics(name)').eq('id', id).maybeSingle());
}

export interface PublicationInput {
  title: string;
  description: string;
  content: string;
  image_url: string | null;
  youtube_url: string | null;
  topic_id: string;
  published: boolean;
}

/**
 * Creates (no id) or updates a publication with docs/product.md §19's rules: published_at is now on every save with the box
 * ticked (edits included) and null without it; updated_at is now; author_id is the signed-in user.
 * The content must already be sanitised by the caller (lib/rich-text), which owns the allow-list.
 */
export async function savePublication(
  client: Client,
  input: PublicationInput,
  id?: string,
  now: Date = new Date(),
): Promise<AdminPublication> {
  const { data: auth } = await client.auth.getSession();
  const authorId = auth.session?.user.id;
  if (!authorId) throw new ServiceError('User not authenticated', { code: 'not_authenticated' });
  const timestamp = now.toISOString();
  const row = {
    title: input.title.trim(),
    description: input.description.trim() || null,
    content: input.content || null,
    image_url: input.image_url,
    youtube_url: input.youtube_url,
    topic_id: input.topic_id,
    published: input.published,
    published_at: input.published ? timestamp : null,
    updated_at: timestamp,
    author_id: authorId,
  };
  const query = id
    ? client.from('publications').update(row).eq('id', id)
    : client.from('publications').insert(row);
  return unwrap(await query.select('*,topics(name)').single());
}

/** The list toggle: publishing stamps published_at now, unpublishing clears it. */
export async function setPublicationPublished(
  client: Client,
  id: string,
  published: boolean,
  now: Date = new Date(),
): Promise<void> {
  check(
    await client
      .from('publications')
      .update({ published, published_at: published ? now.toISOString() : null })
      .eq('id', id),
  );
}

export async function deletePublication(client: Client, id: string): Promise<void> {
  check(await client.from('publications').delete().eq('id', id));
}

// ---------------------------------------------------------------------------------------------------------------
// The admin lists' paging (publications, obituaries, jobs): keyset, newest first, a total order by (date, id).

/** The status filter of the admin lists. */
export type StatusFilter = 'all' | 'published' | 'draft';

/** Where a keyset page starts or ends: a row's date column and its id. */
export interface PageCursor {
  at: string;
  id: string;
}

/** One admin list page asked for: `after` gives the page older than that row, `before` the page newer than it. */
export interface AdminListQuery {
  q: string;
  status: StatusFilter;
  after: PageCursor | null;
  before: PageCursor | null;
  pageSize?: number;
}

/** One page: its rows, the total (null where only an estimate would be wrong: a search) and whether older rows follow. */
export interface AdminListPage<T> {
  rows: T[];
  /** The page size the rows were asked with (what 'de 14' divides by). */
  pageSize: number;
  total: number | null;
  hasMore: boolean;
}

export const ADMIN_PAGE_SIZE = 25;
/** A PostgREST value, quoted (timestamps carry ':' and '+'). */
function quoted(value: string): string {
  return `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
}

/** The `or` filter of the rows strictly older (`lt`) or newer (`gt`) than the cursor, ordered by (column, id). */
export function keysetFilter(column: string, cursor: PageCursor, direction: 'lt' | 'gt'): string {
  return `${column}.${direction}.${quoted(cursor.at)},and(${column}.eq.${quoted(cursor.at)},id.${direction}.${cursor.id})`;
}

/** `published` for a status filter, or null for 'all'. */
export function publishedFor(status: StatusFilter): boolean | null {
  return status === 'all' ? null : status === 'published';
}

/**
 * One page of an admin search function (search_publication_titles, search_obituaries): it filters by status and
 * walks the keyset in either direction itself, so a page is one request. `fetch` gets the cursor, whether to go
 * backwards (oldest first, for 'Anterior') and how many rows to ask for (one more than a page, to know if more exist).
 */
export async function searchPage<T>(
  fetch: (cursor: PageCursor | null, backwards: boolean, limit: number) => Promise<T[]>,
  query: AdminListQuery,
): Promise<AdminListPage<T>> {
  const pageSize = query.pageSize ?? ADMIN_PAGE_SIZE;
  const backwards = query.before !== null;
  const rows = await fetch(query.before ?? query.after, backwards, pageSize + 1);
  const page = backwards ? rows.slice(0, pageSize).reverse() : rows.slice(0, pageSize);
  return { rows: page, pageSize, total: null, hasMore: backwards ? true : rows.length > pageSize };
}

/** What the admin list shows of a publication: no body, no search vector. */
const ADMIN_COLUMNS = 'id,title,description,image_url,topic_id,published,published_at,created_at,updated_at,author_id,views,topics(name)' as const;

export type AdminPublicationSummary = Omit<AdminPublication, 'content' | 'youtube_url' | 'search_vector'>;

/**
 * The admin publication list, one page, newest created first: keyset on (created_at, id), so page 300 costs what
 * page 1 does. Without a search the total is `count: estimated`: exact up to PostgREST's row limit (1,000 on
 * Supabase), the planner's estimate beyond it, where an exact count would read the whole table; with a search (search_publication_titles: drafts included for an administrator, accents and case
 * ignored) there is no total.
 */
export async function listPublicationsPage(client: Client, query: AdminListQuery): Promise<AdminListPage<AdminPublicationSummary>> {
  const pageSize = query.pageSize ?? ADMIN_PAGE_SIZE;
  const published = publishedFor(query.status);
  if (query.q.trim()) {
    const q = query.q.trim();
    return searchPage(
      async (cursor, backwards, limit) =>
        unwrap(
          await client
            .rpc('search_publication_titles', {
              q,
              page_size: limit,
              backwards,
              ...(published === null ? {} : { published }),
              ...(cursor ? { after_created_at: cursor.at, after_id: cursor.id } : {}),
            })
            .select(ADMIN_COLUMNS),
        ),
      query,
    );
  }
  let request = client.from('publications').select(ADMIN_COLUMNS, { count: 'estimated' });
  if (published !== null) request = request.eq('published', published);
  const cursor = query.before ?? query.after;
  if (cursor) request = request.or(keysetFilter('created_at', cursor, query.before ? 'gt' : 'lt'));
  const ascending = query.before !== null;
  const { data, error, count, status } = await request
    .order('created_at', { ascending })
    .order('id', { ascending })
    .limit(pageSize + 1);
  const rows = unwrap({ data, error, status });
  const page = ascending ? rows.slice(0, pageSize).reverse() : rows.slice(0, pageSize);
  return { rows: page, pageSize, total: count, hasMore: ascending ? true : rows.length > pageSize };
}
