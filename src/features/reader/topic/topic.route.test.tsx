import type * as SearchService from '../../../services/search';
import { render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicationHit, PublicationSearch } from '../../../services/search';
import { Component, loader } from './topic.route';

const services = vi.hoisted(() => ({
  searchPublications: vi.fn<(client: unknown, search: PublicationSearch) => Promise<PublicationHit[]>>(),
  resolveTopicSlug: vi.fn<(client: unknown, slug: string) => Promise<{ id: string; name: string; slug: string } | null>>(),
}));
vi.mock('../../../services/search', async (importOriginal) => ({
  ...(await importOriginal<typeof SearchService>()),
  searchPublications: services.searchPublications,
}));
vi.mock('../../../services/topics', () => ({ resolveTopicSlug: services.resolveTopicSlug }));
vi.mock('../../../services/reader-data-client', () => ({ readerDataClient: () => ({}) }));

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/topic/:slug', loader, Component }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  services.searchPublications.mockReset();
  services.resolveTopicSlug.mockReset();
});

describe('topic route', () => {
  it('asks for the topic and its publications by slug at once, and puts the publications before the samples', async () => {
    services.resolveTopicSlug.mockResolvedValue({ id: 't', name: 'Esportes', slug: 'esportes' });
    services.searchPublications.mockResolvedValue([
      {
        id: '22222222-2222-4222-8222-000000000009',
        title: 'Futsal de Porto Ferreira vai à final',
        description: 'Decisão no ginásio municipal.',
        image_url: null,
        published_at: '2026-11-16T20:00:00-03:00',
        views: 1,
        author_id: null,
        sponsor_name: null,
        topics: { id: 't', name: 'Esportes', slug: 'esportes' },
        rank: 0,
        excerpt: null,
      },
    ]);
    renderAt('/topic/esportes');
    await screen.findByText('Futsal de Porto Ferreira vai à final');
    expect(services.searchPublications).toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ topicSlug: 'esportes', after: null }));
    const titles = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    // No news key in tests: the three sports samples follow the publication.
    expect(titles).toHaveLength(4);
    expect(titles[0]).toBe('Futsal de Porto Ferreira vai à final');
    expect(titles[1]).toBe('Time do interior garante acesso à primeira divisão do estadual');
  });

  it('tolerates an unknown slug: empty state, no error', async () => {
    services.resolveTopicSlug.mockResolvedValue(null);
    services.searchPublications.mockResolvedValue([]);
    renderAt('/topic/nao-existe');
    expect(await screen.findByText('Nenhuma notícia encontrada')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("redirects a renamed topic's old slug to its current address, and shows that topic", async () => {
    services.resolveTopicSlug.mockImplementation((_client, slug) =>
      Promise.resolve(['meio-ambiente', 'meio-ambiente-e-clima'].includes(slug) ? { id: 't9', name: 'Meio Ambiente e Clima', slug: 'meio-ambiente-e-clima' } : null),
    );
    services.searchPublications.mockResolvedValue([]);
    const router = renderAt('/topic/meio-ambiente');
    expect(await screen.findByRole('heading', { level: 1, name: 'Meio Ambiente e Clima' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/topic/meio-ambiente-e-clima');
    expect(services.resolveTopicSlug).toHaveBeenCalledWith(expect.anything(), 'meio-ambiente');
    expect(services.searchPublications).toHaveBeenLastCalledWith(expect.anything(), expect.objectContaining({ topicSlug: 'meio-ambiente-e-clima' }));
  });

  it('the loader answers an old slug with a redirect response', async () => {
    services.resolveTopicSlug.mockResolvedValue({ id: 't9', name: 'Meio Ambiente e Clima', slug: 'meio-ambiente-e-clima' });
    services.searchPublications.mockResolvedValue([]);
    const url = new URL('http://localhost/topic/meio-ambiente');
    const outcome: unknown = await loader({
      params: { slug: 'meio-ambiente' },
      request: new Request(url),
      url,
      pattern: '/topic/:slug',
      context: {},
    }).catch((thrown: unknown) => thrown);
    expect(outcome).toBeInstanceOf(Response);
    expect((outcome as Response).headers.get('Location')).toBe('/topic/meio-ambiente-e-clima');
  });

  it('does not wait for the lookup on a navigation slug (which the database never moves)', async () => {
    services.resolveTopicSlug.mockReturnValue(new Promise(() => undefined));
    services.searchPublications.mockResolvedValue([]);
    renderAt('/topic/politica');
    // The loading page and the loaded one each have the heading: whichever is on screen, it must be there.
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Política' })).toBeInTheDocument());
    expect(services.searchPublications).toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ topicSlug: 'politica' }));
  });
});
