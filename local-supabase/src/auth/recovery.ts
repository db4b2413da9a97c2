import type { Database } from '../db/database.ts';
import type { Mailer } from '../mailbox/mailbox-store.ts';
import { AuthApiError, authErrors } from './auth-error.ts';
import type { SessionJson } from './auth-service.ts';
import { linkEmail } from './link-email.ts';
import {
  clearOneTimeTokens,
  findOneTimeTokenForUpdate,
  forgetRecoveryRequest,
  hashLinkToken,
  lockRecoverySentAt,
  newLinkToken,
  RECOVERY_TOKEN_TYPE,
  replaceRecoveryToken,
} from './one-time-token-store.ts';
import type { AuthenticationMethod } from './session-store.ts';
import { findUserByEmail } from './user-store.ts';
import { normalizeEmail } from './validation.ts';

// GoTrue's password recovery (internal/api/recover.go, mail.go's sendPasswordRecovery, verify.go's verifyGet), for
// the implicit flow that the app's client uses: POST /recover e-mails a link to GET /verify, which signs the user in
// and redirects with the session in the URL fragment.

/** GOTRUE_SMTP_MAX_FREQUENCY's default: one recovery e-mail per address a minute. */
export const RECOVERY_EMAIL_INTERVAL_SECONDS = 60;
/** How long a recovery link works (GOTRUE_MAILER_OTP_EXP as hosted projects set it). */
export const RECOVERY_LINK_LIFETIME_SECONDS = 3600;

/** verify.go's types; only recovery and (in production) sign-up links are issued here, so the others are always unknown tokens. */
const EMAIL_LINK_TYPES: ReadonlySet<string> = new Set(['recovery', 'signup', 'invite', 'magiclink', 'email_change']);

/** errors.go's oauthErrorMap. */
const OAUTH_ERRORS: Partial<Record<number, string>> = { 400: 'invalid_request', 401: 'unauthorized_client', 403: 'access_denied' };

export interface RecoveryDeps {
  db: Database;
  /** null: this server sends no e-mail (production without SMTP settings), so recovery is unavailable. */
  mailer: Mailer | null;
  startSession(userId: string, issuer: string, method: AuthenticationMethod): Promise<SessionJson>;
  /** Consumes a sign-up's confirmation link (signup-confirmation.ts); absent where sign-ups are auto-confirmed. */
  confirmSignUp?: (token: string) => Promise<string>;
}

/** Go's url.Values.Encode: keys sorted, form-encoded. */
function encodeSorted(values: Record<string, string>): string {
  const params = new URLSearchParams();
  for (const key of Object.keys(values).sort()) params.set(key, values[key] ?? '');
  return params.toString();
}

/** AccessTokenResponse.AsRedirectURL: the session in the fragment, `type` saying what kind of link it was. */
export function sessionRedirectUrl(redirectTo: string, session: SessionJson, type: string): string {
  const fragment = encodeSorted({
    access_token: session.access_token,
    token_type: session.token_type,
    expires_in: String(session.expires_in),
    expires_at: String(session.expires_at),
    refresh_token: session.refresh_token,
    sb: '',
    type,
  });
  return `${redirectTo.split('#')[0]}#${fragment}`;
}

/** verify.go's prepErrorRedirectURL (implicit flow): the error in the fragment, GoTrue's `sb` marker with it. */
export function errorRedirectUrl(redirectTo: string, error: AuthApiError): string {
  const url = new URL(redirectTo);
  const oauthError = OAUTH_ERRORS[error.status];
  url.hash = encodeSorted({
    ...(oauthError ? { error: oauthError } : {}),
    error_code: error.code,
    error_description: error.message,
    sb: '',
  });
  return url.toString();
}

function recoveryMessage(email: string, link: string) {
  return linkEmail(email, 'Redefinição de senha', link, {
    before: [
      `Recebemos um pedido para redefinir a senha da conta ${email}.`,
      'Para criar uma nova senha, abra o link abaixo. Ele vale por 1 hora e só pode ser usado uma vez:',
    ],
    after: ['Se você não pediu a redefinição, ignore este e-mail: sua senha continua a mesma.'],
  });
}

export function createRecovery(deps: RecoveryDeps) {
  const { db } = deps;

  /**
   * POST /recover. An unknown address gets the same empty answer as a known one (nothing is sent); a known one is
   * limited to one e-mail a minute (429 over_email_send_rate_limit, as GoTrue answers).
   */
  async function requestRecovery(
    input: { email?: unknown; code_challenge?: unknown },
    link: { verifyUrl: string; redirectTo: string },
  ): Promise<void> {
    const raw = typeof input.email === 'string' ? input.email : '';
    if (raw.trim() === '') throw authErrors.recoverEmailRequired();
    const email = normalizeEmail(raw);
    if (!email) throw authErrors.invalidEmail();
    if (typeof input.code_challenge === 'string' && input.code_challenge !== '') throw authErrors.pkceNotSupported();
    // Said to every address alike, known or not, so it tells nobody which accounts exist.
    const { mailer } = deps;
    if (!mailer) throw authErrors.emailProviderDisabled();

    const user = await findUserByEmail(db, email);
    if (!user) return;

    const token = newLinkToken();
    const query = new URLSearchParams({ token, type: 'recovery', redirect_to: link.redirectTo });
    const message = recoveryMessage(user.email ?? email, `${link.verifyUrl}?${query.toString()}`);
    await db.transaction(async (tx) => {
      const sentAt = await lockRecoverySentAt(tx, user.id);
      const nextAllowed = sentAt ? sentAt.getTime() + RECOVERY_EMAIL_INTERVAL_SECONDS * 1000 : 0;
      if (nextAllowed > Date.now()) throw authErrors.overEmailSendRateLimit(Math.floor((nextAllowed - Date.now()) / 1000));
      await replaceRecoveryToken(tx, user.id, email, hashLinkToken(token));
    });
    try {
      await mailer(message);
    } catch (error) {
      // Nobody holds the link: forget it, so the next request is not refused as too soon. The link itself is never
      // logged (it signs its bearer in).
      await forgetRecoveryRequest(db, user.id);
      throw new Error('Error sending recovery email', { cause: error });
    }
  }

  /** Consumes a recovery token: the user's id, or otp_expired for an unknown, used or expired one. */
  async function consumeRecoveryToken(token: string): Promise<string> {
    const outcome = await db.transaction(async (tx) => {
      const found = await findOneTimeTokenForUpdate(tx, RECOVERY_TOKEN_TYPE, hashLinkToken(token));
      if (!found) return null;
      if (Date.now() > found.createdAt.getTime() + RECOVERY_LINK_LIFETIME_SECONDS * 1000) return null;
      // user.Recover: every one-time token of the user goes; a recovery also confirms the address.
      await clearOneTimeTokens(tx, found.userId);
      await tx.query(`update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()) where id = $1`, [found.userId]);
      return found.userId;
    });
    if (!outcome) throw authErrors.otpExpired();
    return outcome;
  }

  /**
   * GET /verify: where to send the browser. A missing type or token is a JSON 400 (as GoTrue); anything wrong with
   * the link itself goes back to `redirectTo` (already checked against the allowed origins) with the error.
   */
  async function verifyLink(params: { token?: string; type?: string; redirectTo: string }, issuer: string): Promise<string> {
    if (!params.type) throw authErrors.verifyTypeRequired();
    if (!params.token) throw authErrors.verifyTokenRequired();
    try {
      if (!EMAIL_LINK_TYPES.has(params.type)) throw authErrors.invalidVerificationType();
      if (params.type === 'signup' && deps.confirmSignUp) {
        const userId = await deps.confirmSignUp(params.token);
        return sessionRedirectUrl(params.redirectTo, await deps.startSession(userId, issuer, 'email/signup'), params.type);
      }
      if (params.type !== 'recovery') throw authErrors.otpExpired();
      const userId = await consumeRecoveryToken(params.token);
      const session = await deps.startSession(userId, issuer, 'otp');
      return sessionRedirectUrl(params.redirectTo, session, params.type);
    } catch (error) {
      if (error instanceof AuthApiError) return errorRedirectUrl(params.redirectTo, error);
      throw error;
    }
  }

  return { requestRecovery, verifyLink };
}
