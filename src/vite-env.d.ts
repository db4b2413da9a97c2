/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_SUPABASE_URL?: string;
  readonly VITE_SUPABASE_ANON_KEY?: string;
  /** Defined by the local backend's Vite plugin: the anon key for the local JWT secret. */
  readonly VITE_LOCAL_SUPABASE_ANON_KEY?: string;
  readonly VITE_SITE_NAME?: string;
  readonly VITE_WHATSAPP_GROUP_URL?: string;
  readonly VITE_INSTAGRAM_URL?: string;
  readonly VITE_JOBS_SITE_URL?: string;
  readonly VITE_CONTACT_EMAIL?: string;
  readonly VITE_CONTACT_PHONE?: string;
  readonly VITE_CONTACT_ADDRESS?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** vite.config.ts `define`: the attribute marking a button tapped before the page had hydrated (src/boot.ts, src/main.tsx). */
declare const EARLY_TAP_ATTRIBUTE: string;

/** vite.config.ts `define`: the event src/main.tsx dispatches on document once the app answers every tap itself. */
declare const APP_HYDRATED_EVENT: string;
