// The audience beacon's vocabulary (issue 38, docs/decisions/0052-audience-beacon.md), shared by the browser's
// module (src/features/reader/audience/), the edge's endpoint (edge/app/audience-app.ts) and the tests. The database
// (supabase/migrations/20261130130000_audience_beacon.sql) checks every value again: it trusts no beacon.

/** Where the browser posts its beacons (navigator.sendBeacon): the edge's endpoint, never a third party. */
export const AUDIENCE_BEACON_PATH = '/api/audiencia';

/**
 * The reader pages the audience counts: every READER_PAGES id but the pages whose address carries a secret token
 * (an advertiser's report, the digest's confirm and unsubscribe links) and not-found. The database's
 * private.audience_page_types() is this list (tests/audience-sql.test.ts keeps them equal).
 */
export const AUDIENCE_PAGE_TYPES = [
  'home',
  'topic',
  'external-article',
  'article',
  'obituaries',
  'obituary',
  'jobs',
  'job',
  'search',
  'advertising',
  'tip-line',
  'privacy',
  'accessibility',
  'corrections',
  'support',
] as const;
export type AudiencePageType = (typeof AUDIENCE_PAGE_TYPES)[number];

/**
 * Reader pages never counted: their address is a secret, or they are no page. With AUDIENCE_PAGE_TYPES, every
 * READER_PAGES id (src/app/route-table.ts; tests/audience-sql.test.ts checks it: this layer may not import the app).
 */
export const UNCOUNTED_PAGE_TYPES = ['ad-report', 'newsletter-confirm', 'newsletter-unsubscribe', 'support-code', 'support-stop', 'not-found'] as const;

export function isAudiencePageType(id: string): id is AudiencePageType {
  return (AUDIENCE_PAGE_TYPES as readonly string[]).includes(id);
}

export const AUDIENCE_SOURCES = [
  'whatsapp',
  'facebook',
  'instagram',
  'x',
  'google-search',
  'google-discover',
  'google-news',
  'search',
  'digest',
  'campaign',
  'site',
  'direct',
] as const;
export type AudienceSource = (typeof AUDIENCE_SOURCES)[number];

export type AudienceDevice = 'mobile' | 'tablet' | 'desktop';

/** The device class from the viewport's width in CSS pixels: phones under 768, tablets under 1024. */
export function deviceClass(viewportWidth: number): AudienceDevice {
  if (viewportWidth < 768) return 'mobile';
  if (viewportWidth < 1024) return 'tablet';
  return 'desktop';
}

/** Read-depth marks of a story's text, in percent. */
export const READ_DEPTHS = [25, 50, 75, 100] as const;
export type ReadDepth = 0 | (typeof READ_DEPTHS)[number];

/** What a page view and the rest of its visit are counted under. */
export interface AudiencePage {
  path: string;
  page_type: AudiencePageType;
  /** The story's id on a story's page. */
  publication_id?: string;
  source: AudienceSource;
  /** The other search engine's, campaign's or site's host; '' otherwise. */
  source_host: string;
  /** utm_campaign, at most 80 characters; '' when none. */
  campaign: string;
  device: AudienceDevice;
}

/** The beacons, as the browser posts them and public.record_audience takes them. */
export type AudienceBeacon =
  | ({ kind: 'view' } & AudiencePage)
  | ({ kind: 'leave'; depth: ReadDepth; depth_before: ReadDepth; visible_seconds: number } & AudiencePage)
  | { kind: 'vitals'; page_type: AudiencePageType; device: AudienceDevice; lcp?: number; inp?: number; cls?: number };

/** A beacon's largest body (the database refuses more than 2 KB). */
export const AUDIENCE_BEACON_MAX_BYTES = 2048;

/** The most seconds one leave beacon may report (the database's bound). */
export const MAX_VISIBLE_SECONDS = 1800;
