import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminPublicationSummary as AdminPublication } from '../../../services/publication-admin';
import { paths } from '../../../lib/paths';
import { buildAdminPublicationSummary } from '../../../../tests/support/row-factories';
import { renderRoute } from '../testing/render-route';
import * as publicationListRoute from './publication-list.route';

const publication = (overrides: Partial<AdminPublication>): AdminPublication =>
  buildAdminPublicationSummary({ description: 'Três dias de feira', ...overrides });

// The list's services, holding the rows as the database would, and the sign-in check.
const db = vi.hoisted(() => ({ rows: [] as AdminPublication[] }));
const services = vi.hoisted(() => ({
  listPublicationsPage: vi.fn(() => Promise.resolve({ rows: db.rows, pageSize: 25, total: db.rows.length, hasMore: false })),
  setPublicationPublished: vi.fn<(client: unknown, id: string, published: boolean) => Promise<void>>(),
  deletePublication: vi.fn<(client: unknown, id: string) => Promise<void>>(),
  setLeadStory: vi.fn<(client: unknown, id: string, on: boolean) => Promise<{ replaced: null }>>(),
}));
vi.mock('../../../services/publication-admin', () => services);
vi.mock('../../../services/browser-client', () => ({ browserClient: () => ({}) }));
vi.mock('../auth/admin-access', () => ({ requireAdmin: () => Promise.resolve() }));

beforeEach(() => {
  db.rows = [publication({})];
  services.listPublicationsPage.mockClear();
  services.setPublicationPublished.mockReset().mockImplementation((_client, id, published) => {
    db.rows = db.rows.map((row) => (row.id === id ? { ...row, published } : row));
    return Promise.resolve();
  });
  services.deletePublication.mockReset().mockImplementation((_client, id) => {
    db.rows = db.rows.filter((row) => row.id !== id);
    return Promise.resolve();
  });
});
afterEach(() => vi.restoreAllMocks());

async function renderList() {
  renderRoute(publicationListRoute, { pattern: paths.admin.publications.pattern });
  const row = await screen.findByRole('row', { name: /Festa da cerâmica/ });
  return { row, user: userEvent.setup() };
}

describe('the publication list', () => {
  it("has the header's 'Nova Publicação' link and docs/product.md §2's columns", async () => {
    await renderList();
    expect(screen.getByRole('heading', { name: 'Publicações', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Nova Publicação' })).toHaveAttribute('href', '/admin/publications/new');
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Título', 'Tópico', 'Status', 'Data', 'Ações']);
    expect(screen.getByRole('link', { name: 'Editar: Festa da cerâmica' })).toHaveAttribute('href', '/admin/publications/p1/edit');
  });

  it("unpublishes from the list: the row's buttons wait for the save, then the list reloads", async () => {
    let finish!: () => void;
    services.setPublicationPublished.mockImplementationOnce((_client, id, published) => {
      db.rows = db.rows.map((row) => (row.id === id ? { ...row, published } : row));
      return new Promise((resolve) => (finish = resolve));
    });
    const { row, user } = await renderList();
    await user.click(within(row).getByRole('button', { name: 'Despublicar: Festa da cerâmica' }));
    expect(within(row).getByRole('button', { name: 'Despublicar: Festa da cerâmica' })).toBeDisabled();
    expect(within(row).getByRole('button', { name: 'Excluir: Festa da cerâmica' })).toBeDisabled();
    expect(services.setPublicationPublished).toHaveBeenCalledWith(expect.anything(), 'p1', false);
    finish();
    expect(await within(row).findByRole('button', { name: 'Publicar: Festa da cerâmica' })).toBeEnabled();
    expect(within(row).getAllByText('Rascunho')).not.toHaveLength(0);
    expect(services.listPublicationsPage).toHaveBeenCalledTimes(2);
  });

  it("shows 'Erro ao alterar o status da publicação.' when the toggle fails, and logs it", async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    services.setPublicationPublished.mockRejectedValueOnce(new Error('permission denied'));
    const { row, user } = await renderList();
    await user.click(within(row).getByRole('button', { name: 'Despublicar: Festa da cerâmica' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Erro ao alterar o status da publicação.');
    expect(within(row).getByRole('button', { name: 'Despublicar: Festa da cerâmica' })).toBeEnabled();
    expect(consoleError).toHaveBeenCalledTimes(1);
  });

  it('deletes after the confirmation, and the row goes', async () => {
    const { row, user } = await renderList();
    await user.click(within(row).getByRole('button', { name: 'Excluir: Festa da cerâmica' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirmar exclusão' });
    expect(dialog).toHaveTextContent('Tem certeza que deseja excluir esta publicação?');
    await user.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Nenhuma publicação cadastrada')).toBeInTheDocument();
    expect(services.deletePublication).toHaveBeenCalledWith(expect.anything(), 'p1');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows 'Erro ao excluir publicação.' when the delete fails, and keeps the row", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    services.deletePublication.mockRejectedValueOnce(new Error('foreign key'));
    const { row, user } = await renderList();
    await user.click(within(row).getByRole('button', { name: 'Excluir: Festa da cerâmica' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Erro ao excluir publicação.');
    expect(screen.getByRole('row', { name: /Festa da cerâmica/ })).toBeInTheDocument();
  });

  it("shows 'Erro ao carregar as publicações.' under the header when the list cannot load", async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    services.listPublicationsPage.mockRejectedValueOnce(new Error('network down'));
    renderRoute(publicationListRoute, { pattern: paths.admin.publications.pattern });
    expect(await screen.findByRole('alert')).toHaveTextContent('Erro ao carregar as publicações.');
    expect(screen.getByRole('link', { name: 'Nova Publicação' })).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledTimes(1);
  });
});
