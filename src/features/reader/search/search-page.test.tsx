import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicationCursor } from '../../../services/search';
import { buildArticle, buildObituary } from '../../../../tests/support/row-factories';
import { controllablePromise, renderInRouter, settle } from '../testing/render-in-router';
import { SearchPage } from './search-page';
import type { SearchPage as ResultsPage, SearchResults } from './search-results';

const cursor: PublicationCursor = { rank: 1, publishedAt: '2026-11-20T13:00:00Z', id: 'last' };
const noMore = () => Promise.reject(new Error('not expected'));

function results(overrides: Partial<SearchResults> = {}): SearchResults {
  return { articles: [], next: null, total: { total: 0, exact: true }, obituaries: [], ...overrides };
}

function renderSearch(props: Partial<Parameters<typeof SearchPage>[0]> & { query: string }) {
  // The query is a prop here (the route reads it from the address), so the screen renders at /busca.
  return renderInRouter(<SearchPage results={null} loadMore={noMore} onRetry={() => undefined} {...props} />, { path: '/busca' });
}

afterEach(() => vi.restoreAllMocks());

describe('SearchPage', () => {
  it('asks for a word when the query is empty', () => {
    renderSearch({ query: '' });
    expect(screen.getByRole('searchbox', { name: 'Buscar notícias' })).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Buscar' })).toBeInTheDocument();
    expect(screen.getByText('Digite uma palavra para buscar.')).toBeInTheDocument();
    expect(document.title).toBe('Busca | Porto Ferreira Notícias');
  });

  it('shows the total, the stories as cards with their excerpt and the obituaries found by name', async () => {
    // React reports a rendering mistake (two siblings with one key: the form and the results, both keyed by the
    // query) as a console error.
    const consoleError = vi.spyOn(console, 'error');
    const story = buildArticle({ title: 'Mutirão da Saúde', description: '… vacinação no Jardim Quixabeira …' });
    renderSearch({
      query: 'quixabeira',
      results: Promise.resolve(
        results({
          articles: [story],
          total: { total: 23, exact: true },
          obituaries: [buildObituary({ name: 'José Quixabeira', age: 80, death_date: '2026-11-19' })],
        }),
      ),
    });
    expect(await screen.findByRole('link', { name: 'Mutirão da Saúde' })).toHaveAttribute('href', `/noticia/${story.id}/mutirao-da-saude`);
    expect(screen.getByText('… vacinação no Jardim Quixabeira …')).toBeInTheDocument();
    expect(screen.getByText('(23 resultados)')).toBeInTheDocument();
    const obituaries = screen.getByRole('region', { name: 'Obituários' });
    expect(obituaries).toHaveTextContent('José Quixabeira');
    expect(obituaries).toHaveTextContent('80 anos • Falecimento: 19 de novembro de 2026');
    expect(screen.getByRole('searchbox', { name: 'Buscar notícias' })).toHaveValue('quixabeira');
    expect(document.title).toBe('Busca: quixabeira | Porto Ferreira Notícias');
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).not.toBeInTheDocument();
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('says "mais de 1.000" when the total is not exact', async () => {
    renderSearch({ query: 'porto', results: Promise.resolve(results({ articles: [buildArticle()], total: { total: 1001, exact: false } })) });
    expect(await screen.findByText('(mais de 1.000 resultados)')).toBeInTheDocument();
  });

  it('says when nothing was found', async () => {
    renderSearch({ query: 'xyzzy', results: Promise.resolve(results()) });
    expect(await screen.findByText('Nenhum resultado para "xyzzy".')).toBeInTheDocument();
  });

  it('says when the search failed and offers a retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const onRetry = vi.fn();
    const failed = Promise.reject(new Error('offline'));
    failed.catch(() => undefined); // handled by <Await> once it renders, as a loader's promise is
    renderSearch({ query: 'porto', results: failed, onRetry });
    expect(await screen.findByText('Não foi possível buscar agora. Tente novamente.')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it("loads the next page with 'Carregar mais', keeping what is shown, until the last", async () => {
    const user = userEvent.setup();
    const next = controllablePromise<ResultsPage>();
    const loadMore = vi.fn(() => next.promise);
    const first = buildArticle({ title: 'Primeira' });
    renderSearch({
      query: 'porto',
      results: Promise.resolve(results({ articles: [first], next: cursor, total: { total: 2, exact: true } })),
      loadMore,
    });
    await user.click(await screen.findByRole('button', { name: 'Carregar mais' }));
    expect(loadMore).toHaveBeenCalledWith(cursor);
    expect(screen.getByRole('button', { name: 'Carregando...' })).toBeDisabled();
    await settle(() => next.resolve({ articles: [buildArticle({ title: 'Segunda' })], next: null }));
    const titles = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(titles).toEqual(['Primeira', 'Segunda']);
    expect(screen.queryByRole('button', { name: /Carregar mais/ })).not.toBeInTheDocument();
  });

  it('submits the query in the address (?q=)', async () => {
    const user = userEvent.setup();
    const { router } = renderInRouter(<SearchPage query="" results={null} loadMore={noMore} onRetry={() => undefined} />, {
      path: '/busca',
    });
    await user.type(screen.getByRole('searchbox', { name: 'Buscar notícias' }), 'feira livre');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=feira+livre'));
    expect(router.state.location.pathname).toBe('/busca');
  });
});
