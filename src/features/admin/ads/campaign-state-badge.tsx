import type { CampaignState } from '../../../types/database';
import { CAMPAIGN_STATE_LABELS } from '../../../lib/ad-figures';
import { formatDate } from '../../../lib/dates';
import { campaignSchedule } from './campaign-schedule';

const TONES: Record<CampaignState, string> = {
  ativa: 'bg-green-100 text-green-800',
  pausada: 'bg-amber-100 text-amber-900',
  encerrada: 'bg-slate-200 text-slate-800',
};

/**
 * The campaign's state as the newsroom set it, and for an active one whether readers see it today: a campaign that
 * starts next week is 'Ativa' but not on the site yet, and the list must not let that look like a fault.
 */
export function CampaignStateBadge({ campaign, today }: { campaign: { state: CampaignState; starts_on: string; ends_on: string }; today: string }) {
  const schedule = campaignSchedule(campaign, today);
  return (
    <span className="flex flex-col items-start gap-1">
      <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONES[campaign.state]}`}>{CAMPAIGN_STATE_LABELS[campaign.state]}</span>
      {schedule === 'no-ar' && <span className="text-xs text-slate-600">No ar hoje</span>}
      {schedule === 'agendada' && <span className="text-xs text-slate-600">Começa em {formatDate(campaign.starts_on)}</span>}
      {schedule === 'terminada' && <span className="text-xs text-slate-600">Terminou em {formatDate(campaign.ends_on)}</span>}
    </span>
  );
}
