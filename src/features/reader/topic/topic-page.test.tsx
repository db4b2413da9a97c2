import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildArticle } from '../testing/article-factory';
import { controllablePromise, renderInRouter, settle } from '../testing/render-in-router';
import { TopicPage, type TopicArticles } from './topic-page';

const local = buildArticle({ title: 'Câmara aprova orçamento de 2027', description: 'Mais recursos para saúde.', publishedAt: '2026-11-11T21:50:00-03:00' });
const external = buildArticle({
  origin: 'sample',
  id: 'amostra-politica-1',
  title: 'Congresso conclui votação do marco dos consórcios',
  description: 'Cidades pequenas dividem custos de hospitais.',
  publishedAt: '2026-11-20T18:30:00-03:00',
});

function renderTopic(articles: Promise<TopicArticles>, topicName: Promise<string | null> = Promise.resolve('Política')) {
  return renderInRouter(<TopicPage provisionalName="Política" topicName={topicName} articles={articles} />);
}

function cardTitles() {
  return within(screen.getByRole('list')).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
}

describe('TopicPage', () => {
  it("shows the heading, the line under it, the filters and 'Carregando notícias...' while loading", async () => {
    renderTopic(new Promise(() => undefined));
    expect(await screen.findByRole('heading', { level: 1, name: 'Política' })).toBeInTheDocument();
    expect(screen.getByText('Acompanhe as últimas notícias sobre Política')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar para a página inicial' })).toHaveAttribute('href', '/');
    expect(screen.getByPlaceholderText('Buscar notícias...')).toBeInTheDocument();
    expect(screen.getByLabelText('Data')).toHaveAttribute('type', 'date');
    expect(screen.getByText('Carregando notícias...')).toBeInTheDocument();
    expect(document.title).toBe('Política | Porto Ferreira Notícias');
  });

  it('lists the publications first, then the external articles, with three-line descriptions', async () => {
    renderTopic(Promise.resolve({ articles: [local, external], localFailed: false }));
    await screen.findByText(local.title);
    expect(cardTitles()).toEqual([local.title, external.title]);
    expect(screen.getByText(local.description)).toHaveClass('line-clamp-3');
  });

  it('filters by a case-insensitive piece of the title or description', async () => {
    const user = userEvent.setup();
    renderTopic(Promise.resolve({ articles: [local, external], localFailed: false }));
    await screen.findByText(local.title);

    await user.type(screen.getByRole('searchbox', { name: 'Buscar notícias' }), 'HOSPITAIS');
    expect(cardTitles()).toEqual([external.title]);
    await user.clear(screen.getByRole('searchbox', { name: 'Buscar notícias' }));
    await user.type(screen.getByRole('searchbox', { name: 'Buscar notícias' }), 'orçamento');
    expect(cardTitles()).toEqual([local.title]);
  });

  it('filters by the exact publication date', async () => {
    const user = userEvent.setup();
    renderTopic(Promise.resolve({ articles: [local, external], localFailed: false }));
    await screen.findByText(local.title);
    await user.type(screen.getByLabelText('Data'), '2026-11-20');
    expect(cardTitles()).toEqual([external.title]);
  });

  it('shows the empty texts when nothing matches', async () => {
    const user = userEvent.setup();
    renderTopic(Promise.resolve({ articles: [local], localFailed: false }));
    await screen.findByText(local.title);
    await user.type(screen.getByRole('searchbox', { name: 'Buscar notícias' }), 'inexistente');
    expect(screen.getByText('Nenhuma notícia encontrada')).toBeInTheDocument();
    expect(screen.getByText('Tente ajustar seus filtros ou busque por outros termos.')).toBeInTheDocument();
  });

  it('shows the empty state, not an error, for an unknown topic', async () => {
    renderInRouter(<TopicPage provisionalName="nao-existe" topicName={Promise.resolve(null)} articles={Promise.resolve({ articles: [], localFailed: false })} />);
    expect(await screen.findByText('Nenhuma notícia encontrada')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'nao-existe' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('takes the stored topic name when the lookup answers', async () => {
    const name = controllablePromise<string | null>();
    renderTopic(Promise.resolve({ articles: [], localFailed: false }), name.promise);
    expect(screen.getByRole('heading', { level: 1, name: 'Política' })).toBeInTheDocument();
    await settle(() => name.resolve('Política Municipal'));
    expect(screen.getByRole('heading', { level: 1, name: 'Política Municipal' })).toBeInTheDocument();
  });

  it('says when the publications could not load and still shows the external articles', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderTopic(Promise.resolve({ articles: [external], localFailed: true }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Não foi possível carregar as publicações locais');
    expect(cardTitles()).toEqual([external.title]);
  });
});
