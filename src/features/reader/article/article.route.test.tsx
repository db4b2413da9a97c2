import { StrictMode } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../lib/paths';
import type { PublicPublication, PublicationSummary } from '../../../services/publications';
import { Component, loader, shouldRevalidate } from './article.route';
import type * as AdCampaigns from '../../../services/ad-campaigns';

const services = vi.hoisted(() => ({
  getPublishedPublication: vi.fn<(client: unknown, id: string) => Promise<PublicPublication | null>>(),
  incrementViews: vi.fn<(client: unknown, id: string) => Promise<void>>(),
}));
const relatedService = vi.hoisted(() => ({
  listRelatedStories: vi.fn<(client: unknown, options: { topicId: string; excludeId: string }) => Promise<PublicationSummary[]>>(),
}));
vi.mock('../../../services/publications', () => services);
vi.mock('../../../services/published-story', () => services);
vi.mock('../../../services/related-stories', () => relatedService);
// No campaign serves: the story's banner space is its placeholder (edge/ad-serving.test.ts renders one on the real backend).
vi.mock('../../../services/ad-campaigns', async (importOriginal) => ({
  ...(await importOriginal<typeof AdCampaigns>()),
  servingCampaigns: () => Promise.resolve([]),
}));
vi.mock('../../../services/reader-data-client', () => ({ readerDataClient: () => ({}) }));

const ID = '22222222-2222-4222-8222-000000000001';
const TITLE = 'Rio Mogi-Guaçu sobe quase dois metros';

function publication(overrides: Partial<PublicPublication> = {}): PublicPublication {
  return {
    id: ID,
    title: TITLE,
    description: 'Defesa Civil monitora bairros ribeirinhos.',
    content: '<p>O nível do rio subiu.</p>',
    image_url: '/images/seed/rio-mogi-guacu.webp',
    image_alt: null,
    image_credit: null,
    youtube_url: null,
    published_at: '2026-11-18T07:40:00-03:00',
    views: 10,
    author_id: null,
    byline: null,
    sponsor_name: null,
    updated_at: '2026-11-18T07:40:00-03:00',
    corrected_at: null,
    topics: { id: 't1', name: 'Porto Ferreira', slug: 'local' },
    ...overrides,
  };
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <Link to={paths.article(ID, TITLE)}>abrir</Link> },
      { path: paths.article.pattern, loader, shouldRevalidate, Component },
    ],
    { initialEntries: [path] },
  );
  // StrictMode runs effects twice: the count must still be one per open.
  render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  return router;
}

beforeEach(() => {
  services.getPublishedPublication.mockReset();
  services.incrementViews.mockReset().mockResolvedValue(undefined);
  relatedService.listRelatedStories.mockReset().mockResolvedValue([]);
});

// Console spies end with their test, so one test's silenced console never hides another's logging.
afterEach(() => {
  vi.restoreAllMocks();
});

describe('article route', () => {
  it('opens a publication by its address, counting one view', async () => {
    services.getPublishedPublication.mockResolvedValue(publication());
    renderAt(paths.article(ID, TITLE));
    expect(await screen.findByRole('heading', { level: 1, name: TITLE })).toBeInTheDocument();
    expect(services.getPublishedPublication).toHaveBeenCalledWith(expect.anything(), ID);
    expect(services.incrementViews).toHaveBeenCalledOnce();
    expect(services.incrementViews).toHaveBeenCalledWith(expect.anything(), ID);
    expect(screen.getAllByRole('link', { name: /Facebook/ })[0]).toHaveAttribute(
      'href',
      expect.stringContaining(encodeURIComponent(`${window.location.origin}/noticia/${ID}/rio-mogi-guacu-sobe-quase-dois-metros`)),
    );
  });

  it("renders the story's body as its loader made it: sanitised, pictures from elsewhere dropped, its own made lazy", async () => {
    services.getPublishedPublication.mockResolvedValue(
      publication({
        content:
          '<p onclick="steal()">O nível do rio subiu.</p><script>window.hacked = true</script>' +
          '<img src="/storage/v1/object/public/publications/rio.jpg" alt="Rio cheio" width="800" height="450">' +
          '<figure><img src="https://evil.example/x.jpg" alt="Rastreador"></figure>',
      }),
    );
    renderAt(paths.article(ID, TITLE));
    const paragraph = await screen.findByText('O nível do rio subiu.');
    expect(paragraph).not.toHaveAttribute('onclick');
    expect(paragraph.closest('article')?.querySelector('script')).toBeNull();
    expect(screen.getByRole('img', { name: 'Rio cheio' })).toHaveAttribute('loading', 'lazy');
    expect(screen.queryByRole('img', { name: 'Rastreador' })).not.toBeInTheDocument();
  });

  it('counts each open once: back home and in again is a second view, not more', async () => {
    services.getPublishedPublication.mockResolvedValue(publication());
    const router = renderAt('/');
    await userEvent.click(screen.getByRole('link', { name: 'abrir' }));
    await screen.findByRole('heading', { level: 1 });
    await userEvent.click(screen.getAllByRole('link', { name: 'Voltar para as notícias' })[0]!);
    expect(router.state.location.pathname).toBe('/');
    expect(services.incrementViews).toHaveBeenCalledOnce();
    await userEvent.click(await screen.findByRole('link', { name: 'abrir' }));
    await screen.findByRole('heading', { level: 1 });
    expect(services.incrementViews).toHaveBeenCalledTimes(2);
  });

  it("ends with 'Leia também': the topic's other stories, asked for in one request once the story is known", async () => {
    services.getPublishedPublication.mockResolvedValue(publication());
    const { content: _content, youtube_url: _video, ...summary } = publication();
    relatedService.listRelatedStories.mockResolvedValue([
      { ...summary, id: '22222222-2222-4222-8222-000000000009', title: 'Defesa Civil abre abrigo' },
    ]);
    renderAt(paths.article(ID, TITLE));
    const related = await screen.findByRole('heading', { level: 2, name: 'Leia também' });
    expect(related.closest('section')).toHaveTextContent('Defesa Civil abre abrigo');
    expect(screen.getByRole('link', { name: 'Defesa Civil abre abrigo' })).toHaveAttribute(
      'href',
      '/noticia/22222222-2222-4222-8222-000000000009/defesa-civil-abre-abrigo',
    );
    expect(relatedService.listRelatedStories).toHaveBeenCalledOnce();
    expect(relatedService.listRelatedStories).toHaveBeenCalledWith(expect.anything(), { topicId: 't1', excludeId: ID });
  });

  it("opens a 'Leia também' story and stays on its address while it loads and after", async () => {
    const otherId = '22222222-2222-4222-8222-000000000009';
    const otherTitle = 'Defesa Civil abre abrigo';
    let arrive!: () => void;
    const otherArrives = new Promise<void>((resolve) => (arrive = resolve));
    services.getPublishedPublication.mockImplementation(async (_client, id) => {
      if (id !== otherId) return publication();
      await otherArrives;
      return publication({ id: otherId, title: otherTitle });
    });
    const { content: _content, youtube_url: _video, ...summary } = publication();
    relatedService.listRelatedStories.mockImplementation((_client, { excludeId }) =>
      Promise.resolve(excludeId === ID ? [{ ...summary, id: otherId, title: otherTitle }] : []),
    );
    const router = renderAt(paths.article(ID, TITLE));
    await userEvent.click(await screen.findByRole('link', { name: otherTitle }));
    const otherAddress = paths.article(otherId, otherTitle);
    // While the other story loads, the first one must not put its own address back.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).toBe(otherAddress);
    arrive();
    expect(await screen.findByRole('heading', { level: 1, name: otherTitle })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(otherAddress);
  });

  it('shows a skeleton while loading', () => {
    services.getPublishedPublication.mockReturnValue(new Promise(() => undefined));
    renderAt(`/noticia/${ID}`);
    return waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Carregando notícia...'));
  });

  it('says clearly when the publication does not exist or is not published, and logs nothing', async () => {
    const consoleError = vi.spyOn(console, 'error');
    services.getPublishedPublication.mockResolvedValue(null);
    renderAt(`/noticia/${ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Notícia não encontrada' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir para a página inicial' })).toHaveAttribute('href', '/');
    // An expected state, not an error: nothing for the console.
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('tells a failed load apart from a missing publication, and logs the failure', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failure = new Error('Failed to fetch');
    services.getPublishedPublication.mockRejectedValue(failure);
    renderAt(`/noticia/${ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Não foi possível carregar a notícia' })).toBeInTheDocument();
    // Logged by an effect, which Preact runs after the frame that shows the message.
    await waitFor(() => expect(consoleError).toHaveBeenCalledWith(failure));
  });

  it('does not try to count a malformed id', async () => {
    services.getPublishedPublication.mockResolvedValue(null);
    renderAt('/noticia/nao-existe');
    await screen.findByRole('heading', { level: 1, name: 'Notícia não encontrada' });
    expect(services.incrementViews).not.toHaveBeenCalled();
  });
});
