import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FEATURED_ARTICLE } from '../../../services/news/featured-article';
import { ArticleCard } from '../components/article-card';
import { FeaturedStory } from '../home/featured-story';
import { buildArticle } from '../../../../tests/support/row-factories';
import { STAY } from '../../../../tests/support/back-target';
import { renderInRouter } from '../testing/render-in-router';
import { ArticleView } from './article-view';
import { RelatedList } from './related-stories';

describe('Leia também', () => {
  it('shows the other stories as cards at their readable addresses', () => {
    const stories = [
      buildArticle({ id: '00000000-0000-4000-8000-0000000000a1', title: 'Festa da cerâmica' }),
      buildArticle({ id: '00000000-0000-4000-8000-0000000000a2', title: 'Obras na avenida' }),
      buildArticle({ id: '00000000-0000-4000-8000-0000000000a3', title: 'Feira do livro' }),
    ];
    renderInRouter(<RelatedList articles={stories} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Leia também' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Festa da cerâmica' })).toHaveAttribute(
      'href',
      '/noticia/00000000-0000-4000-8000-0000000000a1/festa-da-ceramica',
    );
    expect(screen.getAllByRole('article')).toHaveLength(3);
  });

  it('is hidden when there is none', () => {
    renderInRouter(<RelatedList articles={[]} />);
    expect(screen.queryByText('Leia também')).not.toBeInTheDocument();
  });
});

describe('Conteúdo de demonstração', () => {
  const sample = buildArticle({ id: 'amostra-politica-1', origin: 'sample', title: 'Notícia de exemplo', content: 'Texto.' });
  const real = buildArticle({ title: 'Notícia de verdade' });
  const external = buildArticle({ origin: 'external', title: 'Notícia externa', url: 'https://example.com/x', content: 'Texto.' });

  it('marks a sample card, and never a local or external one', () => {
    renderInRouter(
      <>
        <ArticleCard article={sample} />
        <ArticleCard article={real} />
        <ArticleCard article={external} />
      </>,
    );
    const labels = screen.getAllByText('Conteúdo de demonstração');
    expect(labels).toHaveLength(1);
    expect(labels[0]!.closest('article')).toHaveTextContent('Notícia de exemplo');
  });

  it('marks the sample article page and the built-in featured story', () => {
    renderInRouter(<ArticleView article={sample} shareUrl="https://example.com/noticia/externa?id=amostra-politica-1" back={STAY} />);
    expect(screen.getByText('Conteúdo de demonstração')).toBeVisible();
    renderInRouter(<FeaturedStory article={FEATURED_ARTICLE} />);
    expect(screen.getAllByText('Conteúdo de demonstração')).toHaveLength(2);
  });

  it('never marks a real story’s page', () => {
    renderInRouter(<ArticleView article={real} shareUrl="https://example.com/noticia/x" back={STAY} />);
    expect(screen.queryByText('Conteúdo de demonstração')).not.toBeInTheDocument();
  });
});
