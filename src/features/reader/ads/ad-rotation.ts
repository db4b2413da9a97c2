import { servingCampaigns, type ServingCampaign } from '../../../services/ad-campaigns';
import type { AdSpace } from '../../../types/database';
import type { ReaderSources } from '../reader-sources';

/** What a page shows in a banner space: a campaign's creative, or null for the placeholder 'Espaço Publicitário'. */
export type AdPick = ServingCampaign | null;

/**
 * One campaign among those serving in a space, each equally likely, so every advertiser of a space gets its share of
 * the pages. `keep` is the one a page already shows (a revisit in the reader's browser): while it still serves, it stays,
 * so a refreshed page never swaps the creative under the reader's eyes.
 */
export function pickCampaign(serving: readonly ServingCampaign[], keep: AdPick = null, random: () => number = Math.random): AdPick {
  if (serving.length === 0) return null;
  const kept = keep && serving.find((campaign) => campaign.id === keep.id);
  if (kept) return kept;
  return serving[Math.min(serving.length - 1, Math.floor(random() * serving.length))] ?? null;
}

/**
 * A space's creative for a page. Never rejects: an advert that cannot be read leaves its placeholder, and the server's
 * render, which fails when any of its data fails, still renders the page.
 */
export function loadAdPick(sources: ReaderSources, space: AdSpace, keep: AdPick = null): Promise<AdPick> {
  if (sources.rendering === 'build') return Promise.resolve(null);
  return Promise.resolve()
    .then(() => servingCampaigns(sources.client(), space))
    .then(
      (serving) => pickCampaign(serving, keep),
      (error: unknown) => {
        console.error(`Reading the campaigns of ${space} failed`, error);
        return null;
      },
    );
}
