import type { ProfileRole } from '../types/database';
import type { Client, DataClient } from './client';
import { ServiceError, StorageError, unwrap } from './errors';
import { NEWS_TIP_BUCKET } from './news-tips';
import type { SubscriberRow } from './newsletter/admin';

// The data subjects' rights (LGPD art. 18; docs/decisions/0039): an administrator finds, exports and erases everything
// the site holds about an e-mail address; a signed-in account exports its own data and deletes itself. The database
// functions run as the caller and write the audit log themselves ('data_lookup', 'data_export', 'data_erasure',
// 'own_data_export', 'own_account_delete').

export interface SubjectAuditEntry {
  at: string;
  action: string;
  subject_type: string;
  subject_id: string;
  summary: string;
}

export interface SubjectStory {
  id: string;
  title: string;
  published: boolean;
  created_at: string;
}

export interface SubjectAccount {
  id: string;
  name: string;
  email: string;
  role: ProfileRole;
  created_at: string;
  audit_entries: SubjectAuditEntry[];
  authored_stories: SubjectStory[];
  /** Asked for the weekly audience summary by e-mail (since when), or null. */
  weekly_audience_summary: WeeklySummaryChoice | null;
}

export interface WeeklySummaryChoice {
  since: string;
}

export interface SubjectMediaKitRequest {
  id: string;
  name: string;
  company: string;
  email: string;
  phone: string;
  interest: string;
  message: string | null;
  created_at: string;
  handled_at: string | null;
}

export type SubjectNewsletterSubscription = SubscriberRow;

export interface SubjectNewsTip {
  id: string;
  what_happened: string;
  place: string;
  sender_name: string | null;
  sender_contact: string | null;
  consent_text: string;
  consented_at: string;
  photo_paths: string[];
  status: string;
  created_at: string;
  handled_at: string | null;
}

/** A Pix code a supporter was shown, with the name and e-mail they gave (decision 0054). */
export interface SubjectSupportIntent {
  id: string;
  txid: string;
  amount_cents: number;
  supporter_name: string | null;
  supporter_email: string | null;
  consent_text: string | null;
  monthly: boolean;
  status: string;
  created_at: string;
  received_at: string | null;
}

/** Everything about one address, as public.data_subject_lookup returns it. */
export interface DataSubjectReport {
  email: string;
  account: SubjectAccount | null;
  media_kit_requests: SubjectMediaKitRequest[];
  newsletter_subscription: SubjectNewsletterSubscription | null;
  news_tips: SubjectNewsTip[];
  support_intents: SubjectSupportIntent[];
  /** A monthly supporter's reminder, or null. */
  support_reminder: { amount_cents: number; next_at: string; consent_text: string } | null;
  exported_at?: string;
}

export interface ErasureCounts {
  media_kit_requests: number;
  newsletter_subscription: boolean;
  news_tips: number;
  account: boolean;
  support_intents: number;
  support_reminder: boolean;
}

/** A signed-in account's own data, as public.own_data_export returns it. */
export interface OwnDataExport {
  profile: { id: string; name: string; email: string; role: ProfileRole; created_at: string } | null;
  audit_entries: SubjectAuditEntry[];
  authored_stories: SubjectStory[];
  weekly_audience_summary: WeeklySummaryChoice | null;
  exported_at: string;
}

/** Nothing about the address: the screen says so rather than showing empty sections. */
export function isEmptyReport(report: DataSubjectReport): boolean {
  return !report.account && !report.newsletter_subscription && report.media_kit_requests.length === 0 && report.news_tips.length === 0 &&
    report.support_intents.length === 0 && !report.support_reminder;
}

export const isNotAdministrator = (error: unknown): boolean => error instanceof ServiceError && error.code === '42501';
export const isInvalidSubjectEmail = (error: unknown): boolean =>
  error instanceof ServiceError && error.code === '22023' && error.message.includes('data_rights_invalid_email');
export const isLastAdministrator = (error: unknown): boolean => error instanceof ServiceError && error.code === 'PF006';

export async function lookupDataSubject(client: DataClient, email: string): Promise<DataSubjectReport> {
  return unwrap(await client.rpc('data_subject_lookup', { email: email.trim() })) as unknown as DataSubjectReport;
}

export async function exportDataSubject(client: DataClient, email: string): Promise<DataSubjectReport> {
  return unwrap(await client.rpc('data_subject_export', { email: email.trim() })) as unknown as DataSubjectReport;
}

/** `value` inside an ILIKE pattern, its wildcards taken literally. */
const likeLiteral = (value: string): string => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Erases everything about an address. The tips' photos go first, through the Storage API (objects are never deleted
 * by SQL): every object in each matching tip's folder. The database then refuses while any named photo is still
 * stored (PF007), so a failure part-way is finished by erasing again; nothing is left half done unnoticed.
 */
export async function eraseDataSubject(client: Client, email: string): Promise<ErasureCounts> {
  const address = email.trim().toLowerCase();
  const tips = unwrap(
    await client
      .from('news_tips')
      .select('id,photo_folder,photo_paths')
      .ilike('sender_contact', `%${likeLiteral(address)}%`)
      .limit(100),
  );
  const bucket = client.storage.from(NEWS_TIP_BUCKET);
  const names = new Set<string>();
  for (const tip of tips) {
    for (const path of tip.photo_paths) names.add(path);
    if (tip.photo_folder) {
      const { data: listed, error } = await bucket.list(tip.photo_folder, { limit: 100 });
      if (error) throw new StorageError(error.message, { cause: error });
      for (const entry of listed) if (entry.id) names.add(`${tip.photo_folder}/${entry.name}`);
    }
  }
  if (names.size > 0) {
    const { error } = await bucket.remove([...names]);
    if (error) throw new StorageError(error.message, { cause: error });
  }
  return unwrap(await client.rpc('data_subject_erase', { email: address })) as unknown as ErasureCounts;
}

export async function exportOwnData(client: DataClient): Promise<OwnDataExport> {
  return unwrap(await client.rpc('own_data_export')) as unknown as OwnDataExport;
}

/** Deletes the signed-in account (never the last administrator: PF006). The caller then signs out. */
export async function deleteOwnAccount(client: DataClient): Promise<void> {
  const { error, status } = await client.rpc('delete_own_account');
  if (error) throw new ServiceError(error.message, { code: error.code, status, details: error.details, cause: error });
}

/** A report as the file an administrator or an account downloads: indented JSON, named after what it is. */
export function reportFileName(kind: 'titular' | 'minha-conta', at: Date = new Date()): string {
  return `dados-${kind}-${at.toISOString().slice(0, 10)}.json`;
}
