import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as SearchService from '../../../services/search';
import type { PublicationHit, PublicationSearch } from '../../../services/search';
import { Component, loader } from './search.route';

const services = vi.hoisted(() => ({
  searchPublications: vi.fn<(client: unknown, search: PublicationSearch) => Promise<PublicationHit[]>>(),
  countPublicationSearch: vi.fn<(client: unknown, search: unknown) => Promise<{ total: number; exact: boolean }>>(),
  searchObituaries: vi.fn<(client: unknown, search: unknown) => Promise<never[]>>(),
}));
vi.mock('../../../services/search', async (importOriginal) => ({
  ...(await importOriginal<typeof SearchService>()),
  ...services,
}));
vi.mock('../../../services/reader-data-client', () => ({ readerDataClient: () => ({}) }));

const hit = (n: number): PublicationHit => ({
  id: `22222222-2222-4222-8222-${String(n).padStart(12, '0')}`,
  title: `Feira ${n}`,
  description: null,
  image_url: null,
  published_at: `2026-11-${String(20 - (n % 19)).padStart(2, '0')}T10:00:00Z`,
  views: 0,
  author_id: null,
  sponsor_name: null,
  topics: null,
  rank: 1,
  excerpt: `… a feira número ${n} …`,
});

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/busca', loader, Component }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  for (const service of Object.values(services)) service.mockReset();
  services.countPublicationSearch.mockResolvedValue({ total: 21, exact: true });
  services.searchObituaries.mockResolvedValue([]);
});

describe('search route', () => {
  it('sends nothing for an empty query', async () => {
    renderAt('/busca');
    expect(await screen.findByText('Digite uma palavra para buscar.')).toBeInTheDocument();
    expect(services.searchPublications).not.toHaveBeenCalled();
  });

  it("searches the address's query, then the next page after the last row with 'Carregar mais'", async () => {
    const user = userEvent.setup();
    services.searchPublications.mockResolvedValueOnce(Array.from({ length: 20 }, (_, n) => hit(n + 1)));
    services.searchPublications.mockResolvedValueOnce([hit(21)]);
    renderAt('/busca?q=feira');
    expect(await screen.findByText('(21 resultados)')).toBeInTheDocument();
    expect(screen.getByText('… a feira número 1 …')).toBeInTheDocument();
    expect(services.searchPublications).toHaveBeenCalledWith(expect.anything(), { q: 'feira' });
    await user.click(screen.getByRole('button', { name: 'Carregar mais' }));
    expect(await screen.findByRole('link', { name: 'Feira 21' })).toBeInTheDocument();
    const last = hit(20);
    expect(services.searchPublications).toHaveBeenLastCalledWith(expect.anything(), {
      q: 'feira',
      after: { rank: 1, publishedAt: last.published_at, id: last.id },
    });
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(21);
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).not.toBeInTheDocument();
  });

  it("asks again with 'Tentar novamente' after a failure", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    services.searchPublications.mockRejectedValueOnce(new Error('offline'));
    services.searchPublications.mockResolvedValueOnce([hit(1)]);
    renderAt('/busca?q=feira');
    await user.click(await screen.findByRole('button', { name: 'Tentar novamente' }));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Feira 1' })).toBeInTheDocument());
    expect(screen.queryByText('Não foi possível buscar agora. Tente novamente.')).not.toBeInTheDocument();
  });
});
