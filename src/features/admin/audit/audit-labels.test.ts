import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_LABELS } from '../../../services/audit-log';
import { actionLabel, readAuditCursor, subjectLine } from './audit.route';

describe('the audit screen’s words', () => {
  it('labels every action name agreed for issue 26, those other branches write included', () => {
    const agreed = [
      'sign_in', 'role_change', 'account_rejected', 'publish', 'unpublish', 'schedule', 'delete', 'review_request', 'review_return',
      'correction', 'minor_edit', 'data_export', 'data_erasure', 'own_data_export', 'own_account_delete', 'retention_purge',
      'settings_change', 'data_lookup',
    ];
    expect(Object.keys(AUDIT_ACTION_LABELS).sort()).toEqual([...agreed].sort());
    expect(actionLabel('publish')).toBe('Publicação');
    // An action a later branch adds still shows, by its name.
    expect(actionLabel('something_new')).toBe('something_new');
  });

  it('names roles in pt-BR in a role change, and the kind of thing otherwise', () => {
    expect(subjectLine({ action: 'role_change', subject_type: 'account', summary: 'Rita: pending → reporter', detail: { from: 'pending', to: 'reporter' } })).toBe(
      'Conta: Rita: Aguardando aprovação → Repórter',
    );
    expect(subjectLine({ action: 'publish', subject_type: 'publication', summary: 'Buraco na rua', detail: {} })).toBe('Notícia: Buraco na rua');
    expect(subjectLine({ action: 'sign_in', subject_type: 'account', summary: 'Entrou no painel', detail: {} })).toBe('Entrou no painel');
  });

  it('reads the page cursor from the address, and ignores a malformed one', () => {
    expect(readAuditCursor(new URL('http://x/admin/auditoria?antes=2026-11-27T19:00:00.123%2B00:00~42'))).toEqual({
      at: '2026-11-27T19:00:00.123+00:00',
      id: 42,
    });
    expect(readAuditCursor(new URL('http://x/admin/auditoria?antes=ontem~1'))).toBeNull();
    expect(readAuditCursor(new URL('http://x/admin/auditoria'))).toBeNull();
  });
});
