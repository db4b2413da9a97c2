import { env } from './env';
import { SITE_DEFAULTS } from './site-defaults';

/** The newspaper's identity: one place, overridable through VITE_* variables (see .env.example). */
export const site = {
  name: env.site.name ?? SITE_DEFAULTS.name,
  city: SITE_DEFAULTS.city,
  state: SITE_DEFAULTS.state,
  tagline: SITE_DEFAULTS.tagline,
  instagramUrl: env.site.instagramUrl ?? 'https://www.instagram.com/portoferreiranoticias',
  whatsappGroupUrl: env.site.whatsappGroupUrl ?? 'https://chat.whatsapp.com/PortoFerreiraNoticias',
  /** The newsroom's WhatsApp Channel: one-way, followed without joining a group or showing one's number. */
  whatsappChannelUrl: env.site.whatsappChannelUrl ?? 'https://whatsapp.com/channel/PortoFerreiraNoticias',
  /** An external jobs site for 'Ver todas as vagas', only when VITE_JOBS_SITE_URL says so; else the site's own /vagas. */
  jobsSiteUrl: env.site.jobsSiteUrl ?? null,
  contact: {
    email: env.site.contactEmail ?? 'comercial@portoferreiranoticias.com.br',
    phone: env.site.contactPhone ?? '(19) 3581-0000',
    address: env.site.contactAddress ?? 'Rua Dr. Carlos Botelho, 1000 – Centro, Porto Ferreira – SP, 13660-000',
  },
} as const;
