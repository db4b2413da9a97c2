import { Hono } from 'hono';
import { AUDIENCE_BEACON_MAX_BYTES, AUDIENCE_BEACON_PATH } from '../../src/lib/audience';
import type { RecordAudience } from '../../src/services/audience-beacon';
import { redactTarget } from '../log-redaction';
import type { EdgeEnv } from './edge-env';

// /api/audiencia (issue 38, docs/decisions/0052-audience-beacon.md): the browser's navigator.sendBeacon posts here,
// text/plain or JSON, without a cookie. The edge adds the reader it read from the connection (the host's client
// address and the User-Agent) and hands the beacon to the database, which decides what counts. Whatever happens the
// answer is an empty 204 that nothing keeps: a beacon's sender never reads it. Never a page, so never the render
// cache's (it keeps GETs of page addresses only).

type Failed = (error: unknown, method: string, url: URL) => void;

const noContent = () => new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });

/**
 * Why a request counts nothing before the database sees it, or null: Global Privacy Control, a prefetch or a
 * prerender (Chromium's Sec-Purpose, the older Purpose), or a post from another site's page.
 */
export function ignoredBecause(headers: Headers, siteOrigin: string): 'gpc' | 'prefetch' | 'cross-site' | null {
  if (headers.get('sec-gpc')?.trim() === '1') return 'gpc';
  const purpose = `${headers.get('sec-purpose') ?? ''} ${headers.get('purpose') ?? ''} ${headers.get('x-moz') ?? ''}`.toLowerCase();
  if (/prefetch|prerender/.test(purpose)) return 'prefetch';
  if (headers.get('sec-fetch-site') === 'cross-site') return 'cross-site';
  const origin = headers.get('origin');
  if (origin && origin !== 'null' && origin !== siteOrigin) return 'cross-site';
  return null;
}

/**
 * The beacon's JSON object, without anything naming a reader (only the edge names one), or null when the body is
 * not one beacon: more than 2 KB, not JSON, not an object.
 */
export function beaconFrom(body: string): Record<string, unknown> | null {
  if (new TextEncoder().encode(body).length > AUDIENCE_BEACON_MAX_BYTES) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
  const { client_address: _address, user_agent: _agent, ...beacon } = parsed as Record<string, unknown>;
  return beacon;
}

/** Reads at most `limit` bytes of the body; null when it is longer (a beacon is small). */
async function boundedText(request: Request, limit: number): Promise<string | null> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > limit) return null;
  const reader = request.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const whole = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    whole.set(chunk, at);
    at += chunk.byteLength;
  }
  return new TextDecoder().decode(whole);
}

export interface AudienceAppOptions {
  /** The site's origin for this request (SITE_URL's, else the request's own): beacons come from its pages only. */
  siteOrigin: (url: URL) => string;
  /** The share of Web Vitals beacons kept, 0 to 1 (AUDIENCE_VITALS_SAMPLE_RATE). */
  vitalsSampleRate: number;
  /** The sampling's draw, [0, 1): Math.random. */
  random?: () => number;
}

/**
 * The beacon endpoint. `record` is null when the host has no service key (a Worker without
 * SUPABASE_SERVICE_ROLE_KEY): beacons are then taken and counted nowhere.
 */
export function audienceApp(record: RecordAudience | null, options: AudienceAppOptions, failed: Failed): Hono<EdgeEnv> {
  const { siteOrigin, vitalsSampleRate, random = Math.random } = options;
  const app = new Hono<EdgeEnv>();
  app.post(AUDIENCE_BEACON_PATH, async (c) => {
    const request = c.req.raw;
    const url = new URL(request.url);
    if (!record || ignoredBecause(request.headers, siteOrigin(url))) return noContent();
    const body = await boundedText(request, AUDIENCE_BEACON_MAX_BYTES);
    const beacon = body === null ? null : beaconFrom(body);
    if (!beacon) return new Response(null, { status: 400, headers: { 'Cache-Control': 'no-store' } });
    // Web Vitals: every visit reports them, a sample is kept (the screen's percentiles need no more).
    if (beacon.kind === 'vitals' && random() >= vitalsSampleRate) return noContent();
    try {
      await record({ beacon, clientAddress: c.env?.clientAddress ?? '', userAgent: request.headers.get('user-agent') ?? '' });
    } catch (error) {
      // The database did not answer: the beacon is lost, the reader never knows; the host's reports do.
      console.error(`edge: ${redactTarget(url.pathname)} failed`, error);
      failed(error, 'POST', url);
    }
    return noContent();
  });
  app.all(AUDIENCE_BEACON_PATH, () => new Response(null, { status: 405, headers: { Allow: 'POST', 'Cache-Control': 'no-store' } }));
  return app;
}
