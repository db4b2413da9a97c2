// The newspaper's identity as built in, without reading the environment: the browser's `site` (site.ts) and the
// edge handler (which reads its own variables) both start from here.

export const SITE_DEFAULTS = {
  name: 'Porto Ferreira Notícias',
  city: 'Porto Ferreira',
  state: 'SP',
  tagline: 'O jornal da Capital Nacional da Cerâmica Artística',
  description:
    'Notícias de Porto Ferreira e região: política, economia, saúde, esportes, cultura, educação, obituário e vagas de emprego.',
} as const;

/** The Supabase CLI demo anon key, which the embedded local backend accepts with its default secret. */
export const LOCAL_DEMO_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
