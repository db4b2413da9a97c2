import type { SupportIntentRow } from '../../../services/support/support-admin';

// The 'Apoios' list as a spreadsheet, for the newsroom's accounts: UTF-8 with a BOM, RFC 4180 quoting, and a leading
// =, +, - or @ defused so no cell runs as a formula (as the digest's export does).

const HEADER = ['identificador', 'valor', 'situacao', 'criado_em', 'recebido_em', 'nome', 'email', 'mensal'];

function field(value: string | null): string {
  const text = value ?? '';
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n;]/.test(safe) || safe !== text ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function supportCsv(rows: readonly SupportIntentRow[]): string {
  const lines = rows.map((row) =>
    [row.txid, (row.amountCents / 100).toFixed(2), row.status, row.createdAt, row.receivedAt, row.supporterName, row.supporterEmail, row.monthly ? 'sim' : 'nao']
      .map(field)
      .join(','),
  );
  return `\uFEFF${[HEADER.join(','), ...lines].join('\r\n')}\r\n`;
}
