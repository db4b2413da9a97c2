import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildArticle } from '../../../../tests/support/row-factories';
import { controllablePromise, renderInRouter, settle } from '../testing/render-in-router';
import type { NewsArticle } from '../../../services/news';
import type { PublicationCursor } from '../../../services/search';
import { TopicPage, type LoadTopicLocalPage, type TopicArticles } from './topic-page';

const local = buildArticle({ title: 'Câmara aprova orçamento de 2027', description: 'Mais recursos para saúde.', publishedAt: '2026-11-11T21:50:00-03:00' });
const external = buildArticle({
  origin: 'sample',
  id: 'amostra-politica-1',
  title: 'Congresso conclui votação do marco dos consórcios',
  description: 'Cidades pequenas dividem custos de hospitais.',
  publishedAt: '2026-11-20T18:30:00-03:00',
});

const noPage: LoadTopicLocalPage = () => Promise.reject(new Error('not expected'));

/** The loader's answer: the first page of publications (no next page unless given) and the external news. */
function loaded(local: NewsArticle[], external: NewsArticle[], { next = null as PublicationCursor | null, localFailed = false } = {}) {
  return Promise.resolve<TopicArticles>({ local: { items: local, next }, external, localFailed });
}

function renderTopic(
  articles: Promise<TopicArticles>,
  topicName: Promise<string | null> = Promise.resolve('Política'),
  loadLocalPage: LoadTopicLocalPage = noPage,
) {
  return renderInRouter(<TopicPage provisionalName="Política" topicName={topicName} articles={articles} loadLocalPage={loadLocalPage} />);
}

// Card titles are h2 on a topic page: the list sits right under the page's h1.
function cardTitles() {
  return within(screen.getByRole('list')).getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
}

describe('TopicPage', () => {
  it("shows the heading, the line under it, the filters and 'Carregando notícias...' while loading", async () => {
    renderTopic(new Promise(() => undefined));
    // The provisional heading gives way to the resolved one: ask the document as it is, not an element found earlier.
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Política' })).toBeInTheDocument());
    expect(screen.getByText('Acompanhe as últimas notícias sobre Política')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar para a página inicial' })).toHaveAttribute('href', '/');
    expect(screen.getByPlaceholderText('Buscar notícias...')).toBeInTheDocument();
    expect(screen.getByLabelText('Data')).toHaveAttribute('type', 'date');
    expect(screen.getByText('Carregando notícias...')).toBeInTheDocument();
    expect(document.title).toBe('Política | Porto Ferreira Notícias');
  });

  it('lists the publications first, then the external articles, with three-line descriptions', async () => {
    renderTopic(loaded([local], [external]));
    await screen.findByText(local.title);
    expect(cardTitles()).toEqual([local.title, external.title]);
    expect(screen.getByText(local.description)).toHaveClass('line-clamp-3');
  });

  it('filters the publications on the server (debounced) and the external articles in the browser', async () => {
    const user = userEvent.setup();
    const found = buildArticle({ title: 'Orçamento: a íntegra' });
    const loadLocalPage = vi.fn<LoadTopicLocalPage>(() => Promise.resolve({ items: [found], next: null }));
    renderTopic(loaded([local], [external]), undefined, loadLocalPage);
    await screen.findByText(local.title);

    await user.type(screen.getByRole('searchbox', { name: 'Buscar notícias' }), 'HOSPITAIS');
    await waitFor(() => expect(cardTitles()).toEqual([found.title, external.title]));
    expect(loadLocalPage).toHaveBeenCalledOnce();
    expect(loadLocalPage).toHaveBeenCalledWith({ search: 'HOSPITAIS', date: '' }, null);

    loadLocalPage.mockResolvedValue({ items: [], next: null });
    await user.clear(screen.getByRole('searchbox', { name: 'Buscar notícias' }));
    await user.type(screen.getByLabelText('Data'), '2026-11-20');
    await waitFor(() => expect(loadLocalPage).toHaveBeenLastCalledWith({ search: '', date: '2026-11-20' }, null));
    await waitFor(() => expect(cardTitles()).toEqual([external.title]));
  });

  it("adds the topic's next page with 'Carregar mais', keeping what is shown", async () => {
    const user = userEvent.setup();
    const cursor: PublicationCursor = { rank: 0, publishedAt: local.publishedAt ?? '', id: local.id };
    const older = buildArticle({ title: 'A notícia mais antiga' });
    const loadLocalPage = vi.fn<LoadTopicLocalPage>(() => Promise.resolve({ items: [older], next: null }));
    renderTopic(loaded([local], [external], { next: cursor }), undefined, loadLocalPage);
    await user.click(await screen.findByRole('button', { name: 'Carregar mais' }));
    await waitFor(() => expect(cardTitles()).toEqual([local.title, older.title, external.title]));
    expect(loadLocalPage).toHaveBeenCalledWith({ search: '', date: '' }, cursor);
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).not.toBeInTheDocument();
  });

  it('shows the empty texts when nothing matches', async () => {
    const user = userEvent.setup();
    renderTopic(loaded([local], []), undefined, () => Promise.resolve({ items: [], next: null }));
    await screen.findByText(local.title);
    await user.type(screen.getByRole('searchbox', { name: 'Buscar notícias' }), 'inexistente');
    expect(await screen.findByText('Nenhuma notícia encontrada')).toBeInTheDocument();
    expect(screen.getByText('Tente ajustar seus filtros ou busque por outros termos.')).toBeInTheDocument();
  });

  it('shows the empty state, not an error, for an unknown topic', async () => {
    renderInRouter(<TopicPage provisionalName="nao-existe" topicName={Promise.resolve(null)} articles={loaded([], [])} loadLocalPage={noPage} />);
    expect(await screen.findByText('Nenhuma notícia encontrada')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'nao-existe' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('takes the stored topic name when the lookup answers', async () => {
    const name = controllablePromise<string | null>();
    renderTopic(loaded([], []), name.promise);
    expect(screen.getByRole('heading', { level: 1, name: 'Política' })).toBeInTheDocument();
    await settle(() => name.resolve('Política Municipal'));
    expect(screen.getByRole('heading', { level: 1, name: 'Política Municipal' })).toBeInTheDocument();
  });

  it('says when the publications could not load and still shows the external articles', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderTopic(loaded([], [external], { localFailed: true }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Não foi possível carregar as publicações locais');
    expect(cardTitles()).toEqual([external.title]);
  });
});
