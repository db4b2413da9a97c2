/**
 * The category sent to top-headlines. NewsAPI itself knows no 'politics' category: docs/product.md §18 maps politica to it anyway,
 * so with a key that request fails and the politics samples are shown (docs/product.md §20), exactly as specified.
 */
export type NewsApiCategory = 'business' | 'entertainment' | 'health' | 'politics' | 'science' | 'sports' | 'technology';

/** docs/product.md §18: the site's topic slugs that have an external counterpart. Any other slug has no external news. */
export const NEWS_API_CATEGORY_BY_SLUG = {
  politica: 'politics',
  economia: 'business',
  saude: 'health',
  esportes: 'sports',
  tecnologia: 'technology',
  cultura: 'entertainment',
  educacao: 'science',
} as const satisfies Record<string, NewsApiCategory>;

export type ExternalTopicSlug = keyof typeof NEWS_API_CATEGORY_BY_SLUG;

/** pt-BR label shown in the badge of external articles of each topic. */
export const CATEGORY_LABEL_BY_SLUG: Record<ExternalTopicSlug, string> = {
  politica: 'Política',
  economia: 'Economia',
  saude: 'Saúde',
  esportes: 'Esportes',
  tecnologia: 'Tecnologia',
  cultura: 'Cultura',
  educacao: 'Educação',
};

export function isExternalTopicSlug(slug: string): slug is ExternalTopicSlug {
  return Object.hasOwn(NEWS_API_CATEGORY_BY_SLUG, slug);
}
