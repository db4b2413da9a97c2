/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_SUPABASE_URL?: string;
  readonly VITE_SUPABASE_ANON_KEY?: string;
  /** Defined by the local backend's Vite plugin: the anon key for the local JWT secret. */
  readonly VITE_LOCAL_SUPABASE_ANON_KEY?: string;
  readonly VITE_SITE_NAME?: string;
  readonly VITE_WHATSAPP_GROUP_URL?: string;
  readonly VITE_WHATSAPP_CHANNEL_URL?: string;
  readonly VITE_INSTAGRAM_URL?: string;
  readonly VITE_JOBS_SITE_URL?: string;
  readonly VITE_CONTACT_EMAIL?: string;
  readonly VITE_CONTACT_PHONE?: string;
  readonly VITE_SENTRY_DSN?: string;
  readonly VITE_CONTACT_ADDRESS?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

