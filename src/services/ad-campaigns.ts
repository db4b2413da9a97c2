import type { AdSpace, CampaignState, InsertRow, Row } from '../types/database';
import { isUuid } from '../lib/uuid';
import type { DataClient } from './client';
import { NotFoundError, check, unwrap, unwrapOptional } from './errors';

// Advertising sold directly (supabase/migrations/20261127090000_ad_campaigns.sql): the reader's banner, the counting
// of what readers see and follow, and the newsroom's campaigns with their figures and the advertiser's report link.

export const AD_SPACES: readonly AdSpace[] = ['banner-principal', 'banner-lateral', 'banner-materia'];
export const CAMPAIGN_STATES: readonly CampaignState[] = ['ativa', 'pausada', 'encerrada'];

/** The pixels each space's creative must have, and its phone variant's (null: the space needs none). */
export const AD_SPACE_SIZES: Record<AdSpace, { width: number; height: number; phone: { width: number; height: number } | null }> = {
  'banner-principal': { width: 970, height: 250, phone: { width: 320, height: 100 } },
  'banner-lateral': { width: 300, height: 600, phone: null },
  'banner-materia': { width: 728, height: 90, phone: { width: 320, height: 50 } },
};

/** The most a creative may weigh: the 'ads' bucket's limit. */
export const AD_CREATIVE_MAX_BYTES = 150 * 1024;

/** What a reader's page needs to show a campaign: the only columns readers may read. */
export type ServingCampaign = Pick<
  Row<'ad_campaigns'>,
  'id' | 'space' | 'image_url' | 'image_width' | 'image_height' | 'mobile_image_url' | 'mobile_image_width' | 'mobile_image_height' | 'alt_text' | 'target_url'
> & { space: AdSpace };

const SERVING_COLUMNS =
  'id,space,image_url,image_width,image_height,mobile_image_url,mobile_image_width,mobile_image_height,alt_text,target_url';
/** A space rotates among at most this many campaigns at once; more would be a sales error, not a page to render. */
const SERVING_LIMIT = 20;

/** The campaigns serving now in a space (the database keeps paused, ended and future ones from readers). */
export async function servingCampaigns(client: DataClient, space: AdSpace): Promise<ServingCampaign[]> {
  const rows = unwrap(
    await client.from('ad_campaigns').select(SERVING_COLUMNS).eq('space', space).order('id').limit(SERVING_LIMIT),
  );
  return rows.map((row) => ({ ...row, space }));
}

export type AdEventKind = 'impression' | 'click';

/** Counts what a reader saw or followed; the database decides whether it counts (once per client per hour, no crawler). */
export async function countAdEvent(client: DataClient, campaignId: string, kind: AdEventKind): Promise<void> {
  check(await client.rpc('count_ad_event', { campaign_id: campaignId, kind }));
}

export interface CampaignDay {
  day: string;
  impressions: number;
  clicks: number;
}

export interface CampaignFigures {
  days: CampaignDay[];
  impressions: number;
  clicks: number;
  /** Clicks per impression, 0–1; null before the first impression. */
  clickThroughRate: number | null;
}

/** The totals and the click-through rate of a campaign's days, oldest day first. */
export function figuresOf(days: readonly CampaignDay[]): CampaignFigures {
  const sorted = [...days].sort((a, b) => a.day.localeCompare(b.day));
  const impressions = sorted.reduce((sum, day) => sum + day.impressions, 0);
  const clicks = sorted.reduce((sum, day) => sum + day.clicks, 0);
  return { days: sorted, impressions, clicks, clickThroughRate: impressions > 0 ? clicks / impressions : null };
}

export interface CampaignReport extends CampaignFigures {
  advertiser: string;
  space: AdSpace;
  startsOn: string;
  endsOn: string;
  state: CampaignState;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

function reportDay(value: unknown): CampaignDay {
  if (!isRecord(value) || typeof value.day !== 'string' || typeof value.impressions !== 'number' || typeof value.clicks !== 'number') {
    throw new Error(`ad_campaign_report: a day of unexpected shape: ${JSON.stringify(value)}`);
  }
  return { day: value.day, impressions: value.impressions, clicks: value.clicks };
}

/** The advertiser's report behind a link's token; null when the token names no campaign (unknown or revoked). */
export async function campaignReport(client: DataClient, token: string): Promise<CampaignReport | null> {
  const data: unknown = unwrapOptional(await client.rpc('ad_campaign_report', { token }));
  if (data === null) return null;
  if (
    !isRecord(data) ||
    typeof data.advertiser !== 'string' ||
    !AD_SPACES.includes(data.space as AdSpace) ||
    !CAMPAIGN_STATES.includes(data.state as CampaignState) ||
    typeof data.starts_on !== 'string' ||
    typeof data.ends_on !== 'string' ||
    !Array.isArray(data.days)
  ) {
    throw new Error('ad_campaign_report: an answer of unexpected shape');
  }
  return {
    advertiser: data.advertiser,
    space: data.space as AdSpace,
    state: data.state as CampaignState,
    startsOn: data.starts_on,
    endsOn: data.ends_on,
    ...figuresOf(data.days.map(reportDay)),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The newsroom's side: administrators only (the database refuses everyone else).

export type Advertiser = Row<'advertisers'>;
export type Campaign = Row<'ad_campaigns'> & { space: AdSpace };
export type CampaignInput = Omit<InsertRow<'ad_campaigns'>, 'id' | 'created_at' | 'updated_at'> & { space: AdSpace };
/** A campaign in the admin's list: what it is, when, and whose. */
export type CampaignListItem = Pick<Campaign, 'id' | 'space' | 'state' | 'starts_on' | 'ends_on' | 'alt_text' | 'created_at'> & {
  advertiser: string;
};

const LIST_COLUMNS = 'id,space,state,starts_on,ends_on,alt_text,created_at,advertisers(name)';
export const CAMPAIGN_LIST_LIMIT = 200;

type ListRow = Omit<CampaignListItem, 'advertiser'> & { advertisers: { name: string } | null };

const listItem = ({ advertisers, ...row }: ListRow): CampaignListItem => ({ ...row, space: row.space, advertiser: advertisers?.name ?? '' });

/** The campaigns, newest first (bounded: a local paper runs a handful at a time). */
export async function listCampaigns(client: DataClient, limit = CAMPAIGN_LIST_LIMIT): Promise<CampaignListItem[]> {
  const rows = unwrap(
    await client
      .from('ad_campaigns')
      .select(LIST_COLUMNS)
      .order('created_at', { ascending: false })
      .order('id', { ascending: false })
      .limit(limit),
  ) as unknown as ListRow[];
  return rows.map(listItem);
}

/** A campaign with whose it is, for its page in the admin. */
export type CampaignDetail = Campaign & { advertiser: Pick<Advertiser, 'name' | 'contact'> };

export async function getCampaignDetail(client: DataClient, id: string): Promise<CampaignDetail | null> {
  const row = unwrapOptional(await client.from('ad_campaigns').select('*,advertisers(name,contact)').eq('id', id).maybeSingle());
  if (!row) return null;
  const { advertisers, ...campaign } = row as typeof row & { advertisers: Pick<Advertiser, 'name' | 'contact'> | null };
  return { ...campaign, space: campaign.space as AdSpace, advertiser: advertisers ?? { name: '', contact: '' } };
}

export async function getCampaign(client: DataClient, id: string): Promise<Campaign> {
  const row = unwrapOptional(await client.from('ad_campaigns').select('*').eq('id', id).maybeSingle());
  if (!row) throw new NotFoundError('Campanha não encontrada.');
  return { ...row, space: row.space as AdSpace };
}

/** Creates a campaign, or changes the one with `id`; returns its id. */
export async function saveCampaign(client: DataClient, input: CampaignInput, id?: string): Promise<string> {
  const values = { ...input, alt_text: input.alt_text.trim(), target_url: input.target_url.trim() };
  if (id) {
    const changed = unwrap(await client.from('ad_campaigns').update(values).eq('id', id).select('id'));
    if (changed.length === 0) throw new NotFoundError('Campanha não encontrada.');
    return id;
  }
  return unwrap<{ id: string }>(await client.from('ad_campaigns').insert(values).select('id').single()).id;
}

export async function setCampaignState(client: DataClient, id: string, state: CampaignState): Promise<void> {
  const changed = unwrap(await client.from('ad_campaigns').update({ state }).eq('id', id).select('id'));
  if (changed.length === 0) throw new NotFoundError('Campanha não encontrada.');
}

export async function deleteCampaign(client: DataClient, id: string): Promise<void> {
  check(await client.from('ad_campaigns').delete().eq('id', id));
}

/** A campaign serving today, for the dashboard: whose, where, and its last day. */
export type RunningCampaign = Pick<Campaign, 'id' | 'space' | 'ends_on'> & { advertiser: string };

/**
 * The active campaigns whose days include `today` (São Paulo's, YYYY-MM-DD), ending soonest first: what is on the
 * site now. Bounded by the three spaces' rotations.
 */
export async function listRunningCampaigns(client: DataClient, today: string, limit = 60): Promise<RunningCampaign[]> {
  const rows = unwrap(
    await client
      .from('ad_campaigns')
      .select('id,space,ends_on,advertisers(name)')
      .eq('state', 'ativa')
      .lte('starts_on', today)
      .gte('ends_on', today)
      .order('ends_on')
      .order('id')
      .limit(limit),
  ) as unknown as (Pick<Campaign, 'id' | 'space' | 'ends_on'> & { advertisers: { name: string } | null })[];
  return rows.map(({ advertisers, ...row }) => ({ ...row, advertiser: advertisers?.name ?? '' }));
}

export async function listAdvertisers(client: DataClient, limit = CAMPAIGN_LIST_LIMIT): Promise<Advertiser[]> {
  return unwrap(await client.from('advertisers').select('*').order('name').order('id').limit(limit));
}

export async function createAdvertiser(client: DataClient, name: string, contact: string): Promise<Advertiser> {
  return unwrap(await client.from('advertisers').insert({ name: name.trim(), contact: contact.trim() }).select('*').single());
}

/** A campaign's figures per day (its whole run: at most a few hundred days). */
export async function campaignFigures(client: DataClient, campaignId: string): Promise<CampaignFigures> {
  const days = unwrap(
    await client.from('ad_campaign_days').select('day,impressions,clicks').eq('campaign_id', campaignId).order('day').limit(1000),
  );
  return figuresOf(days);
}

/** The token of the campaign's report link, or null when it has none (never made, or revoked). */
export async function reportToken(client: DataClient, campaignId: string): Promise<string | null> {
  const row = unwrapOptional(await client.from('ad_report_links').select('token').eq('campaign_id', campaignId).maybeSingle());
  return row?.token ?? null;
}

/** A new report link for the campaign: the previous one, if any, stops working. */
export async function renewReportLink(client: DataClient, campaignId: string): Promise<string> {
  await revokeReportLink(client, campaignId);
  return unwrap<{ token: string }>(await client.from('ad_report_links').insert({ campaign_id: campaignId }).select('token').single()).token;
}

export async function revokeReportLink(client: DataClient, campaignId: string): Promise<void> {
  check(await client.from('ad_report_links').delete().eq('campaign_id', campaignId));
}

/** The campaign behind a form's address, or null when there is none (or the id is no uuid, which names nothing). */
export async function findCampaign(client: DataClient, id: string): Promise<Campaign | null> {
  if (!isUuid(id)) return null;
  try {
    return await getCampaign(client, id);
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}

/** Who a campaign is for: an existing advertiser, or one to create with it. */
export type CampaignAdvertiser = { id: string } | { name: string; contact: string };

/** The campaign form's save: its advertiser (existing or new) and the campaign's own columns. */
export interface CampaignWithAdvertiser {
  advertiser: CampaignAdvertiser;
  campaign: Omit<CampaignInput, 'advertiser_id'>;
}

/**
 * Saves a campaign for its advertiser, creating a new advertiser first. When the campaign is then refused, the new
 * advertiser is removed again (it has no campaign yet), so saving once more does not leave a duplicate behind.
 */
export async function saveCampaignWithAdvertiser(client: DataClient, { advertiser, campaign }: CampaignWithAdvertiser, id?: string): Promise<string> {
  if ('id' in advertiser) return saveCampaign(client, { ...campaign, advertiser_id: advertiser.id }, id);
  const created = await createAdvertiser(client, advertiser.name, advertiser.contact);
  try {
    return await saveCampaign(client, { ...campaign, advertiser_id: created.id }, id);
  } catch (error) {
    await deleteAdvertiser(client, created.id).catch((cleanupError: unknown) =>
      console.error('Could not remove the advertiser of a refused campaign', cleanupError),
    );
    throw error;
  }
}

/** Deletes an advertiser; the database refuses while a campaign of theirs exists. */
export async function deleteAdvertiser(client: DataClient, id: string): Promise<void> {
  check(await client.from('advertisers').delete().eq('id', id));
}
