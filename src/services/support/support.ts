import type { DataClient } from '../client';
import { ServiceError, unwrap, unwrapOptional } from '../errors';

// Reader support with Pix (docs/decisions/0054): what '/apoie' and its code page read, and the one writer of an
// intent. The receiver's key, name and city are read here from the newsroom's settings and nowhere else.

/** The settings as the site reads them; the key is printed in every code shown, so anyone may read it. */
export interface SupportSettings {
  pixKey: string | null;
  receiverName: string;
  receiverCity: string;
  pageText: string;
  monthlyGoalCents: number | null;
  showProgress: boolean;
}

const SETTINGS_COLUMNS = 'pix_key,receiver_name,receiver_city,page_text,monthly_goal_cents,show_progress';

const EMPTY_SUPPORT_SETTINGS: SupportSettings = {
  pixKey: null,
  receiverName: '',
  receiverCity: '',
  pageText: '',
  monthlyGoalCents: null,
  showProgress: false,
};

/** Whether the newsroom can receive: a key, a name and a city. Without them no code is ever shown. */
export function supportIsOpen(settings: SupportSettings): boolean {
  return settings.pixKey !== null && settings.receiverName !== '' && settings.receiverCity !== '';
}

export async function getSupportSettings(client: DataClient): Promise<SupportSettings> {
  const row = unwrapOptional(await client.from('support_settings').select(SETTINGS_COLUMNS).maybeSingle());
  if (!row) return EMPTY_SUPPORT_SETTINGS;
  return {
    pixKey: row.pix_key,
    receiverName: row.receiver_name,
    receiverCity: row.receiver_city,
    pageText: row.page_text,
    monthlyGoalCents: row.monthly_goal_cents,
    showProgress: row.show_progress,
  };
}

/** This month's received total in centavos when the newsroom shows its progress; null otherwise. */
export async function getMonthProgress(client: DataClient): Promise<number | null> {
  const total = unwrapOptional(await client.rpc('support_month_progress'));
  return typeof total === 'number' ? total : total === null ? null : Number(total);
}

export interface SupportIntentCode {
  txid: string;
  amountCents: number;
  status: 'pendente' | 'recebido' | 'expirado';
  monthly: boolean;
  createdAt: string;
}

/** A transaction id as the site writes it (25 letters and digits): anything else names no code and is not sent. */
const TXID_PATTERN = /^[A-Za-z0-9]{25}$/;

function isIntentCode(value: unknown): value is { txid: string; amount_cents: number; status: SupportIntentCode['status']; monthly: boolean; created_at: string } {
  return typeof value === 'object' && value !== null && 'txid' in value && 'amount_cents' in value;
}

/** The amount and state of the code with this transaction id (never a name or an e-mail); null: no such code. */
export async function getSupportIntentCode(client: DataClient, txid: string): Promise<SupportIntentCode | null> {
  if (!TXID_PATTERN.test(txid)) return null;
  const found: unknown = unwrapOptional(await client.rpc('support_intent_code', { txid }));
  if (!isIntentCode(found)) return null;
  return { txid: found.txid, amountCents: found.amount_cents, status: found.status, monthly: found.monthly, createdAt: found.created_at };
}

export interface SupportIntentInput {
  amountCents: number;
  name: string;
  email: string;
  /** The consent line shown beside the fields, word for word; sent only with a name or an e-mail. */
  consentText: string;
  monthly: boolean;
  /** The reader's address as the site's server saw it (honoured for the service key only: the rate limit's key). */
  clientAddress?: string | null;
}

export type SupportIntentError = 'rate_limited' | 'invalid_amount' | 'invalid_email' | 'invalid_name' | 'consent_missing' | 'not_open';

/** The input refusals (22023), told apart by the function's message as the data-rights service does. */
const INPUT_ERRORS: Record<string, SupportIntentError> = {
  support_invalid_amount: 'invalid_amount',
  support_invalid_email: 'invalid_email',
  support_invalid_name: 'invalid_name',
  support_consent_missing: 'consent_missing',
};

/** Which of the intent function's refusals an error is, or null for any other failure. */
export function supportIntentError(error: unknown): SupportIntentError | null {
  if (!(error instanceof ServiceError)) return null;
  if (error.code === 'PT429' || error.status === 429) return 'rate_limited';
  if (error.code === 'PF010') return 'not_open';
  if (error.code === '22023') return INPUT_ERRORS[error.message] ?? null;
  return null;
}

/** Records a code about to be shown and returns its transaction id: the only way an intent is written. */
export async function createSupportIntent(client: DataClient, input: SupportIntentInput): Promise<{ txid: string; amountCents: number }> {
  const withData = input.name.trim() !== '' || input.email.trim() !== '';
  const created: unknown = unwrap(
    await client.rpc('support_intent_create', {
      amount_cents: input.amountCents,
      supporter_name: input.name.trim() || undefined,
      supporter_email: input.email.trim() || undefined,
      consent_text: withData ? input.consentText : undefined,
      monthly: input.monthly,
      client_address: input.clientAddress ?? undefined,
    }),
  );
  if (!isIntentCode(created)) throw new ServiceError('support_intent_create answered without a transaction id');
  return { txid: created.txid, amountCents: created.amount_cents };
}

/** Stops a monthly reminder by its e-mailed token: true when one was stopped (false: already stopped, or unknown). */
export async function stopSupportReminder(client: DataClient, token: string): Promise<boolean> {
  return unwrap(await client.rpc('support_reminder_stop', { token })) === true;
}
