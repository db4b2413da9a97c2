import { describe, expect, it } from 'vitest';
import { articleImageSource, fallbackImageFor } from './article-image';

describe('article images', () => {
  it.each([
    ['Economia', 'economy'],
    ['business', 'economy'],
    ['Esportes', 'sports'],
    ['Saúde', 'health'],
    ['Política', 'politics'],
    ['Cultura', 'culture'],
    ['Tecnologia', 'technology'],
    ['Educação', 'education'],
    ['Porto Ferreira', 'default'],
    ['Nacional', 'default'],
    ['', 'default'],
  ])('picks the fallback of %s by its lower-case name', (category, key) => {
    expect(fallbackImageFor(category)).toBe(`/images/fallback/${key}.webp`);
  });

  it("prefers the article's own image", () => {
    expect(articleImageSource({ imageUrl: '/images/seed/a.webp', category: 'Economia' })).toBe('/images/seed/a.webp');
    expect(articleImageSource({ imageUrl: null, category: 'Economia' })).toBe('/images/fallback/economy.webp');
    expect(articleImageSource({ imageUrl: '  ', category: 'Saúde' })).toBe('/images/fallback/health.webp');
  });
});
