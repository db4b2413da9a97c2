import { describe, expect, it } from 'vitest';
import { buildArticle } from '../../../../tests/support/row-factories';
import { articleFromState } from './article-link';

describe('a story carried in navigation state', () => {
  const article = buildArticle({ origin: 'external', url: 'https://example.com/x', publishedAt: '2026-11-26T02:30:00Z' });

  it('comes back as it was written', () => {
    expect(articleFromState({ article })).toEqual(article);
  });

  it("gets its São Paulo day when the entry predates it, and is refused when the day is not text", () => {
    const { publishedOn: _, ...older } = article;
    expect(articleFromState({ article: older })?.publishedOn).toBe('2026-11-25');
    expect(articleFromState({ article: { ...article, publishedOn: 20261125 } })).toBeNull();
  });
});
