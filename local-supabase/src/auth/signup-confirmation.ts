import type { Database } from '../db/database.ts';
import type { Mailer } from '../mailbox/mailbox-store.ts';
import { authErrors } from './auth-error.ts';
import type { SignUpInput } from './auth-service.ts';
import { linkEmail } from './link-email.ts';
import {
  CONFIRMATION_TOKEN_TYPE,
  findOneTimeTokenForUpdate,
  hashLinkToken,
  newLinkToken,
  replaceOneTimeToken,
} from './one-time-token-store.ts';
import { toUserJson, type UserJson, type UserRow } from './user-json.ts';

// GoTrue's sign-up with e-mail confirmation (signup.go with mailer_autoconfirm off, mail.go's sendConfirmation,
// verify.go's signupVerify), which production turns on when it can send e-mail: a new account gets no session until
// its owner follows the link e-mailed to the address, so nobody can register an address that is not theirs.

/** How long a confirmation link works (GOTRUE_MAILER_OTP_EXP's default). */
export const CONFIRMATION_LINK_LIFETIME_SECONDS = 24 * 3600;

export interface SignupConfirmationDeps {
  db: Database;
  mailer: Mailer;
  registerUser(input: SignUpInput, options: { confirmed: boolean }): Promise<UserRow>;
}

function confirmationMessage(email: string, link: string) {
  return linkEmail(email, 'Confirme seu cadastro', link, {
    before: [
      `Recebemos um cadastro no painel da redação com o e-mail ${email}.`,
      'Para confirmar que este e-mail é seu, abra o link abaixo. Ele vale por 24 horas e só pode ser usado uma vez:',
    ],
    after: [
      'Depois de confirmar, a conta ainda aguarda a aprovação de um administrador.',
      'Se você não fez este cadastro, ignore este e-mail.',
    ],
  });
}

export function createSignupConfirmation(deps: SignupConfirmationDeps) {
  const { db } = deps;

  /** POST /signup: the account, unconfirmed, and its link e-mailed; the answer is the user, with no session. */
  async function signUp(input: SignUpInput, link: { verifyUrl: string; redirectTo: string }): Promise<UserJson> {
    const user = await deps.registerUser(input, { confirmed: false });
    const email = user.email ?? '';
    const token = newLinkToken();
    await replaceOneTimeToken(db, CONFIRMATION_TOKEN_TYPE, user.id, email, hashLinkToken(token));
    const query = new URLSearchParams({ token, type: 'signup', redirect_to: link.redirectTo });
    try {
      await deps.mailer(confirmationMessage(email, `${link.verifyUrl}?${query.toString()}`));
    } catch (error) {
      // As GoTrue's transaction would: no account stays behind that its owner could never confirm.
      await db.query(`delete from auth.users where id = $1`, [user.id]);
      throw new Error('Error sending confirmation email', { cause: error });
    }
    return toUserJson(user);
  }

  /** Consumes a confirmation token: the user's id, now confirmed, or otp_expired for an unknown, used or old one. */
  async function confirm(token: string): Promise<string> {
    const userId = await db.transaction(async (tx) => {
      const found = await findOneTimeTokenForUpdate(tx, CONFIRMATION_TOKEN_TYPE, hashLinkToken(token));
      if (!found) return null;
      await tx.query(`delete from auth.one_time_tokens where user_id = $1 and token_type = $2`, [found.userId, CONFIRMATION_TOKEN_TYPE]);
      if (Date.now() > found.createdAt.getTime() + CONFIRMATION_LINK_LIFETIME_SECONDS * 1000) return null;
      await tx.query(`update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()) where id = $1`, [found.userId]);
      return found.userId;
    });
    if (!userId) throw authErrors.otpExpired();
    return userId;
  }

  return { signUp, confirm };
}
