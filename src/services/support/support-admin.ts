import type { DataClient } from '../client';
import { ServiceError, unwrap } from '../errors';
import type { SupportSettings } from './support';

// The newsroom's side of reader support (docs/decisions/0054): the settings (administrators), the 'Apoios' list with
// its search and month totals, and marking a payment received (editors and administrators; the database decides).

export type SupportIntentStatus = 'pendente' | 'recebido' | 'expirado';

export interface SupportIntentRow {
  id: string;
  txid: string;
  amountCents: number;
  supporterName: string | null;
  supporterEmail: string | null;
  monthly: boolean;
  status: SupportIntentStatus;
  createdAt: string;
  receivedAt: string | null;
}

/** What the screen filters by, as the bank statement shows a payment: its id, its amount, its day (São Paulo). */
export interface SupportIntentFilter {
  status: SupportIntentStatus | 'todos';
  /** Part of a transaction id (letters and digits only). */
  txid?: string;
  amountCents?: number | null;
  /** A São Paulo calendar day, yyyy-mm-dd. */
  day?: string | null;
}

/** The list shows at most this many rows, newest first: the (status, created_at, id) index serves it. */
export const SUPPORT_LIST_LIMIT = 200;

const INTENT_COLUMNS = 'id,txid,amount_cents,supporter_name,supporter_email,monthly,status,created_at,received_at';

type IntentRecord = {
  id: string;
  txid: string;
  amount_cents: number;
  supporter_name: string | null;
  supporter_email: string | null;
  monthly: boolean;
  status: string;
  created_at: string;
  received_at: string | null;
};

function fromRecord(row: IntentRecord): SupportIntentRow {
  return {
    id: row.id,
    txid: row.txid,
    amountCents: row.amount_cents,
    supporterName: row.supporter_name,
    supporterEmail: row.supporter_email,
    monthly: row.monthly,
    status: row.status as SupportIntentStatus,
    createdAt: row.created_at,
    receivedAt: row.received_at,
  };
}

/** The start of a São Paulo day (UTC−3 all year since 2019) as an instant, and the next day's. */
export function saoPauloDayBounds(day: string): { from: string; to: string } {
  const start = new Date(`${day}T00:00:00-03:00`);
  const end = new Date(start.getTime() + 24 * 60 * 60 * 1000);
  return { from: start.toISOString(), to: end.toISOString() };
}

export async function listSupportIntents(client: DataClient, filter: SupportIntentFilter, limit = SUPPORT_LIST_LIMIT): Promise<SupportIntentRow[]> {
  let query = client.from('support_intents').select(INTENT_COLUMNS);
  if (filter.status !== 'todos') query = query.eq('status', filter.status);
  const txid = (filter.txid ?? '').replace(/[^A-Za-z0-9]/g, '').toUpperCase();
  if (txid) query = query.ilike('txid', `%${txid}%`);
  if (filter.amountCents) query = query.eq('amount_cents', filter.amountCents);
  if (filter.day) {
    const { from, to } = saoPauloDayBounds(filter.day);
    query = query.gte('created_at', from).lt('created_at', to);
  }
  const rows = unwrap(await query.order('created_at', { ascending: false }).order('id', { ascending: false }).limit(limit));
  return rows.map(fromRecord);
}

/** Marks a payment received (true; false when it already was). The thank-you e-mail follows from the host's job. */
export async function markSupportReceived(client: DataClient, intentId: string): Promise<boolean> {
  return unwrap(await client.rpc('support_intent_mark_received', { intent_id: intentId })) === true;
}

export interface MonthTotal {
  /** yyyy-mm, São Paulo. */
  month: string;
  receivedCents: number;
  receivedCount: number;
}

/** The received totals of the last `months` months (São Paulo), newest first; the partial index on received_at serves it. */
export async function supportMonthTotals(client: DataClient, now: Date, months = 6): Promise<MonthTotal[]> {
  const local = new Date(now.getTime() - 3 * 60 * 60 * 1000);
  const firstMonth = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() - (months - 1), 1));
  const since = saoPauloDayBounds(firstMonth.toISOString().slice(0, 10)).from;
  const rows = unwrap(
    await client.from('support_intents').select('amount_cents,received_at').eq('status', 'recebido').gte('received_at', since).order('received_at').limit(5000),
  );
  const totals = new Map<string, MonthTotal>();
  for (let index = 0; index < months; index += 1) {
    const month = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() - index, 1)).toISOString().slice(0, 7);
    totals.set(month, { month, receivedCents: 0, receivedCount: 0 });
  }
  for (const row of rows) {
    if (!row.received_at) continue;
    const month = new Date(new Date(row.received_at).getTime() - 3 * 60 * 60 * 1000).toISOString().slice(0, 7);
    const total = totals.get(month);
    if (total) {
      total.receivedCents += row.amount_cents;
      total.receivedCount += 1;
    }
  }
  return [...totals.values()];
}

/** What the settings form saves: the settings as the site reads them, the key already normalised to what the BR Code
 * carries (pix-key.ts); a null key closes support. */
export type SupportSettingsInput = SupportSettings;

/** Saves the settings (administrators only: the policy). Anyone else changes nothing and hears 42501. */
export async function saveSupportSettings(client: DataClient, input: SupportSettingsInput): Promise<SupportSettings> {
  const rows = unwrap(
    await client
      .from('support_settings')
      .update({
        pix_key: input.pixKey,
        receiver_name: input.receiverName,
        receiver_city: input.receiverCity,
        page_text: input.pageText,
        monthly_goal_cents: input.monthlyGoalCents,
        show_progress: input.showProgress,
      })
      .eq('only_row', true)
      .select('pix_key,receiver_name,receiver_city,page_text,monthly_goal_cents,show_progress'),
  );
  const saved = rows[0];
  if (!saved) throw new ServiceError('only administrators can change the support settings', { code: '42501', status: 403 });
  return {
    pixKey: saved.pix_key,
    receiverName: saved.receiver_name,
    receiverCity: saved.receiver_city,
    pageText: saved.page_text,
    monthlyGoalCents: saved.monthly_goal_cents,
    showProgress: saved.show_progress,
  };
}
