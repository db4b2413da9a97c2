// The only module that reads import.meta.env; everything else imports these parsed values.

/** The Supabase CLI demo anon key: what the embedded local backend accepts with its default secret. */
const LOCAL_DEMO_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

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

const raw = import.meta.env;
const hostedUrl = httpUrl('VITE_SUPABASE_URL', raw.VITE_SUPABASE_URL);
const hostedKey = text(raw.VITE_SUPABASE_ANON_KEY);
if (hostedUrl && !hostedKey) throw new Error('VITE_SUPABASE_ANON_KEY is required when VITE_SUPABASE_URL is set');

export const env = {
  /** Hosted Supabase URL, or undefined: then the app talks to the local backend on its own origin. */
  supabaseUrl: hostedUrl,
  supabaseAnonKey: hostedKey ?? text(raw.VITE_LOCAL_SUPABASE_ANON_KEY) ?? LOCAL_DEMO_ANON_KEY,
  newsApiKey: text(raw.VITE_NEWS_API_KEY),
  newsApiUrl: httpUrl('VITE_NEWS_API_URL', raw.VITE_NEWS_API_URL) ?? 'https://newsapi.org/v2',
  site: {
    name: text(raw.VITE_SITE_NAME),
    whatsappGroupUrl: httpUrl('VITE_WHATSAPP_GROUP_URL', raw.VITE_WHATSAPP_GROUP_URL),
    instagramUrl: httpUrl('VITE_INSTAGRAM_URL', raw.VITE_INSTAGRAM_URL),
    jobsSiteUrl: httpUrl('VITE_JOBS_SITE_URL', raw.VITE_JOBS_SITE_URL),
    contactEmail: text(raw.VITE_CONTACT_EMAIL),
    contactPhone: text(raw.VITE_CONTACT_PHONE),
    contactAddress: text(raw.VITE_CONTACT_ADDRESS),
  },
} as const;
