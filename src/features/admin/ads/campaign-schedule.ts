import type { CampaignState } from '../../../types/database';

/** Where an active campaign stands against São Paulo's today: on the site, not yet, or past its last day. */
export type CampaignSchedule = 'no-ar' | 'agendada' | 'terminada' | 'parada';

export function campaignSchedule(campaign: { state: CampaignState; starts_on: string; ends_on: string }, today: string): CampaignSchedule {
  if (campaign.state !== 'ativa') return 'parada';
  if (campaign.starts_on > today) return 'agendada';
  if (campaign.ends_on < today) return 'terminada';
  return 'no-ar';
}
