import { describe, expect, it } from 'vitest';
import type { BreakingNews } from '../services/breaking-news';
import { withBreakingNews } from './breaking-news-html';
import { routeDataOf } from './server-render-html';

// A page served as built (prerendered, the Worker, a render that did not finish) with the banner the edge handler
// writes into it: in the HTML, and in the data block the browser hydrates with.

const news: BreakingNews = { id: 'a1b2', title: 'Ponte interditada <após> chuva & enchente', urgentUntil: '2026-11-28T18:00:00.000Z' };

function builtPage(slot: string, block = ''): string {
  return `<!doctype html><html><head><title>x</title></head><body><div id="root" data-prerendered="topic-local"><header>Porto Ferreira Notícias</header>${slot}<main>…</main></div>${block}</body></html>`;
}

describe('withBreakingNews', () => {
  it('writes the banner into the empty slot, its title escaped, and the answer into the data block beside what it held', () => {
    const block = '<script type="application/json" id="route-data">{"home":{"lead":{"id":"x"}}}</script>';
    const html = withBreakingNews(builtPage('<div data-breaking-news=""></div>', block), news);
    expect(html).toContain('<div data-breaking-news=""><section aria-label="Plantão"');
    expect(html).toContain('href="/noticia/a1b2/ponte-interditada-apos-chuva-enchente"');
    expect(html).toContain('Ponte interditada &lt;após&gt; chuva &amp; enchente');
    expect(routeDataOf(html)).toEqual({ home: { lead: { id: 'x' } }, reader: { breakingNews: news } });
    // The title is data in the block, never markup: no '<' survives in it.
    expect(/<script type="application\/json" id="route-data">[^<]*<\/script>/.test(html)).toBe(true);
  });

  it('says there is none in the data block, leaving the slot empty', () => {
    const html = withBreakingNews(builtPage('<div data-breaking-news=""></div>'), null);
    expect(html).toContain('<div data-breaking-news=""></div>');
    expect(routeDataOf(html)).toEqual({ reader: { breakingNews: null } });
  });

  it('leaves a page without an empty slot as it is (the admin panel, a page the server rendered)', () => {
    const page = builtPage('<div data-breaking-news=""><section aria-label="Plantão">…</section></div>');
    expect(withBreakingNews(page, news)).toBe(page);
  });
});
