import type { Row } from '../types/database';
import { isUuid } from '../lib/uuid';
import { inKeysetOrder, keysetPage, publishedFor, type AdminListPage, type AdminListQuery } from './admin-paging';
import type { Client, DataClient } from './client';
import { ServiceError, check, unwrap, unwrapOptional } from './errors';

// The newsroom's side of the publications: drafts, writes and the admin list. Only the lazy admin chunks import this
// module, so none of it ships in the reader's entry chunk (the reader's queries are in ./publications).

export type AdminPublication = Row<'publications'> & { topics: { name: string } | null };

/** The admin list is bounded too; a newsroom of this size publishes far fewer per screen. */
export const ADMIN_LIST_LIMIT = 200;

export async function listAllPublications(client: DataClient, limit = ADMIN_LIST_LIMIT): Promise<AdminPublication[]> {
  return unwrap(
    await client.from('publications').select('*,topics(name)').order('created_at', { ascending: false }).limit(limit),
  );
}

/** One publication, drafts included (the editor's); null when no row has this id. */
export async function getPublication(client: DataClient, id: string): Promise<AdminPublication | null> {
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
  client: DataClient,
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

export async function deletePublication(client: DataClient, id: string): Promise<void> {
  check(await client.from('publications').delete().eq('id', id));
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
export async function listPublicationsPage(client: DataClient, query: AdminListQuery): Promise<AdminListPage<AdminPublicationSummary>> {
  const published = publishedFor(query.status);
  const q = query.q.trim();
  return keysetPage(query, async ({ cursor, backwards, limit }) => {
    if (q) {
      const found = await client
        .rpc('search_publication_titles', {
          q,
          page_size: limit,
          backwards,
          ...(published === null ? {} : { published }),
          ...(cursor ? { after_created_at: cursor.at, after_id: cursor.id } : {}),
        })
        .select(ADMIN_COLUMNS);
      return { rows: unwrap(found), total: null };
    }
    let request = client.from('publications').select(ADMIN_COLUMNS, { count: 'estimated' });
    if (published !== null) request = request.eq('published', published);
    const { data, error, count, status } = await inKeysetOrder(request, 'created_at', { cursor, backwards, limit });
    return { rows: unwrap({ data, error, status }), total: count };
  });
}
