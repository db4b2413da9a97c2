import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { buildArticle } from '../../../../tests/support/row-factories';
import { STAY } from '../../../../tests/support/back-target';
import { ArticleView } from './article-view';

// Sharing is offered only for an address readers can open: the preview of a draft or a scheduled story
// (src/app/publication-preview.route.tsx) passes no address, the reader's pages always pass one.

/** The Web Share API, which jsdom lacks: present here so that its button would show if sharing were offered. */
function withWebShare() {
  Object.defineProperty(navigator, 'share', { configurable: true, writable: true, value: () => Promise.resolve() });
}
afterEach(() => Reflect.deleteProperty(navigator, 'share'));

describe('ArticleView sharing', () => {
  it("offers no share buttons and no 'Copiar link' without an address readers can open", () => {
    withWebShare();
    render(<ArticleView article={buildArticle({ title: 'Rascunho da festa' })} shareUrl={null} back={STAY} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Rascunho da festa' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copiar link' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /compartilhar/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /compartilhar/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Compartilhe esta notícia' })).not.toBeInTheDocument();
  });

  it("offers them, under the title and in the closing section, with an address", () => {
    render(<ArticleView article={buildArticle()} shareUrl="https://example.com/noticia/9" back={STAY} />);
    expect(screen.getAllByRole('button', { name: 'Copiar link' })).toHaveLength(2);
    const closing = screen.getByRole('region', { name: 'Compartilhe esta notícia' });
    expect(within(closing).getByRole('link', { name: 'Compartilhar no WhatsApp (abre em nova aba)' })).toBeInTheDocument();
    // Beside the sharing, the tip line (docs/product.md §6, §8a).
    expect(within(closing).getByRole('link', { name: 'Envie sua notícia' })).toHaveAttribute('href', '/envie-sua-noticia');
  });

  it('offers no tip line link where there is nothing to share (a preview)', () => {
    render(<ArticleView article={buildArticle()} shareUrl={null} back={STAY} />);
    expect(screen.queryByRole('link', { name: 'Envie sua notícia' })).not.toBeInTheDocument();
  });
});
