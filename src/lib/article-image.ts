// Image source order for articles (docs/product.md §16/§4): the article's own image, else the fallback of its category or topic,
// and the default image when loading fails.

export type FallbackImageKey = 'default' | 'economy' | 'sports' | 'health' | 'politics' | 'culture' | 'technology' | 'education';

/** Lower-case category or topic names (pt-BR topic names, NewsAPI categories and the product's keys) to fallback files. */
const FALLBACK_BY_NAME: Record<string, FallbackImageKey> = {
  economy: 'economy',
  economia: 'economy',
  business: 'economy',
  sports: 'sports',
  esportes: 'sports',
  esporte: 'sports',
  health: 'health',
  saúde: 'health',
  saude: 'health',
  politics: 'politics',
  política: 'politics',
  politica: 'politics',
  culture: 'culture',
  cultura: 'culture',
  entertainment: 'culture',
  technology: 'technology',
  tecnologia: 'technology',
  education: 'education',
  educação: 'education',
  educacao: 'education',
  science: 'education',
};

export const DEFAULT_IMAGE = fallbackImagePath('default');

export function fallbackImagePath(key: FallbackImageKey): string {
  return `/images/fallback/${key}.webp`;
}

export function fallbackImageFor(category: string | null | undefined): string {
  const key = category ? FALLBACK_BY_NAME[category.trim().toLowerCase()] : undefined;
  return fallbackImagePath(key ?? 'default');
}

/** The first usable source: urlToImage / image_url (already merged into `imageUrl`), else the category's fallback. */
export function articleImageSource(article: { imageUrl: string | null; category: string }): string {
  return article.imageUrl?.trim() ? article.imageUrl : fallbackImageFor(article.category);
}
