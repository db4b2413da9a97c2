// The only module that reads import.meta.env; everything else imports these parsed values.

import { LOCAL_DEMO_ANON_KEY } from './site-defaults';

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function httpUrl(name: string, value: unknown): string | undefined {
  const raw = text(value);
  if (!raw) return undefined;
  try {
    const url = new URL(raw);
    if (url.protocol === 'http:' || url.protocol === 'https:') return raw.replace(/\/+$/, '');
  } catch {
    // fall through to the error below
  }
  throw new Error(`${name} must be an http(s) URL, got "${raw}"`);
}

// Each variable by name, never the whole object: Vite inlines `import.meta.env` as an object of EVERY VITE_* variable
// of the build environment, so a stray secret (say a VITE_NEWS_API_KEY left in .env.local) would ship to readers;
// named reads inline only these (tests/news-key-not-in-bundle.test.ts builds the app to check).
const raw = {
  VITE_SUPABASE_URL: import.meta.env.VITE_SUPABASE_URL,
  VITE_SUPABASE_ANON_KEY: import.meta.env.VITE_SUPABASE_ANON_KEY,
  VITE_LOCAL_SUPABASE_ANON_KEY: import.meta.env.VITE_LOCAL_SUPABASE_ANON_KEY,
  VITE_SITE_NAME: import.meta.env.VITE_SITE_NAME,
  VITE_WHATSAPP_GROUP_URL: import.meta.env.VITE_WHATSAPP_GROUP_URL,
  VITE_WHATSAPP_CHANNEL_URL: import.meta.env.VITE_WHATSAPP_CHANNEL_URL,
  VITE_INSTAGRAM_URL: import.meta.env.VITE_INSTAGRAM_URL,
  VITE_JOBS_SITE_URL: import.meta.env.VITE_JOBS_SITE_URL,
  VITE_CONTACT_EMAIL: import.meta.env.VITE_CONTACT_EMAIL,
  VITE_CONTACT_PHONE: import.meta.env.VITE_CONTACT_PHONE,
  VITE_CONTACT_ADDRESS: import.meta.env.VITE_CONTACT_ADDRESS,
  VITE_SENTRY_DSN: import.meta.env.VITE_SENTRY_DSN,
};
const hostedUrl = httpUrl('VITE_SUPABASE_URL', raw.VITE_SUPABASE_URL);
const hostedKey = text(raw.VITE_SUPABASE_ANON_KEY);
if (hostedUrl && !hostedKey) throw new Error('VITE_SUPABASE_ANON_KEY is required when VITE_SUPABASE_URL is set');

export const env = {
  /** Hosted Supabase URL, or undefined: then the app talks to the local backend on its own origin. */
  supabaseUrl: hostedUrl,
  supabaseAnonKey: hostedKey ?? text(raw.VITE_LOCAL_SUPABASE_ANON_KEY) ?? LOCAL_DEMO_ANON_KEY,
  /**
   * Sentry's DSN for the browser's error reports (docs/decisions/0041), or undefined: no SDK, no report, and the
   * privacy policy does not name Sentry. Public by design (a DSN only lets one send events).
   */
  errorReportsDsn: text(raw.VITE_SENTRY_DSN),
  site: {
    name: text(raw.VITE_SITE_NAME),
    whatsappGroupUrl: httpUrl('VITE_WHATSAPP_GROUP_URL', raw.VITE_WHATSAPP_GROUP_URL),
    whatsappChannelUrl: httpUrl('VITE_WHATSAPP_CHANNEL_URL', raw.VITE_WHATSAPP_CHANNEL_URL),
    instagramUrl: httpUrl('VITE_INSTAGRAM_URL', raw.VITE_INSTAGRAM_URL),
    jobsSiteUrl: httpUrl('VITE_JOBS_SITE_URL', raw.VITE_JOBS_SITE_URL),
    contactEmail: text(raw.VITE_CONTACT_EMAIL),
    contactPhone: text(raw.VITE_CONTACT_PHONE),
    contactAddress: text(raw.VITE_CONTACT_ADDRESS),
  },
} as const;
