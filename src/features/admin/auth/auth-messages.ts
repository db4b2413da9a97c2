import { AuthError } from '../../../services/errors';

export const INVALID_CREDENTIALS_MESSAGE = 'Email ou senha inválidos';
export const NO_SESSION_MESSAGE = 'Erro ao fazer login. Por favor, tente novamente.';
export const EMAIL_TAKEN_MESSAGE = 'Este email já está cadastrado';
export const WEAK_PASSWORD_MESSAGE = 'Senha fraca: use pelo menos 6 caracteres, misturando letras e números.';
export const PASSWORD_MISMATCH_MESSAGE = 'As senhas não coincidem';

/** docs/product.md §20 login errors, matched on GoTrue's code (the message as a fallback for servers that send no code). */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof AuthError) {
    if (error.code === 'invalid_credentials' || error.message === 'Invalid login credentials') return INVALID_CREDENTIALS_MESSAGE;
    if (error.code === 'no_session') return NO_SESSION_MESSAGE;
    if (error.code === 'email_not_confirmed') return 'Confirme seu email antes de entrar.';
  }
  // docs/product.md §20: other login errors are shown as they come.
  return error instanceof Error && error.message ? error.message : NO_SESSION_MESSAGE;
}

/**
 * Sign-up errors. docs/product.md §20 names 'Email already registered', a text GoTrue never sends (docs/architecture.md §5): the duplicate
 * is recognised by its code, `user_already_exists`, whatever the wording.
 */
export function registerErrorMessage(error: unknown): string {
  if (error instanceof AuthError) {
    if (error.code === 'user_already_exists' || error.code === 'email_exists' || /already registered/i.test(error.message)) {
      return EMAIL_TAKEN_MESSAGE;
    }
    if (error.code === 'weak_password') return WEAK_PASSWORD_MESSAGE;
    if (error.code === 'signup_disabled') return 'O cadastro de novas contas está desativado.';
    if (error.code === 'validation_failed' && /email/i.test(error.message)) return 'Informe um email válido.';
    if (error.code === 'over_email_send_rate_limit' || error.code === 'over_request_rate_limit') {
      return 'Muitas tentativas. Aguarde alguns minutos e tente novamente.';
    }
  }
  return 'Erro ao criar conta. Por favor, tente novamente.';
}

/** GoTrue's answers to what was typed: the form explains them, so they are expected states and not logged. */
const EXPECTED_REFUSAL_CODES = new Set(['invalid_credentials', 'email_not_confirmed', 'user_already_exists', 'email_exists', 'weak_password']);

/**
 * Whether a failed sign-in or sign-up is a refusal of what was typed (a wrong password, a taken e-mail) rather
 * than something going wrong. Refusals are shown and nothing else; anything else is also logged for the developer.
 */
export function isExpectedAuthRefusal(error: unknown): boolean {
  if (!(error instanceof AuthError)) return false;
  if (error.code && EXPECTED_REFUSAL_CODES.has(error.code)) return true;
  // Servers that send no code: the texts docs/product.md §20 names.
  return error.message === 'Invalid login credentials' || /already registered/i.test(error.message);
}

/** The e-mail field's check, as the registration form makes it: required, and something@host.tld. */
export function emailFieldError(email: string): string | undefined {
  if (!email.trim()) return 'Informe o email';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) return 'Informe um email válido';
  return undefined;
}

/**
 * A recovery request GoTrue refused for being the second within a minute: an e-mail is already on its way, so the
 * page answers as for any other request (saying otherwise would reveal that the account exists).
 */
export function isRecoveryAlreadySent(error: unknown): boolean {
  return error instanceof AuthError && error.code === 'over_email_send_rate_limit';
}

/** The server sends no e-mail (no SMTP settings, or e-mail switched off in the hosted project). */
export const RECOVERY_UNAVAILABLE_MESSAGE =
  'A recuperação de senha por e-mail não está disponível neste site. Entre em contato com a redação para redefinir sua senha.';

/** Why a recovery e-mail could not be asked for (docs/decisions/0013). */
export function recoveryRequestErrorMessage(error: unknown): string {
  if (error instanceof AuthError) {
    if (error.code === 'validation_failed' && /email/i.test(error.message)) return 'Informe um email válido';
    if (error.code === 'over_request_rate_limit') return 'Muitas tentativas. Aguarde alguns minutos e tente novamente.';
    if (error.code === 'email_provider_disabled') return RECOVERY_UNAVAILABLE_MESSAGE;
  }
  return 'Não foi possível enviar o link agora. Tente novamente em instantes.';
}

export const SAME_PASSWORD_MESSAGE = 'A nova senha precisa ser diferente da anterior.';
export const RECOVERY_SESSION_LOST_MESSAGE = 'Sua sessão de recuperação expirou. Peça um novo link para criar a senha.';

/** Why a new password was refused: GoTrue's weak_password and same_password, a recovery session that ended, ... */
export function newPasswordErrorMessage(error: unknown): string {
  if (error instanceof AuthError) {
    if (error.code === 'weak_password') return WEAK_PASSWORD_MESSAGE;
    if (error.code === 'same_password') return SAME_PASSWORD_MESSAGE;
    if (error.code === 'validation_failed' && /longer than/i.test(error.message)) return 'A senha deve ter no máximo 72 caracteres.';
    // supabase-js reports a session the server no longer knows as a missing one.
    if (error.code === 'session_not_found' || error.code === 'bad_jwt' || /session missing/i.test(error.message)) {
      return RECOVERY_SESSION_LOST_MESSAGE;
    }
  }
  return 'Erro ao salvar a nova senha. Tente novamente.';
}

/** A refused new password is the user's to fix: shown, not logged. */
export function isExpectedPasswordRefusal(error: unknown): boolean {
  return error instanceof AuthError && (error.code === 'weak_password' || error.code === 'same_password');
}

/**
 * An address GoTrue refused (an accented one the form let through), the user's to fix, or a server that sends no
 * e-mail, the newsroom's to know: shown, not logged.
 */
export function isExpectedRecoveryRefusal(error: unknown): boolean {
  return error instanceof AuthError && (error.code === 'validation_failed' || error.code === 'email_provider_disabled');
}
