import { describe, expect, it } from 'vitest';
import { readersCanOpen } from './publication-preview';

// The preview offers sharing only for an address readers can open (src/app/publication-preview.route.tsx passes
// ArticleView no shareUrl otherwise; the view's side: src/features/reader/article/article-share.test.tsx).
const NOW = new Date('2026-11-23T17:00:00.000Z');

describe('readersCanOpen', () => {
  it('is true only for a published story whose time has come', () => {
    expect(readersCanOpen({ published: true, published_at: '2026-11-23T16:59:00.000Z' }, NOW)).toBe(true);
    expect(readersCanOpen({ published: false, published_at: null }, NOW)).toBe(false);
    expect(readersCanOpen({ published: true, published_at: '2026-11-23T17:01:00.000Z' }, NOW)).toBe(false);
  });
});
