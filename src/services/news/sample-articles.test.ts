import { describe, expect, it } from 'vitest';
import { toDateInputValue } from '../../lib/dates';
import { FEATURED_ARTICLE } from './featured-article';
import { SAMPLE_ARTICLES } from './sample-articles';

describe('the built-in articles', () => {
  it("carry São Paulo's day of their publication, as the page shows it", () => {
    for (const article of [FEATURED_ARTICLE, ...SAMPLE_ARTICLES]) {
      expect(article.publishedOn, article.id).toBe(toDateInputValue(article.publishedAt));
    }
  });
});
