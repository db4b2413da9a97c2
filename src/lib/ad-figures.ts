import type { AdSpace, CampaignState } from '../types/database';

// How advertising is named and counted on screen, for the newsroom and the advertiser alike.

/** The spaces as the advertising page sells them (docs/product.md, 'Anuncie'). */
export const AD_SPACE_LABELS: Record<AdSpace, string> = {
  'banner-principal': 'Banner Principal',
  'banner-lateral': 'Banner Lateral',
  'banner-materia': 'Banner em Matéria',
};

export const CAMPAIGN_STATE_LABELS: Record<CampaignState, string> = {
  ativa: 'Ativa',
  pausada: 'Pausada',
  encerrada: 'Encerrada',
};

const counts = new Intl.NumberFormat('pt-BR');
const rates = new Intl.NumberFormat('pt-BR', { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 12.345 */
export function formatCount(value: number): string {
  return counts.format(value);
}

/** Clicks per impression as a percentage, '2,35%'; '—' before the first impression. */
export function formatClickThroughRate(rate: number | null): string {
  return rate === null ? '—' : rates.format(rate);
}

/** A day's click-through rate, or null without impressions. */
export function clickThroughRate(impressions: number, clicks: number): number | null {
  return impressions > 0 ? clicks / impressions : null;
}

interface FigureDay {
  day: string;
  impressions: number;
  clicks: number;
}

/**
 * A campaign's figures as CSV for a spreadsheet in Brazil: semicolons between fields (the comma is the decimal mark),
 * ISO days, plain counts, the rate as '2,35%', a 'Total' line, and a byte-order mark so Excel reads the accents.
 */
export function campaignCsv(days: readonly FigureDay[]): string {
  const line = (label: string, impressions: number, clicks: number) =>
    [label, String(impressions), String(clicks), formatClickThroughRate(clickThroughRate(impressions, clicks))].join(';');
  const total = days.reduce((sum, day) => ({ impressions: sum.impressions + day.impressions, clicks: sum.clicks + day.clicks }), {
    impressions: 0,
    clicks: 0,
  });
  const rows = [
    'Dia;Impressões;Cliques;CTR',
    ...days.map((day) => line(day.day, day.impressions, day.clicks)),
    line('Total', total.impressions, total.clicks),
  ];
  return `\uFEFF${rows.join('\r\n')}\r\n`;
}
