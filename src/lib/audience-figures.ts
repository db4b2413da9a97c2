import type { ReadDepth, VitalMetric } from '../services/audience';

// How the audience figures are named and rated in pt-BR, for the 'Audiência' screen, the story's panel and the
// weekly summary e-mail alike (docs/decisions/0053).

const SOURCE_LABELS: Record<string, string> = {
  whatsapp: 'WhatsApp',
  facebook: 'Facebook',
  instagram: 'Instagram',
  x: 'X (Twitter)',
  'google-search': 'Busca do Google',
  'google-discover': 'Google Discover',
  'google-news': 'Google Notícias',
  search: 'Outros buscadores',
  digest: 'Newsletter (resumo diário)',
  campaign: 'Outras campanhas',
  site: 'Outros sites',
  direct: 'Acesso direto',
};

/** A source as a newsroom names it; an unknown one as it came. */
export function sourceLabel(source: string): string {
  return SOURCE_LABELS[source] ?? source;
}

const DEVICE_LABELS: Record<string, string> = { mobile: 'Celular', tablet: 'Tablet', desktop: 'Computador' };

export function deviceLabel(device: string): string {
  return DEVICE_LABELS[device] ?? device;
}

const PAGE_TYPE_LABELS: Record<string, string> = {
  home: 'Página inicial',
  topic: 'Tópico',
  article: 'Matéria',
  'external-article': 'Matéria de outro veículo',
  obituaries: 'Obituários',
  obituary: 'Obituário',
  jobs: 'Vagas',
  job: 'Vaga',
  search: 'Busca',
  advertising: 'Anuncie',
  'tip-line': 'Envie sua pauta',
  privacy: 'Privacidade',
  accessibility: 'Acessibilidade',
  corrections: 'Correções',
  support: 'Apoie',
};

/** A reader page's id (src/app/route-table.ts) as the newsroom calls it. */
export function pageTypeLabel(pageType: string): string {
  return PAGE_TYPE_LABELS[pageType] ?? pageType;
}

const PERIOD_LABELS: Record<number, string> = { 1: 'Hoje', 7: 'Últimos 7 dias', 30: 'Últimos 30 dias' };

export function periodLabel(days: number): string {
  return PERIOD_LABELS[days] ?? `Últimos ${days} dias`;
}

const counts = new Intl.NumberFormat('pt-BR');
const percents = new Intl.NumberFormat('pt-BR', { style: 'percent', maximumFractionDigits: 0 });

export function formatCount(value: number): string {
  return counts.format(value);
}

/** A share as '42%'; '—' when there is nothing to divide by. */
export function formatShare(part: number, whole: number): string {
  return whole > 0 ? percents.format(part / whole) : '—';
}

/**
 * The average share of the text read, 0 to 100: a visit that read to 50% counts in the 25% and 50% marks, so each
 * mark a visit passed is a quarter of the text. Null without views.
 */
export function averageDepth(depth: ReadDepth, views: number): number | null {
  if (views <= 0) return null;
  return Math.min(100, (25 * (depth.read25 + depth.read50 + depth.read75 + depth.read100)) / views);
}

export function formatDepth(depth: ReadDepth, views: number): string {
  const average = averageDepth(depth, views);
  return average === null ? '—' : `${Math.round(average)}%`;
}

/** Web Vitals' thresholds (web.dev): good at or under the first, poor over the second. */
const THRESHOLDS: Record<VitalMetric, readonly [number, number]> = { LCP: [2500, 4000], INP: [200, 500], CLS: [0.1, 0.25] };

export type VitalRating = 'good' | 'needs-improvement' | 'poor';

export function rateVital(metric: VitalMetric, value: number): VitalRating {
  const [good, poor] = THRESHOLDS[metric];
  return value <= good ? 'good' : value <= poor ? 'needs-improvement' : 'poor';
}

export const RATING_LABELS: Record<VitalRating, string> = { good: 'Bom', 'needs-improvement': 'Precisa melhorar', poor: 'Ruim' };

/** LCP and INP in seconds or milliseconds as read at a glance; CLS with two decimals. */
export function formatVital(metric: VitalMetric, value: number | null): string {
  if (value === null) return '—';
  if (metric === 'CLS') return value.toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  if (metric === 'LCP') return `${(value / 1000).toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} s`;
  return `${counts.format(Math.round(value))} ms`;
}

export const METRIC_LABELS: Record<VitalMetric, string> = {
  LCP: 'LCP (maior conteúdo visível)',
  INP: 'INP (resposta ao toque)',
  CLS: 'CLS (estabilidade do layout)',
};

/**
 * A table as CSV for a spreadsheet in Brazil, as the campaigns' report does (src/lib/ad-figures.ts): semicolons
 * between fields, a byte-order mark so Excel reads the accents, fields quoted as RFC 4180 says and a leading =, +, -
 * or @ defused so no cell runs as a formula (a story's title is the newsroom's text, not a formula).
 */
export function tableCsv(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const field = (value: string | number): string => {
    const text = String(value);
    if (typeof value === 'number') return text;
    const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
    return /[";\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
  };
  return `\uFEFF${[header, ...rows].map((row) => row.map(field).join(';')).join('\r\n')}\r\n`;
}
