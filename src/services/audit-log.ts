import type { Row } from '../types/database';
import type { DataClient } from './client';
import { unwrap } from './errors';

// The audit log ('Auditoria', docs/decisions/0037): who did what and when, written by the database alone, read by
// administrators (row-level security shows anyone else no row). Only the admin's lazy chunk imports this module.

export type AuditEntry = Pick<Row<'audit_log'>, 'id' | 'at' | 'actor_name' | 'action' | 'subject_type' | 'subject_id' | 'summary' | 'detail'>;

/**
 * Every action name the database writes, agreed across the branches of issue 26, with the screen's label. An action
 * not listed here (a later branch's) still shows, by its name.
 */
export const AUDIT_ACTION_LABELS = {
  sign_in: 'Entrada no painel',
  role_change: 'Mudança de papel',
  account_rejected: 'Cadastro recusado',
  publish: 'Publicação',
  unpublish: 'Despublicação',
  schedule: 'Agendamento',
  delete: 'Exclusão',
  review_request: 'Enviada para revisão',
  review_return: 'Devolvida ao repórter',
  correction: 'Correção',
  minor_edit: 'Ajuste sem correção',
  data_lookup: 'Consulta de dados pessoais',
  data_export: 'Exportação de dados pessoais',
  data_erasure: 'Exclusão de dados pessoais',
  own_data_export: 'Exportação dos próprios dados',
  own_account_delete: 'Exclusão da própria conta',
  retention_purge: 'Limpeza por prazo de guarda',
  settings_change: 'Mudança de configuração',
} as const satisfies Record<string, string>;

export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;

export function isAuditAction(value: string): value is AuditAction {
  return Object.hasOwn(AUDIT_ACTION_LABELS, value);
}

/** What the entry is about, in the screen's words. */
export const AUDIT_SUBJECT_LABELS: Readonly<Record<string, string>> = {
  publication: 'Notícia',
  obituary: 'Obituário',
  job: 'Vaga',
  ad_campaign: 'Campanha',
  account: 'Conta',
  // The privacy branch's subjects (decision 0039).
  data_subject: 'Titular',
  site_settings: 'Configurações',
  retention: 'Prazo de guarda',
};

export const AUDIT_PAGE_SIZE = 50;

/** Where a page of the log starts: after this entry (the last one of the page before), newest first. */
export interface AuditCursor {
  at: string;
  id: number;
}

/**
 * One page of the log, newest first, optionally of one action: keyset on (at, id) so every page costs the same,
 * served by audit_log_at_idx (all actions) or audit_log_action_at_idx (one action). `next` is where the following
 * page starts, null on the last.
 */
export async function listAuditLog(
  client: DataClient,
  { action, after, pageSize = AUDIT_PAGE_SIZE }: { action?: AuditAction | null; after?: AuditCursor | null; pageSize?: number } = {},
): Promise<{ rows: AuditEntry[]; next: AuditCursor | null }> {
  let request = client.from('audit_log').select('id,at,actor_name,action,subject_type,subject_id,summary,detail');
  if (action) request = request.eq('action', action);
  // (at, id) < (after.at, after.id), as PostgREST filters say it.
  if (after) request = request.or(`at.lt.${after.at},and(at.eq.${after.at},id.lt.${after.id})`);
  const rows = unwrap(
    await request.order('at', { ascending: false }).order('id', { ascending: false }).limit(pageSize + 1),
  );
  const page = rows.slice(0, pageSize);
  const last = page.at(-1);
  return { rows: page, next: rows.length > pageSize && last ? { at: last.at, id: last.id } : null };
}
