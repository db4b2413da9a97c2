import { LOCAL_DEMO_ANON_KEY, SITE_DEFAULTS } from '../src/config/site-defaults';
import type { EdgeConfig } from './types';
import { errorReportOriginOf } from './security-headers';
import { DEFAULT_WEATHER_API_URL } from './weather-proxy';

export const DEFAULT_SITE_NAME = SITE_DEFAULTS.name;
export const DEFAULT_NEWS_API_URL = 'https://newsapi.org/v2';

type Vars = Readonly<Record<string, string | undefined>>;

function text(vars: Vars, name: string): string | null {
  const value = vars[name]?.trim();
  return value ? value : null;
}

function origin(vars: Vars, name: string): string | null {
  const value = text(vars, name);
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an http(s) URL, got "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${name} must be an http(s) URL, got "${value}"`);
  return value.replace(/\/+$/, '');
}

/**
 * The handler's settings from the host's variables (process.env for Node, the Worker's env bindings). The app's own
 * VITE_* names are read for what the browser build shares with the server (the project and the site's name), so one
 * .env serves both; the server-only ones (SITE_URL, NEWS_API_KEY, NEWS_API_URL, WEATHER_API_URL) never reach the bundle.
 *
 * `localSupabaseUrl` is where the embedded local backend answers when no hosted project is configured.
 */
export function edgeConfigFrom(vars: Vars, localSupabaseUrl?: string): EdgeConfig {
  const hostedUrl = origin(vars, 'VITE_SUPABASE_URL');
  const hostedKey = text(vars, 'VITE_SUPABASE_ANON_KEY');
  if (hostedUrl && !hostedKey) throw new Error('VITE_SUPABASE_ANON_KEY is required when VITE_SUPABASE_URL is set');
  const supabaseUrl = hostedUrl ?? localSupabaseUrl;
  if (!supabaseUrl) throw new Error('VITE_SUPABASE_URL is not set and there is no local backend to read from');
  return {
    siteUrl: origin(vars, 'SITE_URL'),
    supabaseUrl,
    browserSupabaseUrl: hostedUrl,
    errorReportOrigin: errorReportOriginOf(text(vars, 'VITE_SENTRY_DSN')),
    supabaseAnonKey: hostedKey ?? text(vars, 'VITE_LOCAL_SUPABASE_ANON_KEY') ?? LOCAL_DEMO_ANON_KEY,
    newsApiKey: text(vars, 'NEWS_API_KEY'),
    newsApiUrl: origin(vars, 'NEWS_API_URL') ?? DEFAULT_NEWS_API_URL,
    weatherApiUrl: origin(vars, 'WEATHER_API_URL') ?? DEFAULT_WEATHER_API_URL,
    siteName: text(vars, 'VITE_SITE_NAME') ?? DEFAULT_SITE_NAME,
    audienceVitalsSampleRate: sampleRate(vars, 'AUDIENCE_VITALS_SAMPLE_RATE'),
  };
}

/** The share of visits whose Web Vitals are kept (decision 0052): 0.25 unless set, from 0 to 1. */
export const DEFAULT_VITALS_SAMPLE_RATE = 0.25;

function sampleRate(vars: Vars, name: string): number {
  const value = text(vars, name);
  if (value === null) return DEFAULT_VITALS_SAMPLE_RATE;
  const rate = Number(value);
  if (!Number.isFinite(rate) || rate < 0 || rate > 1) throw new Error(`${name} must be a number from 0 to 1, got "${value}"`);
  return rate;
}
