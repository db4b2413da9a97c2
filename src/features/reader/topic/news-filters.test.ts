import { describe, expect, it } from 'vitest';
import { buildArticle } from '../../../../tests/support/row-factories';
import { filterNews } from './news-filters';

describe("the topic page's date filter", () => {
  it('finds a story published at 23:30 in São Paulo on that day, not on the next one UTC has reached', () => {
    const late = buildArticle({ title: 'Sessão da Câmara termina tarde', publishedAt: '2026-11-26T02:30:00Z' });
    expect(filterNews([late], { search: '', date: '2026-11-25' })).toEqual([late]);
    expect(filterNews([late], { search: '', date: '2026-11-26' })).toEqual([]);
  });
});
