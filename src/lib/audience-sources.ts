import type { AudienceSource } from './audience.ts';

// Where a visit came from (issue 38 §2, docs/decisions/0052-audience-beacon.md): the sources a Brazilian newsroom
// asks about, from the page's UTM tags, the referrer and, without a referrer, the in-app browsers' User-Agent. Pure:
// the browser's beacon module calls it with what the page knows; only the outcome leaves the browser (the referrer's
// host at most, never its path or query).

export interface VisitFacts {
  /** The page's address (location.href): its utm_* parameters. */
  pageUrl: string;
  /** document.referrer ('' when none, or when the link said no-referrer). */
  referrer: string;
  /** navigator.userAgent: WhatsApp's, Facebook's and Instagram's in-app browsers say who they are. */
  userAgent: string;
}

export interface VisitSource {
  source: AudienceSource;
  /** The other search engine's, campaign's (its utm_source) or site's host; '' for the named sources. */
  source_host: string;
  /** utm_campaign, at most 80 characters; ''. */
  campaign: string;
}

const MAX_HOST = 120;
const MAX_CAMPAIGN = 80;

/** A host as the figures keep it: lower case, without `www.`, only host characters, at most 120. */
function cleanHost(host: string): string {
  return host
    .toLowerCase()
    .replace(/^www\./, '')
    .replace(/[^a-z0-9._-]/g, '')
    .slice(0, MAX_HOST);
}

/** A campaign name without control characters, trimmed, at most 80 characters. */
function cleanCampaign(value: string | null): string {
  return (value ?? '').replace(/\p{Cc}/gu, '').trim().slice(0, MAX_CAMPAIGN);
}

const isOrUnder = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

/** Other search engines: the figures keep which one. */
const SEARCH_ENGINES = ['bing.com', 'duckduckgo.com', 'yahoo.com', 'ecosia.org', 'search.brave.com'];

/** google.com, google.com.br, google.co.uk…: Google's own hosts, not googleapis.com or a site named google-something. */
const GOOGLE_HOST = /^(www\.)?google\.(com?\.)?[a-z]{2,3}$/;
/** A Google address that is a search (its referrer is usually the bare origin, '/'). */
const GOOGLE_SEARCH_PATH = /^\/(search|url|webhp)?$/;

function referrerSource(referrer: URL, ownHost: string): VisitSource | null {
  const campaign = '';
  const named = (source: AudienceSource): VisitSource => ({ source, source_host: '', campaign });
  // android-app://<package>/: Google's apps on Android name themselves.
  if (referrer.protocol === 'android-app:') {
    const app = referrer.host.toLowerCase();
    if (app === 'com.google.android.googlequicksearchbox') return named('google-discover');
    if (app === 'com.google.android.apps.magazines') return named('google-news');
    if (app.startsWith('com.whatsapp')) return named('whatsapp');
    if (app.startsWith('com.facebook')) return named('facebook');
    if (app.startsWith('com.instagram')) return named('instagram');
    if (app.startsWith('com.twitter')) return named('x');
    return { source: 'site', source_host: cleanHost(app), campaign };
  }
  if (referrer.protocol !== 'http:' && referrer.protocol !== 'https:') return null;
  const host = referrer.hostname.toLowerCase();
  if (!host || host === ownHost.toLowerCase()) return named('direct');
  if (host === 'wa.me' || isOrUnder(host, 'whatsapp.com') || host === 'l.wl.co') return named('whatsapp');
  if (isOrUnder(host, 'facebook.com') || host === 'fb.me' || host === 'fb.com') return named('facebook');
  if (isOrUnder(host, 'instagram.com')) return named('instagram');
  if (host === 't.co' || isOrUnder(host, 'x.com') || isOrUnder(host, 'twitter.com')) return named('x');
  if (host === 'news.google.com') return named('google-news');
  if (isOrUnder(host, 'googleapis.com') && host.includes('discover')) return named('google-discover');
  if (GOOGLE_HOST.test(host)) {
    return GOOGLE_SEARCH_PATH.test(referrer.pathname) ? named('google-search') : { source: 'site', source_host: cleanHost(host), campaign };
  }
  if (SEARCH_ENGINES.some((engine) => isOrUnder(host, engine)) || /(^|\.)yandex\.[a-z.]+$/.test(host)) {
    return { source: 'search', source_host: cleanHost(host), campaign };
  }
  return { source: 'site', source_host: cleanHost(host), campaign };
}

/** Without a referrer: the in-app browsers of the apps that open links without one. */
function inAppSource(userAgent: string): AudienceSource | null {
  const phone = /Android|iPhone|iPad/i.test(userAgent);
  if (phone && /\bWhatsApp\b/i.test(userAgent)) return 'whatsapp';
  if (/\bFBAN\/|\bFBAV\/|\bFB_IAB\//.test(userAgent)) return 'facebook';
  if (phone && /\bInstagram\b/.test(userAgent)) return 'instagram';
  return null;
}

/**
 * The visit's source. utm_source wins ('digest' is the daily digest's links; any other is a campaign by that name),
 * then the referrer (the site's own pages count as direct), then an in-app browser without a referrer, else direct.
 */
export function visitSource(facts: VisitFacts): VisitSource {
  let page: URL;
  try {
    page = new URL(facts.pageUrl);
  } catch {
    return { source: 'direct', source_host: '', campaign: '' };
  }
  const campaign = cleanCampaign(page.searchParams.get('utm_campaign'));
  const utmSource = page.searchParams.get('utm_source')?.trim().toLowerCase();
  if (utmSource === 'digest') return { source: 'digest', source_host: '', campaign };
  if (utmSource) return { source: 'campaign', source_host: cleanHost(utmSource), campaign };

  let referrer: URL | null;
  try {
    referrer = facts.referrer ? new URL(facts.referrer) : null;
  } catch {
    referrer = null;
  }
  const fromReferrer = referrer ? referrerSource(referrer, page.hostname) : null;
  if (fromReferrer) return { ...fromReferrer, campaign };
  const inApp = inAppSource(facts.userAgent);
  return { source: inApp ?? 'direct', source_host: '', campaign };
}
