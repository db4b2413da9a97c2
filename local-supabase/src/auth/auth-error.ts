/**
 * GoTrue's error catalogue (docs/architecture.md §5): every expected failure is a 4xx, because auth-js throws
 * away the body of 5xx answers. The router renders these in the 2024-01-01 shape.
 */
export class AuthApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 422 | 429,
    readonly code: string,
    message: string,
    /** Extra body fields, e.g. weak_password.reasons. */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AuthApiError';
  }
}

export const authErrors = {
  badJson: (detail: string) => new AuthApiError(400, 'bad_json', `Could not parse request body as JSON: ${detail}`),
  invalidCredentials: () => new AuthApiError(400, 'invalid_credentials', 'Invalid login credentials'),
  emailNotConfirmed: () => new AuthApiError(400, 'email_not_confirmed', 'Email not confirmed'),
  missingEmail: () => new AuthApiError(400, 'validation_failed', 'missing email or phone'),
  signupEmailRequired: () => new AuthApiError(400, 'validation_failed', 'To signup, please provide your email'),
  signupPasswordRequired: () => new AuthApiError(400, 'validation_failed', 'Signup requires a valid password'),
  invalidEmail: () => new AuthApiError(400, 'validation_failed', 'Unable to validate email address: invalid format'),
  weakPassword: (reasons: string[], minLength: number) =>
    new AuthApiError(422, 'weak_password', `Password should be at least ${minLength} characters.`, {
      weak_password: { reasons },
    }),
  passwordTooLong: (maxLength: number) =>
    new AuthApiError(400, 'validation_failed', `Password cannot be longer than ${maxLength} characters`),
  samePassword: () =>
    new AuthApiError(422, 'same_password', 'New password should be different from the old password.'),
  userAlreadyExists: () => new AuthApiError(422, 'user_already_exists', 'User already registered'),
  emailExists: () =>
    new AuthApiError(422, 'email_exists', 'A user with this email address has already been registered'),
  unsupportedGrantType: () => new AuthApiError(400, 'validation_failed', 'unsupported_grant_type'),
  refreshTokenRequired: () => new AuthApiError(400, 'validation_failed', 'refresh_token required'),
  refreshTokenNotFound: () =>
    new AuthApiError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found'),
  refreshTokenAlreadyUsed: () =>
    new AuthApiError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used'),
  noAuthorization: () => new AuthApiError(401, 'no_authorization', 'This endpoint requires a valid Bearer token'),
  badJwt: (reason: string) =>
    new AuthApiError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`),
  missingSub: () => new AuthApiError(403, 'bad_jwt', 'invalid claim: missing sub claim'),
  userNotFound: () => new AuthApiError(403, 'user_not_found', 'User from sub claim in JWT does not exist'),
  sessionNotFound: () =>
    new AuthApiError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist'),
  invalidLogoutScope: (scope: string) =>
    new AuthApiError(400, 'validation_failed', `Unsupported logout scope "${scope}"`),
  notFound: () => new AuthApiError(404, 'not_found', 'Not Found'),
  recoverEmailRequired: () => new AuthApiError(400, 'validation_failed', 'Password recovery requires an email'),
  /** recover.go's PKCE branch: the local backend speaks the implicit flow only (the app's client uses it). */
  pkceNotSupported: () =>
    new AuthApiError(400, 'validation_failed', 'The local backend supports only the implicit flow (no code_challenge)'),
  /** mail.go's validateSentWithinFrequencyLimit, with errors.go's message. */
  overEmailSendRateLimit: (secondsLeft: number) =>
    new AuthApiError(
      429,
      'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${secondsLeft} seconds.`,
    ),
  verifyTypeRequired: () => new AuthApiError(400, 'validation_failed', 'Verify requires a verification type'),
  verifyTokenRequired: () => new AuthApiError(400, 'validation_failed', 'Verify requires a token or a token hash'),
  invalidVerificationType: () => new AuthApiError(400, 'validation_failed', 'Invalid email verification type'),
  /**
   * GoTrue's code when e-mail is switched off: here, a production server given no SMTP settings. 4xx so that auth-js
   * keeps the code and the app can say in pt-BR that recovery is unavailable.
   */
  emailProviderDisabled: () =>
    new AuthApiError(422, 'email_provider_disabled', 'Email sending is not configured on this server'),
  otpExpired: () => new AuthApiError(403, 'otp_expired', 'Email link is invalid or has expired'),
};

export const API_VERSION_HEADER = 'X-Supabase-Api-Version';
export const API_VERSION = '2024-01-01';

/**
 * The 2024-01-01 error body. auth-js reads `code` only when the response carries the version header, so the
 * header is always set; GoTrue leaves x-sb-error-code off weak_password answers.
 */
export function authErrorResponse(error: AuthApiError): Response {
  const headers = new Headers({ 'content-type': 'application/json; charset=utf-8', [API_VERSION_HEADER]: API_VERSION });
  if (error.code !== 'weak_password') headers.set('x-sb-error-code', error.code);
  const body = { code: error.code, message: error.message, ...error.extra };
  return new Response(JSON.stringify(body), { status: error.status, headers });
}

/** What an unexpected failure looks like: GoTrue's generic 500, never a stack trace. */
export function unexpectedAuthFailureResponse(): Response {
  const headers = new Headers({
    'content-type': 'application/json; charset=utf-8',
    [API_VERSION_HEADER]: API_VERSION,
    'x-sb-error-code': 'unexpected_failure',
  });
  const body = { code: 'unexpected_failure', message: 'Unexpected failure, please check server logs for more information' };
  return new Response(JSON.stringify(body), { status: 500, headers });
}
