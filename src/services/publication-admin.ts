import type { Row } from '../types/database';
import { isUuid } from '../lib/uuid';
import { keysetPage, tableKeysetRows, type AdminListPage, type AdminListQuery } from './admin-paging';
import { deleteRow } from './admin-rows';
import type { Client, DataClient } from './client';
import { ServiceError, check, toServiceError, unwrap, unwrapOptional } from './errors';

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
  /** The main image's alternative text and credit (≤ 300 and ≤ 120 characters; null without an image). */
  image_alt: string | null;
  image_credit: string | null;
  youtube_url: string | null;
  topic_id: string;
  published: boolean;
  /**
   * When a published story becomes visible to readers (ISO instant, a scheduled story); null publishes it now, by the
   * database's clock (a browser's clock may run ahead). Ignored for a draft.
   */
  publish_at: string | null;
  /**
   * The home page's lead story ('Manchete'); only a visible story may be it (the database refuses otherwise). Marking
   * it takes the mark from the current lead.
   */
  is_lead: boolean;
  /** Signed with the author's profile name instead of 'Redação' (the database writes the name). */
  signed: boolean;
  /** A sponsored story's sponsor, trimmed, 1–120 characters; null for the newsroom's own story (clears it). */
  sponsor_name: string | null;
  /**
   * 'Enviar para revisão' (a reporter's draft, docs/decisions/0037): the save also puts it in the review queue (the
   * database stamps the time, and a story already there keeps its place). Absent or false leaves the state as it is.
   */
  send_for_review?: boolean;
  /**
   * How a change to a live story's title, description or content is recorded (decision 0038); null when there is
   * none to record. The database refuses such a change without one.
   */
  revision?: Revision | null;
}

/** A correction readers see at the story's end, or a minor edit (typo, formatting) the newsroom keeps. */
export type Revision =
  | {
      kind: 'correction';
      /** 'O que estava errado' and 'O que está correto', 1–1,000 characters each. */
      wrong: string;
      correct: string;
      /** When it was corrected (ISO instant); null for now, by the database's clock. */
      correctedAt: string | null;
    }
  | { kind: 'minor_edit'; /** ≤ 300 characters; empty for none. */ note: string };

/** The revision rules as codes the screens can word; null for any other failure. */
export function revisionError(error: { code?: string; message: string; hint?: string | null }): ServiceError | null {
  const hint = error.hint ?? '';
  const codes: Record<string, string> = {
    publication_revision_required: 'revision_required',
    publication_correction_not_live: 'correction_not_live',
    publication_correction_date: 'correction_date',
    publication_corrections_limit: 'corrections_limit',
  };
  const found = error.code === '23514' ? Object.keys(codes).find((name) => hint.includes(name)) : undefined;
  return found ? new ServiceError(error.message, { code: codes[found], cause: error }) : null;
}

/**
 * Changes a live story's text and records the change, as a correction or a minor edit, in one transaction
 * (public.revise_publication). With the text as it is, a correction is a note on the story alone.
 */
export async function revisePublication(
  client: DataClient,
  id: string,
  text: { title: string; description: string | null; content: string | null },
  revision: Revision,
): Promise<void> {
  const result = await client.rpc('revise_publication', {
    story_id: id,
    new_title: text.title,
    // '' is "none", stored as null as the form's save stores it.
    new_description: text.description ?? '',
    new_content: text.content ?? '',
    kind: revision.kind,
    ...(revision.kind === 'correction'
      ? { wrong: revision.wrong.trim(), correct: revision.correct.trim(), ...(revision.correctedAt ? { corrected_at: revision.correctedAt } : {}) }
      : { note: revision.note.trim() }),
  });
  if (result.error) throw revisionError(result.error) ?? toServiceError(result.error, result.status);
}

/** A correction as the newsroom sees it in the editor: with who made it. */
export type CorrectionRecord = Pick<Row<'publication_corrections'>, 'id' | 'wrong' | 'correct' | 'corrected_at' | 'corrected_by_name'>;
/** A minor edit: who, when, and the note. */
export type MinorEditRecord = Pick<Row<'publication_minor_edits'>, 'id' | 'note' | 'edited_at' | 'edited_by_name'>;

export interface RevisionHistory {
  corrections: CorrectionRecord[];
  minorEdits: MinorEditRecord[];
}

/** How many of each the editor shows: a story carries at most 50 corrections; minor edits, the newest 50. */
export const REVISION_HISTORY_LIMIT = 50;

/** A story's corrections and minor edits, newest first (the editor's history). */
export async function getRevisionHistory(client: DataClient, id: string): Promise<RevisionHistory> {
  if (!isUuid(id)) return { corrections: [], minorEdits: [] };
  const [corrections, minorEdits] = await Promise.all([
    client
      .from('publication_corrections')
      .select('id,wrong,correct,corrected_at,corrected_by_name')
      .eq('publication_id', id)
      .order('corrected_at', { ascending: false })
      .limit(REVISION_HISTORY_LIMIT),
    client
      .from('publication_minor_edits')
      .select('id,note,edited_at,edited_by_name')
      .eq('publication_id', id)
      .order('edited_at', { ascending: false })
      .limit(REVISION_HISTORY_LIMIT),
  ]);
  return { corrections: unwrap(corrections), minorEdits: unwrap(minorEdits) };
}

/**
 * Creates (no id) or updates a publication with docs/product.md §19's rules: published_at is now on every save with the box
 * ticked (edits included) and null without it; updated_at is now. A new story's author is the signed-in user; an
 * edit keeps the author (an editor who publishes a reporter's story does not take its byline, and the reporter keeps
 * the story: decision 0037).
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
    image_alt: input.image_alt,
    image_credit: input.image_credit,
    youtube_url: input.youtube_url,
    topic_id: input.topic_id,
    published: input.published,
    published_at: input.published ? input.publish_at : null,
    is_lead: input.is_lead,
    signed: input.signed,
    sponsor_name: input.sponsor_name?.trim() || null,
    updated_at: timestamp,
    // Any instant asks for the queue: the database writes its own clock's (publications_review_rules).
    ...(input.send_for_review ? { review_requested_at: timestamp } : {}),
  };
  const revision = id ? (input.revision ?? null) : null;
  // With a revision the text goes through revise_publication, after the rest: should that call fail, the rest is
  // saved and the text is not, and saving again records the revision once.
  const { title, description, content, ...rest } = row;
  const query = id
    ? client.from('publications').update(revision ? rest : row).eq('id', id)
    : client.from('publications').insert({ ...row, author_id: authorId });
  const result = await query.select('*,topics(name)').single();
  if (result.error) throw leadError(result.error) ?? revisionError(result.error) ?? toServiceError(result.error, result.status);
  const saved = unwrap(result);
  if (!id || !revision) return saved;
  await revisePublication(client, id, { title, description, content }, revision);
  return { ...saved, title, description, content };
}

/** The list toggle: publishing stamps published_at with the database's clock (null asks for it), unpublishing clears it. */
export async function setPublicationPublished(client: DataClient, id: string, published: boolean): Promise<void> {
  check(await client.from('publications').update({ published, published_at: null }).eq('id', id));
}

/** What marking a lead story did: the story that stopped being the lead, when another one was. */
export interface LeadChange {
  replaced: { id: string; title: string } | null;
}

/**
 * Marks (or unmarks) the lead story. Marking one takes the mark from the current lead in the same statement
 * (supabase/migrations/20261126120000_lead_story_replaces_previous.sql); the answer names that story, read just
 * before, so another editor's change between the two requests could make the name stale, never the marks. A draft or
 * a scheduled story fails with 'lead_not_visible'.
 */
export async function setLeadStory(client: DataClient, id: string, isLead: boolean): Promise<LeadChange> {
  const current = isLead ? await getLeadStory(client) : null;
  const result = await client.from('publications').update({ is_lead: isLead }).eq('id', id);
  if (result.error) throw leadError(result.error) ?? toServiceError(result.error, result.status);
  return { replaced: current && current.id !== id ? current : null };
}

/** The lead story's rule (only a visible story may lead) as a code the screens can word; null for any other failure. */
export function leadError(error: { code?: string; message: string; hint?: string | null }): ServiceError | null {
  if (error.code === '23514' && (error.hint ?? '').includes('publications_lead_not_visible')) {
    return new ServiceError(error.message, { code: 'lead_not_visible', cause: error });
  }
  return null;
}

/** The current lead story as the newsroom sees it (id and title), or null. */
export async function getLeadStory(client: DataClient): Promise<{ id: string; title: string } | null> {
  return unwrapOptional(await client.from('publications').select('id,title').eq('is_lead', true).maybeSingle());
}

/** What the preview needs: the reader's columns, drafts and scheduled stories included (the editor's session). */
const PREVIEW_COLUMNS =
  'id,title,description,content,image_url,image_alt,image_credit,youtube_url,published,published_at,views,author_id,byline,sponsor_name,topics(id,name,slug)' as const;

export type PublicationPreview = Pick<
  Row<'publications'>,
  'id' | 'title' | 'description' | 'content' | 'image_url' | 'image_alt' | 'image_credit' | 'youtube_url' | 'published' | 'published_at' | 'views' | 'author_id' | 'byline' | 'sponsor_name'
> & { topics: { id: string; name: string; slug: string } | null };

/** Any publication, as a reader will see it; null when no row has this id. Reads only: it never counts a view. */
export async function getPublicationPreview(client: DataClient, id: string): Promise<PublicationPreview | null> {
  if (!isUuid(id)) return null;
  return unwrapOptional(await client.from('publications').select(PREVIEW_COLUMNS).eq('id', id).maybeSingle());
}

export const deletePublication = (client: DataClient, id: string): Promise<void> => deleteRow(client, 'publications', id);

/** What the admin list shows of a publication: no body, no search vector. */
const ADMIN_COLUMNS =
  'id,title,description,image_url,topic_id,published,published_at,is_lead,urgent_until,signed,byline,created_at,updated_at,author_id,views,review_requested_at,review_note,topics(name)' as const;

export type AdminPublicationSummary = Omit<
  AdminPublication,
  'content' | 'youtube_url' | 'search_vector' | 'image_alt' | 'image_credit' | 'sponsor_name' | 'review_requested_by' | 'corrected_at'
>;

/**
 * The admin publication list, one page, newest created first: keyset on (created_at, id), so page 300 costs what
 * page 1 does. Without a search the total is `count: estimated`: exact up to PostgREST's row limit (1,000 on
 * Supabase), the planner's estimate beyond it, where an exact count would read the whole table; with a search (search_publication_titles: drafts included for an administrator, accents and case
 * ignored) there is no total.
 */
export async function listPublicationsPage(
  client: DataClient,
  query: AdminListQuery,
  now: Date = new Date(),
): Promise<AdminListPage<AdminPublicationSummary>> {
  return keysetPage(query, async (keyset) => {
    const { q, cursor, backwards, limit } = keyset;
    if (q) {
      const found = await client
        .rpc('search_publication_titles', {
          q,
          page_size: limit,
          backwards,
          ...(query.status === 'all' ? {} : { state: query.status }),
          ...(cursor ? { after_created_at: cursor.at, after_id: cursor.id } : {}),
        })
        .select(ADMIN_COLUMNS);
      return { rows: unwrap(found), total: null };
    }
    let request = client.from('publications').select(ADMIN_COLUMNS, { count: 'estimated' });
    // A published story is live once its time has come, scheduled before (the search function uses the database's clock).
    if (query.status === 'published') request = request.lte('published_at', now.toISOString());
    if (query.status === 'scheduled') request = request.gt('published_at', now.toISOString());
    return tableKeysetRows(request, 'created_at', keyset);
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The review queue ('Revisão', docs/decisions/0037): reporters send drafts; editors publish or return them.

/** The queue holds at most this many rows per screen; a newsroom's queue is far shorter. */
export const REVIEW_QUEUE_LIMIT = 100;

const REVIEW_COLUMNS = 'id,title,description,byline,author_id,review_requested_at,review_requested_by,updated_at,topics(name)' as const;

export type ReviewQueueItem = Pick<
  Row<'publications'>,
  'id' | 'title' | 'description' | 'byline' | 'author_id' | 'updated_at' | 'review_requested_by'
> & {
  review_requested_at: string;
  topics: { name: string } | null;
};

/**
 * The stories waiting for review, the longest-waiting first, at most `limit` (+1 to say there are more). Served by
 * the partial index publications_review_queue_idx; row-level security shows an editor every story, a reporter their own.
 */
export async function listReviewQueue(
  client: DataClient,
  limit = REVIEW_QUEUE_LIMIT,
): Promise<{ rows: ReviewQueueItem[]; more: boolean }> {
  const rows = unwrap(
    await client
      .from('publications')
      .select(REVIEW_COLUMNS)
      .not('review_requested_at', 'is', null)
      .order('review_requested_at', { ascending: true })
      .order('id', { ascending: true })
      .limit(limit + 1),
  );
  const queued = rows.flatMap((row) => (row.review_requested_at ? [{ ...row, review_requested_at: row.review_requested_at }] : []));
  return { rows: queued.slice(0, limit), more: queued.length > limit };
}

/** How many stories wait for review (as many as the caller may see), for the dashboard. */
export async function countReviewQueue(client: DataClient): Promise<number> {
  const { count, error, status } = await client
    .from('publications')
    .select('id', { count: 'exact', head: true })
    .not('review_requested_at', 'is', null);
  if (error) throw toServiceError(error, status);
  return count ?? 0;
}

/** Where a story stands in review (the form shows a reporter): in the queue since, or returned with a note. */
export async function getReviewState(client: DataClient, id: string): Promise<{ requestedAt: string | null; note: string | null } | null> {
  if (!isUuid(id)) return null;
  const row = unwrapOptional(
    await client.from('publications').select('review_requested_at,review_note').eq('id', id).maybeSingle(),
  );
  return row ? { requestedAt: row.review_requested_at, note: row.review_note } : null;
}

/** The longest a returned story's note may be (the database's CHECK). */
export const REVIEW_NOTE_MAX_LENGTH = 1000;

/**
 * 'Devolver ao repórter': takes the story out of the queue with the editor's note, which the reporter sees on the
 * story. Fails with 'not_in_review' when the story is no longer waiting (published or returned meanwhile).
 */
export async function returnToReporter(client: DataClient, id: string, note: string): Promise<void> {
  const result = await client
    .from('publications')
    .update({ review_requested_at: null, review_note: note.trim() })
    .eq('id', id)
    .not('review_requested_at', 'is', null)
    .eq('published', false)
    .select('id');
  const rows = unwrap(result);
  if (rows.length === 0) throw new ServiceError('the story is not waiting for review', { code: 'not_in_review' });
}

/** 'Publicar' from the queue: published now (the database's clock), which takes it out of the queue. */
export async function publishFromReview(client: DataClient, id: string): Promise<void> {
  const rows = unwrap(
    await client
      .from('publications')
      .update({ published: true, published_at: null })
      .eq('id', id)
      .not('review_requested_at', 'is', null)
      .select('id'),
  );
  if (rows.length === 0) throw new ServiceError('the story is not waiting for review', { code: 'not_in_review' });
}
