import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NewsTipWithPhotos } from '../../../services/news-tip-admin';
import type { NewsTipStatus } from '../../../types/database';
import { paths } from '../../../lib/paths';
import { renderRoute } from '../testing/render-route';
import * as tipsRoute from './news-tips.route';

function tip(status: NewsTipStatus, overrides: Partial<NewsTipWithPhotos> = {}): NewsTipWithPhotos {
  return {
    id: `t-${status}`,
    what_happened: 'Semáforo apagado no cruzamento da avenida com a rua do mercado',
    place: 'Avenida Brasil',
    sender_name: null,
    sender_contact: 'leitor@exemplo.com.br',
    consent_text: 'Autorizo',
    consented_at: '2026-11-27T13:00:00Z',
    photo_paths: ['f/1.jpg', 'f/2.png'],
    status,
    created_at: '2026-11-27T13:00:00Z',
    photos: [
      { path: 'f/1.jpg', url: 'https://exemplo.supabase.co/storage/v1/object/sign/news-tips/f/1.jpg?token=t' },
      { path: 'f/2.png', url: null },
    ],
    ...overrides,
  };
}

const services = vi.hoisted(() => ({
  NEWS_TIP_LIST_LIMIT: 100,
  listNewsTipsWithPhotos: vi.fn<(client: unknown, status: NewsTipStatus) => Promise<NewsTipWithPhotos[]>>(),
  setNewsTipStatus: vi.fn<(client: unknown, id: string, status: NewsTipStatus) => Promise<void>>(),
  deleteNewsTip: vi.fn<(client: unknown, id: string) => Promise<void>>(),
}));
vi.mock('../../../services/news-tip-admin', () => services);
vi.mock('../../../services/browser-client', () => ({ browserClient: () => ({}) }));
vi.mock('../auth/admin-access', () => ({ requireAdmin: () => Promise.resolve() }));

beforeEach(() => {
  services.listNewsTipsWithPhotos.mockReset().mockImplementation((_client, status) => Promise.resolve([tip(status)]));
  services.setNewsTipStatus.mockReset().mockResolvedValue(undefined);
  services.deleteNewsTip.mockReset().mockResolvedValue(undefined);
});

describe("'Sugestões de pauta'", () => {
  it('shows the new tips first, each with its place, contact, consent time and photos', async () => {
    renderRoute(tipsRoute, { pattern: paths.admin.tips.pattern });
    const card = await screen.findByRole('article', { name: /^Sugestão: Semáforo apagado/ });
    expect(services.listNewsTipsWithPhotos).toHaveBeenLastCalledWith(expect.anything(), 'new');
    expect(screen.getByRole('link', { name: 'Novas' })).toHaveAttribute('aria-current', 'page');
    expect(within(card).getByText('Nova')).toBeInTheDocument();
    expect(within(card).getByText('Avenida Brasil')).toBeInTheDocument();
    expect(within(card).getByText('Leitor não identificado')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'leitor@exemplo.com.br' })).toHaveAttribute('href', 'mailto:leitor@exemplo.com.br');
    expect(within(card).getByText(/^Autorizou o uso e o contato em 27\/11\/2026 10:00$/)).toBeInTheDocument();
    const full = within(card).getByRole('link', { name: 'Abrir foto 1 em tamanho original (nova aba)' });
    expect(full).toHaveAttribute('href', tip('new').photos[0]!.url);
    expect(full).toHaveAttribute('target', '_blank');
    expect(within(full).getByRole('img', { name: 'Foto 1 da sugestão' })).toHaveAttribute('src', tip('new').photos[0]!.url);
    expect(within(card).getByText('Foto 2 indisponível')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: /^Marcar como lida/ })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: /^Marcar como usada/ })).toBeInTheDocument();
  });

  it("filters by status through the tabs (?situacao=usadas) and offers only the other mark", async () => {
    const router = renderRoute(tipsRoute, { pattern: paths.admin.tips.pattern });
    const user = userEvent.setup();
    await screen.findByRole('article');
    await user.click(screen.getByRole('link', { name: 'Usadas' }));
    await screen.findByText('Usada');
    const card = screen.getByRole('article', { name: /^Sugestão:/ });
    expect(router.state.location.search).toBe('?situacao=usadas');
    expect(services.listNewsTipsWithPhotos).toHaveBeenLastCalledWith(expect.anything(), 'used');
    expect(screen.getByRole('link', { name: 'Usadas' })).toHaveAttribute('aria-current', 'page');
    expect(within(card).queryByRole('button', { name: /^Marcar como usada/ })).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: /^Marcar como lida/ })).toBeInTheDocument();
  });

  it('says so when a status has no tip', async () => {
    services.listNewsTipsWithPhotos.mockResolvedValue([]);
    renderRoute(tipsRoute, { pattern: paths.admin.tips.pattern });
    expect(await screen.findByText('Nenhuma sugestão nova.')).toBeInTheDocument();
  });

  it('marks a tip used, and says so when marking fails', async () => {
    const user = userEvent.setup();
    renderRoute(tipsRoute, { pattern: paths.admin.tips.pattern });
    await user.click(await screen.findByRole('button', { name: /^Marcar como usada/ }));
    await vi.waitFor(() => expect(services.setNewsTipStatus).toHaveBeenCalledWith(expect.anything(), 't-new', 'used'));

    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    services.setNewsTipStatus.mockRejectedValueOnce(new Error('HTTP 500'));
    await user.click(await screen.findByRole('button', { name: /^Marcar como lida/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Erro ao atualizar a sugestão. Tente novamente.');
  });

  it('deletes a tip only after the confirmation, and says it went with its photos', async () => {
    const user = userEvent.setup();
    renderRoute(tipsRoute, { pattern: paths.admin.tips.pattern });
    await user.click(await screen.findByRole('button', { name: /^Excluir/ }));
    const dialog = screen.getByRole('dialog', { name: 'Confirmar exclusão' });
    expect(dialog).toHaveTextContent(
      'Tem certeza que deseja excluir a sugestão "Semáforo apagado no cruzamento da avenida com a rua do merc…"? O texto, os dados de contato e as fotos serão apagados definitivamente.',
    );
    expect(services.deleteNewsTip).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Sugestão excluída, com as fotos.')).toBeInTheDocument();
    expect(services.deleteNewsTip).toHaveBeenCalledWith(expect.anything(), 't-new');
  });
});
