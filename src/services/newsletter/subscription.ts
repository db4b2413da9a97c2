import type { DataClient } from '../client';
import { isUuid } from '../../lib/uuid';
import { ServiceError, check, unwrap } from '../errors';
import { NEWSLETTER_API } from './api-paths';

// A reader's side of the daily digest: sign up (the database queues the confirmation e-mail; the site's API sends
// it), confirm from the e-mailed link, leave from the e-mailed link. Readers' own browsers make these calls, so the
// per-client limit counts each reader's address (docs/decisions/0033).

export interface DigestSignUp {
  email: string;
  /** The consent line exactly as the form showed it: it is the record of what the reader agreed to. */
  consentText: string;
  /** The page the form was on (path only). */
  page: string;
}

export type SignUpProblem = 'invalid-email' | 'rate-limited';

/** What a refused sign-up was about, or null for a failure the reader can only retry. */
export function signUpProblem(error: unknown): SignUpProblem | null {
  if (!(error instanceof ServiceError)) return null;
  if (error.code === 'PT429' || error.status === 429) return 'rate-limited';
  if (error.code === '22023' && error.message.includes('newsletter_invalid_email')) return 'invalid-email';
  return null;
}

export async function signUpForDigest(client: DataClient, signUp: DigestSignUp): Promise<void> {
  check(
    await client.rpc('newsletter_subscribe', {
      email: signUp.email.trim(),
      consent_text: signUp.consentText,
      page: signUp.page,
    }),
  );
}

/**
 * Asks the site to send the queued confirmation e-mail now. The sign-up is already kept: when this fails the server's
 * next scheduled run sends it, so the caller tells the reader to check their mail either way.
 */
export async function sendQueuedConfirmations(fetcher: typeof fetch = fetch): Promise<boolean> {
  try {
    const response = await fetcher(NEWSLETTER_API.confirmations, { method: 'POST' });
    return response.ok;
  } catch {
    return false;
  }
}

export type ConfirmationResult = 'confirmada' | 'invalido';

export async function confirmDigestSubscription(client: DataClient, token: string): Promise<ConfirmationResult> {
  if (!isUuid(token)) return 'invalido';
  const result = unwrap(await client.rpc('newsletter_confirm', { token }));
  return result === 'confirmada' ? 'confirmada' : 'invalido';
}

/**
 * 'cancelada': the address was removed now. 'ausente': no address on the list has this link (removed already).
 * 'invalido': not a link the site writes (e.g. a mail app kept a character after it): nothing was looked up, and the
 * address it was meant for may still be on the list, so the page must not say it is gone.
 */
export type UnsubscribeResult = 'cancelada' | 'ausente' | 'invalido';

export async function unsubscribeFromDigest(client: DataClient, token: string): Promise<UnsubscribeResult> {
  if (!isUuid(token)) return 'invalido';
  return unwrap(await client.rpc('newsletter_unsubscribe', { token })) === true ? 'cancelada' : 'ausente';
}
