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

// The institutional pages' texts live apart: this module is in every reader page's first load, they are not.
export { accessibilityMeta, advertisingMeta, privacyMeta, tipLineMeta } from './institutional-meta';

export const searchMeta = (query: string) => ({ title: query ? `Busca: ${query}` : 'Busca' });

export const storyNotFoundMeta = { title: 'Notícia não encontrada' } as const;
