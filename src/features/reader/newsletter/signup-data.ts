import { readerDataClient } from '../../../services/reader-data-client';
import { sendQueuedConfirmations, signUpForDigest, signUpProblem, type DigestSignUp } from '../../../services/newsletter/subscription';
import type { SignUpOutcome } from './newsletter-signup';

// The sign-up's request, loaded when a reader sends the form (not with the page: the form is on every page), through
// the reader pages' client; then the site's API is asked to mail the confirmation now (when it cannot, its scheduled
// run does within minutes).

export async function signUp(signUp: DigestSignUp): Promise<SignUpOutcome> {
  try {
    await signUpForDigest(readerDataClient(), signUp);
  } catch (error) {
    const problem = signUpProblem(error);
    if (problem) return problem;
    throw error;
  }
  await sendQueuedConfirmations();
  return 'sent';
}
