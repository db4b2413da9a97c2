import type { DataClient } from '../client';
import { check, unwrap } from '../errors';

// The host's side of reader support (docs/decisions/0054), with the service key: the thank-you e-mails, the monthly
// reminders with a fresh code, and the hourly expiry and retention.

export interface ThankYouDue {
  intentId: string;
  email: string;
  name: string | null;
  amountCents: number;
  txid: string;
}

export interface ReminderDue {
  reminderId: string;
  email: string;
  name: string | null;
  amountCents: number;
  /** The fresh code's transaction id (a new pending intent). */
  txid: string;
  stopToken: string;
}

export async function claimSupportThanks(service: DataClient, max = 20): Promise<ThankYouDue[]> {
  const rows = unwrap(await service.rpc('support_claim_thanks', { max_count: max }));
  return rows.map((row) => ({ intentId: row.intent_id, email: row.email, name: row.supporter_name, amountCents: row.amount_cents, txid: row.txid }));
}

export async function markSupportThanked(service: DataClient, intentId: string): Promise<void> {
  check(await service.rpc('support_mark_thanked', { intent_id: intentId }));
}

export async function claimDueSupportReminders(service: DataClient, max = 20): Promise<ReminderDue[]> {
  const rows = unwrap(await service.rpc('support_claim_due_reminders', { max_count: max }));
  return rows.map((row) => ({
    reminderId: row.reminder_id,
    email: row.email,
    name: row.supporter_name,
    amountCents: row.amount_cents,
    txid: row.txid,
    stopToken: row.stop_token,
  }));
}

export interface SupportUpkeepCounts {
  expirados: number;
  apagados: number;
  anonimizados: number;
}

export async function runSupportUpkeep(service: DataClient): Promise<SupportUpkeepCounts> {
  const counts = unwrap(await service.rpc('support_upkeep')) as Partial<SupportUpkeepCounts> | null;
  return { expirados: counts?.expirados ?? 0, apagados: counts?.apagados ?? 0, anonimizados: counts?.anonimizados ?? 0 };
}
