import { readerDataClient } from '../../../services/reader-data-client';
import {
  confirmDigestSubscription,
  unsubscribeFromDigest,
  type ConfirmationResult,
  type UnsubscribeResult,
} from '../../../services/newsletter/subscription';

// The e-mailed links' pages: confirm a sign-up, leave the list, through the reader pages' client.

export function confirmSubscription(token: string): Promise<ConfirmationResult> {
  return confirmDigestSubscription(readerDataClient(), token);
}

export function unsubscribe(token: string): Promise<UnsubscribeResult> {
  return unsubscribeFromDigest(readerDataClient(), token);
}
