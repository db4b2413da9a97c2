import type { DigestSendState } from '../../types/database';
import type { DataClient } from '../client';
import { NotFoundError, ServiceError, check, unwrap } from '../errors';
import type { OffsetPage } from '../media-kit';
import { containing } from '../text-match';
import { NEWSLETTER_API } from './api-paths';

// The newsroom's 'Newsletter' page: who reads the digest, what went out, when it goes. Row-level security lets
// administrators alone read and remove subscribers; nobody reads their links' tokens.

export interface DigestSubscriber {
  id: string;
  email: string;
  confirmedAt: string | null;
  consentText: string;
  consentPage: string;
  consentedAt: string;
  createdAt: string;
}

export interface DigestSend {
  id: string;
  digestDate: string;
  /** The morning's send; false for one made on request (`npm run digest`). */
  scheduled: boolean;
  state: DigestSendState;
  storyCount: number;
  recipientCount: number;
  sentCount: number;
  failedCount: number;
  lastError: string | null;
  startedAt: string;
  finishedAt: string | null;
}

export interface SubscriberCounts {
  confirmed: number;
  pending: number;
}

const SUBSCRIBER_COLUMNS = 'id,email,confirmed_at,consent_text,consent_page,consented_at,created_at';
const SEND_COLUMNS = 'id,digest_date,scheduled,state,story_count,recipient_count,sent_count,failed_count,last_error,started_at,finished_at';
export const SUBSCRIBER_PAGE_SIZE = 25;
export const SEND_HISTORY_LIMIT = 30;
/** The export's page: PostgREST's own maximum. */
const EXPORT_PAGE = 1000;

/** A subscriber's row as stored: what the admin list shows and what a data subject's export holds. */
export interface SubscriberRow {
  id: string;
  email: string;
  confirmed_at: string | null;
  consent_text: string;
  consent_page: string;
  consented_at: string;
  created_at: string;
}

function subscriberFrom(row: SubscriberRow): DigestSubscriber {
  return {
    id: row.id,
    email: row.email,
    confirmedAt: row.confirmed_at,
    consentText: row.consent_text,
    consentPage: row.consent_page,
    consentedAt: row.consented_at,
    createdAt: row.created_at,
  };
}

export async function countSubscribers(client: DataClient): Promise<SubscriberCounts> {
  const [confirmed, pending] = await Promise.all([
    client.from('newsletter_subscribers').select('id', { count: 'exact', head: true }).not('confirmed_at', 'is', null),
    client.from('newsletter_subscribers').select('id', { count: 'exact', head: true }).is('confirmed_at', null),
  ]);
  for (const result of [confirmed, pending]) unwrap({ data: [], error: result.error, status: result.status });
  return { confirmed: confirmed.count ?? 0, pending: pending.count ?? 0 };
}

/** One page (1-based) of the subscribers, newest first, those whose address contains `search` when given. */
export async function listSubscribersPage(client: DataClient, page: number, search = ''): Promise<OffsetPage<DigestSubscriber>> {
  const from = (Math.max(page, 1) - 1) * SUBSCRIBER_PAGE_SIZE;
  let request = client.from('newsletter_subscribers').select(SUBSCRIBER_COLUMNS, { count: 'exact' });
  if (search.trim()) request = request.ilike('email', containing(search.trim().toLowerCase()));
  const { data, error, count, status } = await request
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .range(from, from + SUBSCRIBER_PAGE_SIZE - 1);
  return { rows: unwrap({ data, error, status }).map(subscriberFrom), total: count ?? 0 };
}

/** Removes an address and its consent record for good; NotFoundError when it is already gone. */
export async function removeSubscriber(client: DataClient, id: string): Promise<void> {
  // Counted rather than returned: the tokens' columns are no one's to read, so no representation is asked for.
  const { error, count, status } = await client.from('newsletter_subscribers').delete({ count: 'exact' }).eq('id', id);
  check({ error, status });
  if (!count) throw new NotFoundError();
}

/** Every confirmed subscriber, oldest first, read a page at a time (keyset on the sign-up time and id). */
export async function exportConfirmedSubscribers(client: DataClient): Promise<DigestSubscriber[]> {
  const all: DigestSubscriber[] = [];
  let after: { createdAt: string; id: string } | null = null;
  for (;;) {
    let request = client.from('newsletter_subscribers').select(SUBSCRIBER_COLUMNS).not('confirmed_at', 'is', null);
    if (after) request = request.or(`created_at.gt."${after.createdAt}",and(created_at.eq."${after.createdAt}",id.gt.${after.id})`);
    const rows = unwrap(await request.order('created_at').order('id').limit(EXPORT_PAGE)).map(subscriberFrom);
    all.push(...rows);
    const last = rows.at(-1);
    if (!last || rows.length < EXPORT_PAGE) return all;
    after = { createdAt: last.createdAt, id: last.id };
  }
}

export async function listDigestSends(client: DataClient): Promise<DigestSend[]> {
  const rows = unwrap(
    await client.from('newsletter_sends').select(SEND_COLUMNS).order('started_at', { ascending: false }).limit(SEND_HISTORY_LIMIT),
  );
  return rows.map((row) => ({
    id: row.id,
    digestDate: row.digest_date,
    scheduled: row.scheduled,
    state: row.state,
    storyCount: row.story_count,
    recipientCount: row.recipient_count,
    sentCount: row.sent_count,
    failedCount: row.failed_count,
    lastError: row.last_error,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
  }));
}

/** The morning's send time, São Paulo, as 'HH:MM'. */
export async function getDigestSendTime(client: DataClient): Promise<string> {
  const rows = unwrap(await client.from('newsletter_settings').select('send_time').limit(1));
  const time = rows[0]?.send_time;
  if (!time) throw new NotFoundError();
  return time.slice(0, 5);
}

export async function saveDigestSendTime(client: DataClient, time: string): Promise<void> {
  const { error, count, status } = await client.from('newsletter_settings').update({ send_time: time }, { count: 'exact' }).eq('only_row', true);
  check({ error, status });
  if (!count) throw new NotFoundError();
}

/**
 * 'Enviar teste': the site's API mails the digest as it would go now to the signed-in administrator (the access
 * token says who). Resolves with the address it went to.
 */
export async function sendTestDigest(accessToken: string, fetcher: typeof fetch = fetch): Promise<string> {
  const response = await fetcher(NEWSLETTER_API.test, { method: 'POST', headers: { Authorization: `Bearer ${accessToken}` } });
  const body = (await response.json().catch(() => null)) as { to?: unknown; error?: unknown } | null;
  if (!response.ok || typeof body?.to !== 'string') {
    const code = typeof body?.error === 'string' ? body.error : undefined;
    throw new ServiceError(`test digest failed (${response.status})`, { code, status: response.status });
  }
  return body.to;
}
