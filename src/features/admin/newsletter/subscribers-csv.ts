import type { DigestSubscriber } from '../../../services/newsletter/admin';

// The export a newsroom takes to another tool or keeps as the consent record: one row per confirmed address, with
// what they agreed to, where and when. UTF-8 with a BOM so spreadsheet apps read the accents; fields quoted as
// RFC 4180 says, and a leading =, +, - or @ defused so no cell runs as a formula.

const HEADER = ['email', 'confirmado_em', 'consentimento_em', 'pagina', 'texto_do_consentimento'];

function field(value: string | null): string {
  const text = value ?? '';
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n;]/.test(safe) || safe !== text ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function subscribersCsv(subscribers: readonly DigestSubscriber[]): string {
  const rows = subscribers.map((s) => [s.email, s.confirmedAt, s.consentedAt, s.consentPage, s.consentText].map(field).join(','));
  return `\uFEFF${[HEADER.join(','), ...rows].join('\r\n')}\r\n`;
}

/** The file's name, with the São Paulo day it was taken. */
export function csvFileName(day: string): string {
  return `newsletter-inscritos-${day}.csv`;
}
