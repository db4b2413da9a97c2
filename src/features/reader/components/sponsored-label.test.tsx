import type { ReactElement } from 'react';
import { render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { buildArticle } from '../../../../tests/support/row-factories';
import { STAY } from '../../../../tests/support/back-target';
import { ArticleView } from '../article/article-view';
import { FeaturedStory } from '../home/featured-story';
import { MostReadList } from '../home/most-read-list';
import { ArticleGrid } from './article-grid';

// docs/product.md §12: a sponsored story says so wherever a reader meets it; the newsroom's own stories say nothing of it.
// The pages' server render with the backend: edge/sponsored-stories.test.ts.

const sponsored = buildArticle({ title: 'Guia de reformas para o verão', sponsorName: 'Casa & Obra Materiais' });
const own = buildArticle({ title: 'Câmara aprova calendário de feiras', sponsorName: null });

const inRouter = (element: ReactElement) => render(<MemoryRouter>{element}</MemoryRouter>);

function card(title: string): HTMLElement {
  return screen.getByRole('link', { name: title }).closest('article')!;
}

describe("a story's card", () => {
  it("labels a sponsored story 'Conteúdo patrocinado' in its meta line, beside the source and date, and not the others", () => {
    inRouter(<ArticleGrid articles={[sponsored, own]} />);
    const label = within(card(sponsored.title)).getByText('Conteúdo patrocinado');
    // In the one fixed-height line the card already has: the card keeps its skeleton's height.
    expect(label.parentElement).toHaveClass('h-4');
    expect(label.parentElement).toHaveTextContent('Porto Ferreira Notícias');
    expect(within(card(own.title)).queryByText(/patrocinado/)).not.toBeInTheDocument();
  });

  it('on the lead story hero too', () => {
    inRouter(<FeaturedStory article={sponsored} />);
    expect(screen.getByText('Conteúdo patrocinado')).toBeInTheDocument();
  });

  it("and in 'Notícias Mais Lidas', by the date", () => {
    inRouter(<MostReadList articles={[sponsored, own]} />);
    const [first, second] = screen.getAllByRole('listitem');
    expect(within(first!).getByText('Conteúdo patrocinado')).toBeInTheDocument();
    expect(within(second!).queryByText(/patrocinado/)).not.toBeInTheDocument();
  });
});

describe("a story's page", () => {
  it("says 'Conteúdo patrocinado por <sponsor>' in the line with the date, as text in the server's HTML", () => {
    const markup = renderToString(<ArticleView article={sponsored} shareUrl={null} back={STAY} />);
    expect(markup).toContain('Conteúdo patrocinado por Casa &amp; Obra Materiais');

    render(<ArticleView article={sponsored} shareUrl={null} back={STAY} />);
    const notice = screen.getByText('Conteúdo patrocinado por Casa & Obra Materiais');
    expect(notice.parentElement).toContainElement(screen.getByText('20 de novembro de 2026'));
  });

  it("says nothing of it on the newsroom's own story", () => {
    render(<ArticleView article={own} shareUrl={null} back={STAY} />);
    expect(screen.getByRole('heading', { level: 1, name: own.title })).toBeInTheDocument();
    expect(screen.queryByText(/patrocinado/i)).not.toBeInTheDocument();
  });
});
