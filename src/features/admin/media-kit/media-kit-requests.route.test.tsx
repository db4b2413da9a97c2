import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MediaKitRequest } from '../../../services/media-kit';
import { paths } from '../../../lib/paths';
import { renderRoute } from '../testing/render-route';
import * as mediaKitRoute from './media-kit-requests.route';

function request(n: number): MediaKitRequest {
  return {
    id: `r${n}`,
    name: `Anunciante ${n}`,
    company: 'Loja',
    email: `loja${n}@example.com`,
    phone: '19 99999-0000',
    interest: 'outros',
    message: null,
    created_at: '2026-11-01T12:00:00Z',
    handled_at: null,
  };
}

const services = vi.hoisted(() => ({
  listMediaKitRequestsPage: vi.fn<(client: unknown, page: number, pageSize: number, search: string) => Promise<{ rows: MediaKitRequest[]; total: number }>>(),
}));
vi.mock('../../../services/media-kit', () => services);
vi.mock('../../../services/browser-client', () => ({ browserClient: () => ({}) }));
vi.mock('../auth/admin-access', () => ({ requireAdmin: () => Promise.resolve() }));

beforeEach(() => {
  services.listMediaKitRequestsPage.mockReset().mockImplementation((_client, page) => Promise.resolve({ rows: [request(page)], total: 60 }));
});

describe('the media-kit requests, paged by offset', () => {
  it("shows 'Página 1 de 3 · 60 pedidos' and walks with 'Próxima' and 'Anterior' (?page=N)", async () => {
    const router = renderRoute(mediaKitRoute, { pattern: paths.admin.mediaKit.pattern });
    const user = userEvent.setup();
    expect(await screen.findByText('Página 1 de 3 · 60 pedidos')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Anterior' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Próxima' }));
    expect(await screen.findByText('Página 2 de 3 · 60 pedidos')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    expect(services.listMediaKitRequestsPage).toHaveBeenLastCalledWith(expect.anything(), 2, 25, '');
    expect(screen.getByText('Anunciante 2')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Anterior' }));
    expect(await screen.findByText('Página 1 de 3 · 60 pedidos')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it("searches through 'Buscar' (?q=) and keeps the search while paging", async () => {
    const router = renderRoute(mediaKitRoute, { pattern: paths.admin.mediaKit.pattern });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('searchbox', { name: 'Buscar' }), 'Cerâmica');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(await screen.findByText('Página 1 de 3 · 60 pedidos')).toBeInTheDocument();
    expect(services.listMediaKitRequestsPage).toHaveBeenLastCalledWith(expect.anything(), 1, 25, 'Cerâmica');
    await user.click(screen.getByRole('link', { name: 'Próxima' }));
    expect(await screen.findByText('Página 2 de 3 · 60 pedidos')).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('Cerâmica');
    expect(services.listMediaKitRequestsPage).toHaveBeenLastCalledWith(expect.anything(), 2, 25, 'Cerâmica');
  });

  it('says so when a search finds nothing', async () => {
    services.listMediaKitRequestsPage.mockResolvedValue({ rows: [], total: 0 });
    renderRoute(mediaKitRoute, { pattern: paths.admin.mediaKit.pattern, path: `${paths.admin.mediaKit()}?q=ninguem` });
    expect(await screen.findByText('Nenhum resultado encontrado.')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Buscar' })).toHaveValue('ninguem');
  });

  it('shows no pager when every request fits one page', async () => {
    services.listMediaKitRequestsPage.mockResolvedValue({ rows: [request(1)], total: 1 });
    renderRoute(mediaKitRoute, { pattern: paths.admin.mediaKit.pattern });
    expect(await screen.findByText('Anunciante 1')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Paginação' })).not.toBeInTheDocument();
  });

  it('shows when a request arrived and was handled in São Paulo time, whatever the machine zone', async () => {
    const lateEvening = { ...request(1), created_at: '2026-11-26T02:30:00Z', handled_at: '2026-11-26T11:05:00Z' };
    services.listMediaKitRequestsPage.mockResolvedValue({ rows: [lateEvening], total: 1 });
    renderRoute(mediaKitRoute, { pattern: paths.admin.mediaKit.pattern });
    expect(await screen.findByText('25/11/2026 23:30')).toBeInTheDocument();
    expect(screen.getByText('em 26/11/2026 08:05')).toBeInTheDocument();
  });

  it("offers 'Criar campanha' on each request, opening a new campaign from it", async () => {
    services.listMediaKitRequestsPage.mockResolvedValue({ rows: [request(1), request(2)], total: 2 });
    const router = renderRoute(mediaKitRoute, { pattern: paths.admin.mediaKit.pattern });
    const link = await screen.findByRole('link', { name: 'Criar campanha: Anunciante 2' });
    expect(link).toHaveTextContent('Criar campanha');
    expect(screen.getByRole('link', { name: 'Criar campanha: Anunciante 1' })).toHaveAttribute('href', paths.admin.adNew('r1'));
    await userEvent.setup().click(link);
    expect(await screen.findByText(`outra página: ${paths.admin.adNew('r2')}`)).toBeInTheDocument();
    expect(router.state.location.search).toBe('?pedido=r2');
  });
});
