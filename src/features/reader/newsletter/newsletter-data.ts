import { readerDataClient } from '../../../services/reader-data-client';
import {
  confirmDigestSubscription,
  sendQueuedConfirmations,
  signUpForDigest,
  unsubscribeFromDigest,
  type ConfirmationResult,
  type DigestSignUp,
} from '../../../services/newsletter/subscription';

// The reader's digest calls through the reader pages' client: the sign-up, then the site's API is asked to mail the
// confirmation now (when it cannot, its scheduled run does within minutes).

export async function signUp(signUp: DigestSignUp): Promise<void> {
  await signUpForDigest(readerDataClient(), signUp);
  await sendQueuedConfirmations();
}

export function confirmSubscription(token: string): Promise<ConfirmationResult> {
  return confirmDigestSubscription(readerDataClient(), token);
}

export function unsubscribe(token: string): Promise<boolean> {
  return unsubscribeFromDigest(readerDataClient(), token);
}
