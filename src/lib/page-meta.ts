import { SITE_DEFAULTS } from '../config/site-defaults';

// Each reader page's title and description, once: the app writes them into the document as the reader navigates,
// and the edge handler into the HTML it serves, so a shared link and the open tab say the same.

/** "{page} | {site}", or the site's name alone for the home page. */
export function documentTitle(pageTitle: string | null, siteName: string): string {
  return pageTitle ? `${pageTitle} | ${siteName}` : siteName;
}

export const DEFAULT_DESCRIPTION = SITE_DEFAULTS.description;

export const topicMeta = (name: string) => ({
  title: name,
  description: `Acompanhe as últimas notícias sobre ${name} em ${SITE_DEFAULTS.city} e região.`,
});

export const obituariesMeta = {
  title: 'Obituário',
  description: `Homenagens e informações sobre falecimentos em ${SITE_DEFAULTS.city}.`,
} as const;

export const advertisingMeta = (siteName: string) => ({
  title: `Anuncie no ${siteName}`,
  description: `Anuncie no ${siteName}: mais de 50 mil leitores mensais em ${SITE_DEFAULTS.city} e região.`,
});

export const tipLineMeta = (siteName: string) => ({
  title: 'Envie sua notícia',
  description: `Viu algo acontecer em ${SITE_DEFAULTS.city}? Envie sua sugestão de pauta, com fotos, para a redação do ${siteName}.`,
});

export const privacyMeta = (siteName: string) => ({
  title: 'Política de Privacidade',
  description: `Quais dados o ${siteName} coleta, por quê, por quanto tempo, com quem compartilha e como exercer seus direitos (LGPD).`,
});

export const searchMeta = (query: string) => ({ title: query ? `Busca: ${query}` : 'Busca' });

export const storyNotFoundMeta = { title: 'Notícia não encontrada' } as const;
