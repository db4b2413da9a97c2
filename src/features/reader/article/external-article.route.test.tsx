import { render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SAMPLE_ARTICLES_BY_SLUG } from '../../../services/news/sample-articles';
import { buildArticle } from '../../../../tests/support/row-factories';
import { Component } from './external-article.route';

function renderAt(entry: string | { pathname: string; search?: string; state?: unknown }) {
  const router = createMemoryRouter([{ path: '/noticia/externa', Component }], { initialEntries: [entry] });
  render(<RouterProvider router={router} />);
}

describe('external article route', () => {
  it('opens an external article from navigation state, sharing the original address', () => {
    const article = buildArticle({ origin: 'external', title: 'Chuva forte atinge o interior', url: 'https://example.com/chuva' });
    renderAt({ pathname: '/noticia/externa', state: { article } });
    expect(screen.getByRole('heading', { level: 1, name: 'Chuva forte atinge o interior' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /Facebook/ })[0]).toHaveAttribute('href', expect.stringContaining(encodeURIComponent('https://example.com/chuva')));
  });

  it('opens a built-in article by its id when there is no state (a shared address)', () => {
    const sample = SAMPLE_ARTICLES_BY_SLUG.esportes[0]!;
    renderAt(`/noticia/externa?id=${sample.id}`);
    expect(screen.getByRole('heading', { level: 1, name: sample.title })).toBeInTheDocument();
    expect(screen.getByText(sample.sourceName, { selector: 'figcaption', exact: false })).toBeInTheDocument();
  });

  it('opens the featured story by its id', () => {
    renderAt('/noticia/externa?id=amostra-destaque');
    expect(screen.getByRole('heading', { level: 1, name: /R\$ 50 milhões/ })).toBeInTheDocument();
    expect(screen.getByText(/500 empregos diretos/)).toBeInTheDocument();
  });

  it('explains when the article cannot be rebuilt, and offers the way home', () => {
    renderAt({ pathname: '/noticia/externa', state: { article: { title: 'forjado' } } });
    expect(screen.getByRole('heading', { level: 1, name: 'Notícia indisponível' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir para a página inicial' })).toHaveAttribute('href', '/');
  });
});
