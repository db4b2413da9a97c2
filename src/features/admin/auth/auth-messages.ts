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
 * Sign-up errors. docs/product.md §20 names 'Email already registered', a text GoTrue never sends (docs/architecture.md §4): the duplicate
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
