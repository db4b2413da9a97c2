import type { DigestSignUp } from '../../../services/newsletter/subscription';
import type { SignUpOutcome } from './newsletter-signup';

// The sign-up form is on every page, its request only when a reader sends it: the request's module (and the
// service it calls) loads then, not with the page.

export async function signUp(input: DigestSignUp): Promise<SignUpOutcome> {
  const { signUp: send } = await import('./signup-data');
  return send(input);
}
