import type { DataClient } from '../client';
import { check, unwrap, unwrapOptional } from '../errors';

// The server's side of the daily digest, with the project's service key (the edge handler's newsletter capability):
// the queued confirmation e-mails, the day's claim, its stories and its addresses. The database decides what is due
// and keeps every address to one e-mail a day (supabase/migrations/20261128090000_newsletter.sql).

export interface QueuedConfirmation {
  subscriberId: string;
  email: string;
  token: string;
}

export interface DigestStory {
  id: string;
  title: string;
  description: string | null;
  imageUrl: string | null;
  publishedAt: string;
  topicName: string | null;
  topicSlug: string | null;
  isLead: boolean;
}

export interface DigestRecipient {
  subscriberId: string;
  email: string;
  unsubscribeToken: string;
}

/** Confirmations are taken a few at a time: each one is an e-mail sent before the next is taken. */
const CONFIRMATION_BATCH = 20;

export async function claimQueuedConfirmations(client: DataClient): Promise<QueuedConfirmation[]> {
  const rows = unwrap(await client.rpc('newsletter_claim_confirmations', { max_count: CONFIRMATION_BATCH }));
  return rows.map((row) => ({ subscriberId: row.subscriber_id, email: row.email, token: row.token }));
}

export async function markConfirmationSent(client: DataClient, subscriberId: string): Promise<void> {
  check(await client.rpc('newsletter_confirmation_sent', { subscriber_id: subscriberId }));
}

/**
 * Today's send when it is this server's to make now; null when it is not due yet, already made, under way elsewhere,
 * or there was nothing new (the day is then recorded as such). `nowAnyway` skips the wait for the send time.
 */
export async function startDigest(client: DataClient, nowAnyway = false): Promise<string | null> {
  // A function's SQL null arrives as a JSON null: no send to make.
  const id: string | null = unwrapOptional(await client.rpc('newsletter_start_digest', { now_anyway: nowAnyway }));
  return typeof id === 'string' ? id : null;
}

/** The stories of a send; without one, what a digest made now would carry ('Enviar teste'). */
export async function digestStories(client: DataClient, sendId: string | null): Promise<DigestStory[]> {
  const rows = unwrap(await client.rpc('newsletter_digest_stories', sendId ? { send_id: sendId } : {}));
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    description: row.description,
    imageUrl: row.image_url,
    publishedAt: row.published_at,
    topicName: row.topic_name,
    topicSlug: row.topic_slug,
    isLead: row.is_lead,
  }));
}

/** Up to `count` addresses of the send that are due, each now this server's to mail once. */
export async function claimRecipients(client: DataClient, sendId: string, count: number): Promise<DigestRecipient[]> {
  const rows = unwrap(await client.rpc('newsletter_claim_deliveries', { send_id: sendId, max_count: count }));
  return rows.map((row) => ({ subscriberId: row.subscriber_id, email: row.email, unsubscribeToken: row.unsubscribe_token }));
}

/** One address's outcome: null for sent, else the mail server's refusal (retried later by the database's rule). */
export async function recordDelivery(client: DataClient, sendId: string, subscriberId: string, error: string | null): Promise<void> {
  const outcome = error === null ? {} : { error };
  check(await client.rpc('newsletter_delivery_done', { send_id: sendId, subscriber_id: subscriberId, ...outcome }));
}

/** Counts the send; 'enviado' once no address is left to try, else it stays 'enviando' for the retries. */
export async function finishDigest(client: DataClient, sendId: string): Promise<string> {
  return unwrap(await client.rpc('newsletter_finish_digest', { send_id: sendId }));
}

/** The signed-in administrator's own address (the client carries their session); refused (42501) to anyone else. */
export async function testRecipient(client: DataClient): Promise<string> {
  return unwrap(await client.rpc('newsletter_test_recipient'));
}
