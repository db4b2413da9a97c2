import { render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicPublication } from '../../../services/publications';
import { Component, loader } from './topic.route';

const services = vi.hoisted(() => ({
  listPublishedByTopicSlug: vi.fn<(client: unknown, slug: string) => Promise<PublicPublication[]>>(),
  getTopicBySlug: vi.fn<(client: unknown, slug: string) => Promise<{ id: string; name: string; slug: string } | null>>(),
}));
vi.mock('../../../services/publications', () => ({ listPublishedByTopicSlug: services.listPublishedByTopicSlug }));
vi.mock('../../../services/topics', () => ({ getTopicBySlug: services.getTopicBySlug }));
vi.mock('../../../services/browser-client', () => ({ browserClient: () => ({}) }));

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/topic/:slug', loader, Component }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
}

beforeEach(() => {
  services.listPublishedByTopicSlug.mockReset();
  services.getTopicBySlug.mockReset();
});

describe('topic route', () => {
  it('asks for the topic and its publications by slug at once, and puts the publications before the samples', async () => {
    services.getTopicBySlug.mockResolvedValue({ id: 't', name: 'Esportes', slug: 'esportes' });
    services.listPublishedByTopicSlug.mockResolvedValue([
      {
        id: '22222222-2222-4222-8222-000000000009',
        title: 'Futsal de Porto Ferreira vai à final',
        description: 'Decisão no ginásio municipal.',
        content: '',
        image_url: null,
        youtube_url: null,
        published_at: '2026-11-16T20:00:00-03:00',
        views: 1,
        author_id: null,
        topics: { id: 't', name: 'Esportes', slug: 'esportes' },
      },
    ]);
    renderAt('/topic/esportes');
    await screen.findByText('Futsal de Porto Ferreira vai à final');
    expect(services.listPublishedByTopicSlug).toHaveBeenCalledWith(expect.anything(), 'esportes');
    const titles = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    // No news key in tests: the three sports samples follow the publication.
    expect(titles).toHaveLength(4);
    expect(titles[0]).toBe('Futsal de Porto Ferreira vai à final');
    expect(titles[1]).toBe('Time do interior garante acesso à primeira divisão do estadual');
  });

  it('tolerates an unknown slug: empty state, no error', async () => {
    services.getTopicBySlug.mockResolvedValue(null);
    services.listPublishedByTopicSlug.mockResolvedValue([]);
    renderAt('/topic/nao-existe');
    expect(await screen.findByText('Nenhuma notícia encontrada')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
