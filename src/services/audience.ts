import type { DataClient } from './client';
import type { Database, Json } from '../types/database';
import { ServiceError, unwrap } from './errors';

// What the newsroom reads of its audience (issue 38, docs/decisions/0053): the 'Audiência' screen, a story's own
// figures in the story list and form, the weekly summary's, and each editor's own choice to receive that e-mail. The
// database answers Administradores and Editores alone (supabase/migrations/20261130140000_audience_reading.sql).

type Functions = Database['public']['Functions'];

/** The screen's periods: today, the last 7 and the last 30 São Paulo days, each ending today. */
export const AUDIENCE_PERIODS = [1, 7, 30] as const;
export type AudiencePeriod = (typeof AUDIENCE_PERIODS)[number];

export function isAudiencePeriod(value: number): value is AudiencePeriod {
  return (AUDIENCE_PERIODS as readonly number[]).includes(value);
}

/** Where a visit came from, as the beacon files it (public.audience_days.source). */
export type AudienceSource =
  | 'whatsapp'
  | 'facebook'
  | 'instagram'
  | 'x'
  | 'google-search'
  | 'google-discover'
  | 'google-news'
  | 'search'
  | 'digest'
  | 'campaign'
  | 'site'
  | 'direct';

/** Visits that read to each mark of the text: every deeper mark counts in the shallower ones too. */
export interface ReadDepth {
  read25: number;
  read50: number;
  read75: number;
  read100: number;
}

export interface SourceViews {
  source: string;
  views: number;
}

export interface AudienceTotals extends ReadDepth {
  views: number;
  /** The sum of each day's distinct readers (a reader's hash is rotated daily). */
  readers: number;
  /** Views of story pages: what the read depth is out of. */
  storyViews: number;
  visibleSeconds: number;
}

export interface StoryFigures extends ReadDepth {
  publicationId: string;
  title: string;
  views: number;
  readers: number;
  sources: SourceViews[];
}

export interface GroupFigures {
  name: string;
  stories: number;
  views: number;
  read25: number;
  read100: number;
}

export interface SourceDay {
  day: string;
  source: string;
  views: number;
  readers: number;
}

export interface DigestSends {
  sends: number;
  recipients: number;
  sent: number;
  failed: number;
}

export interface DigestClick {
  /** The send's utm_campaign (its date), '' when the link had none. */
  campaign: string;
  publicationId: string | null;
  title: string | null;
  clicks: number;
}

export interface DigestFigures {
  sends: DigestSends;
  unsubscribes: number;
  clicks: DigestClick[];
}

export type VitalMetric = 'LCP' | 'INP' | 'CLS';

export interface VitalFigures {
  pageType: string;
  device: string;
  metric: VitalMetric;
  samples: number;
  /** LCP and INP in milliseconds, CLS unitless. */
  p75: number | null;
  /** Samples rated good: LCP ≤ 2500 ms, INP ≤ 200 ms, CLS ≤ 0,1. */
  good: number;
}

export interface AudienceReport {
  period: AudiencePeriod;
  totals: AudienceTotals;
  topStories: StoryFigures[];
  topics: GroupFigures[];
  authors: GroupFigures[];
  sources: SourceDay[];
  digest: DigestFigures;
  vitals: VitalFigures[];
}

export interface StoryAudience extends ReadDepth {
  views: number;
  readers: number;
  sources: SourceViews[];
}

const count = (value: unknown): number => {
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : 0;
  return Number.isFinite(number) ? number : 0;
};

function depthOf(row: { read_25: number; read_50?: number; read_75?: number; read_100: number }): ReadDepth {
  return { read25: count(row.read_25), read50: count(row.read_50), read75: count(row.read_75), read100: count(row.read_100) };
}

function isObject(value: Json | undefined): value is { [key: string]: Json | undefined } {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}

const text = (value: Json | undefined): string => (typeof value === 'string' ? value : '');

function sourcesOf(value: Json): SourceViews[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isObject).map((entry) => ({ source: text(entry.source), views: count(entry.views) }));
}

function totalsOf(row: Functions['audience_totals']['Returns'][number] | undefined): AudienceTotals {
  return {
    views: count(row?.views),
    readers: count(row?.readers),
    storyViews: count(row?.story_views),
    visibleSeconds: count(row?.visible_seconds),
    ...depthOf({ read_25: row?.read_25 ?? 0, read_50: row?.read_50, read_75: row?.read_75, read_100: row?.read_100 ?? 0 }),
  };
}

function groupsOf(rows: Functions['audience_topics']['Returns']): GroupFigures[] {
  return rows.map((row) => ({ name: row.name, stories: count(row.stories), views: count(row.views), read25: count(row.read_25), read100: count(row.read_100) }));
}

function digestOf(value: Json): DigestFigures {
  const root = isObject(value) ? value : {};
  const sends = isObject(root.sends) ? root.sends : {};
  const clicks = Array.isArray(root.clicks) ? root.clicks.filter(isObject) : [];
  return {
    sends: { sends: count(sends.sends), recipients: count(sends.recipients), sent: count(sends.sent), failed: count(sends.failed) },
    unsubscribes: count(root.unsubscribes),
    clicks: clicks.map((click) => ({
      campaign: typeof click.campaign === 'string' ? click.campaign : '',
      publicationId: typeof click.publication_id === 'string' ? click.publication_id : null,
      title: typeof click.title === 'string' ? click.title : null,
      clicks: count(click.clicks),
    })),
  };
}

const METRICS: readonly string[] = ['LCP', 'INP', 'CLS'];

/** Distinct readers seen in the last 5 minutes. */
export async function readersNow(client: DataClient): Promise<number> {
  return count(unwrap(await client.rpc('audience_readers_now')));
}

/** Everything the 'Audiência' screen shows for a period, read in parallel. */
export async function loadAudienceReport(client: DataClient, period: AudiencePeriod): Promise<AudienceReport> {
  const days = { days: period };
  const [totals, topStories, topics, authors, sources, digest, vitals] = await Promise.all([
    client.rpc('audience_totals', days),
    client.rpc('audience_top_stories', { days: period, max_count: 20 }),
    client.rpc('audience_topics', days),
    client.rpc('audience_authors', days),
    client.rpc('audience_sources_by_day', days),
    client.rpc('audience_digest', days),
    client.rpc('audience_vitals', days),
  ]);
  return {
    period,
    totals: totalsOf(unwrap(totals)[0]),
    topStories: unwrap(topStories).map((row) => ({
      publicationId: row.publication_id,
      title: row.title,
      views: count(row.views),
      readers: count(row.readers),
      ...depthOf(row),
      sources: sourcesOf(row.sources),
    })),
    topics: groupsOf(unwrap(topics)),
    authors: groupsOf(unwrap(authors)),
    sources: unwrap(sources).map((row) => ({ day: row.day, source: row.source, views: count(row.views), readers: count(row.readers) })),
    digest: digestOf(unwrap(digest)),
    vitals: unwrap(vitals)
      .filter((row): row is typeof row & { metric: VitalMetric } => METRICS.includes(row.metric))
      .map((row) => ({
        pageType: row.page_type,
        device: row.device,
        metric: row.metric,
        samples: count(row.samples),
        p75: row.p75 === null ? null : count(row.p75),
        good: count(row.good),
      })),
  };
}

/** One story's figures over the last `days` days (the story form's panel). */
export async function storyAudience(client: DataClient, publicationId: string, days: AudiencePeriod = 30): Promise<StoryAudience> {
  const row = unwrap(await client.rpc('audience_story', { story: publicationId, days }))[0];
  return {
    views: count(row?.views),
    readers: count(row?.readers),
    ...depthOf({ read_25: row?.read_25 ?? 0, read_50: row?.read_50, read_75: row?.read_75, read_100: row?.read_100 ?? 0 }),
    sources: sourcesOf(row?.sources ?? []),
  };
}

/** Views and readers over 30 days of the stories on a list page (at most 100), by id. */
export async function storyListAudience(client: DataClient, publicationIds: readonly string[]): Promise<Map<string, { views: number; readers: number }>> {
  if (publicationIds.length === 0) return new Map();
  if (publicationIds.length > 100) throw new ServiceError('at most 100 stories at a time', { code: 'audience_too_many_stories' });
  const rows = unwrap(await client.rpc('audience_story_list', { stories: [...publicationIds] }));
  return new Map(rows.map((row) => [row.publication_id, { views: count(row.views), readers: count(row.readers) }]));
}

// ---------------------------------------------------------------------------------------------------------------
// The weekly summary e-mail: the editor's own choice, and the job's figures (service key).

/** Whether the signed-in account asked for the weekly summary. */
export async function getWeeklySummaryChoice(client: DataClient, profileId: string): Promise<boolean> {
  const { data, error, status } = await client.from('audience_summary_subscriptions').select('profile_id').eq('profile_id', profileId).maybeSingle();
  if (error) throw new ServiceError(error.message, { code: error.code, status, cause: error });
  return data !== null;
}

/** Asks for the weekly summary, or stops it. Only an Administrador or Editor may ask (the database refuses others). */
export async function setWeeklySummaryChoice(client: DataClient, profileId: string, wanted: boolean): Promise<void> {
  const result = wanted
    ? await client.from('audience_summary_subscriptions').upsert({ profile_id: profileId }, { onConflict: 'profile_id', ignoreDuplicates: true })
    : await client.from('audience_summary_subscriptions').delete().eq('profile_id', profileId);
  if (result.error) throw new ServiceError(result.error.message, { code: result.error.code, status: result.status, cause: result.error });
}

export interface WeeklySummary {
  /** Monday and Sunday of last week (São Paulo), YYYY-MM-DD. */
  from: string;
  to: string;
  recipients: string[];
  totals: AudienceTotals;
  topStories: Omit<StoryFigures, 'sources'>[];
  sources: SourceViews[];
  digest: { sends: DigestSends; clicks: number; unsubscribes: number };
}

/** Last week's summary and its recipients, or null when this week's has gone (unless `force`). Service key only. */
export async function startWeeklySummary(service: DataClient, force: boolean): Promise<WeeklySummary | null> {
  const { data, error, status } = await service.rpc('audience_weekly_summary', { force });
  if (error) throw new ServiceError(error.message, { code: error.code, status, cause: error });
  if (!isObject(data ?? undefined)) return null;
  const root = data as { [key: string]: Json | undefined };
  const digest = isObject(root.digest) ? root.digest : {};
  const sends = isObject(digest.sends) ? digest.sends : {};
  const totals = isObject(root.totals) ? root.totals : {};
  const stories = Array.isArray(root.top_stories) ? root.top_stories.filter(isObject) : [];
  return {
    from: text(root.from),
    to: text(root.to),
    recipients: Array.isArray(root.recipients) ? root.recipients.filter((email): email is string => typeof email === 'string') : [],
    totals: {
      views: count(totals.views),
      readers: count(totals.readers),
      storyViews: count(totals.story_views),
      visibleSeconds: count(totals.visible_seconds),
      ...depthOf({ read_25: count(totals.read_25), read_50: count(totals.read_50), read_75: count(totals.read_75), read_100: count(totals.read_100) }),
    },
    topStories: stories.map((story) => ({
      publicationId: text(story.publication_id),
      title: text(story.title),
      views: count(story.views),
      readers: count(story.readers),
      ...depthOf({ read_25: count(story.read_25), read_50: count(story.read_50), read_75: count(story.read_75), read_100: count(story.read_100) }),
    })),
    sources: sourcesOf(root.sources ?? []),
    digest: {
      sends: { sends: count(sends.sends), recipients: count(sends.recipients), sent: count(sends.sent), failed: count(sends.failed) },
      clicks: count(digest.clicks),
      unsubscribes: count(digest.unsubscribes),
    },
  };
}
