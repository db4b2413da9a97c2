import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminPublicationSummary as AdminPublication } from '../../../services/publication-admin';
import { paths } from '../../../lib/paths';
import { buildAdminPublicationSummary } from '../../../../tests/support/row-factories';
import { renderRoute } from '../testing/render-route';
import { AdminSessionContext, type AdminSession } from '../layout/admin-session-context';
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
// Each story's figures over 30 days (issue 38), as the database would answer an editor.
const audience = vi.hoisted(() => ({
  storyListAudience: vi.fn((_client: unknown, ids: readonly string[]) => Promise.resolve(new Map(ids.map((id) => [id, { views: 1234, readers: 987 }])))),
}));
vi.mock('../../../services/audience', () => audience);
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
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Título', 'Tópico', 'Status', 'Data', 'Audiência (30 dias)', 'Ações']);
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

describe("the list's audience column (issue 38)", () => {
  it("shows an editor each story's views and readers over 30 days", async () => {
    const { row } = await renderList();
    expect(within(row).getByText('1.234 visualizações')).toBeInTheDocument();
    expect(within(row).getByText('987 leitores')).toBeInTheDocument();
    expect(audience.storyListAudience).toHaveBeenCalledWith(expect.anything(), ['p1']);
  });

  it("still lists the stories when the figures cannot be read, with '—' for them", async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    audience.storyListAudience.mockRejectedValueOnce(new Error('network down'));
    const { row } = await renderList();
    expect(within(row).getByText('—')).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledTimes(1);
  });
});

describe("the publication list for a reporter (decision 0037)", () => {
  const reporter: AdminSession = {
    user: { id: 'rep', email: 'rep@example.com', name: 'Rita' },
    profile: { id: 'rep', name: 'Rita', email: 'rep@example.com', role: 'reporter', created_at: '2026-10-01T12:00:00Z' },
    role: 'reporter',
  };

  it("edits and deletes only its own drafts, publishes nothing, and shows 'Em revisão' and 'Devolvida'", async () => {
    db.rows = [
      publication({}),
      publication({ id: 'd1', title: 'Meu rascunho', published: false, published_at: null, author_id: 'rep', review_requested_at: '2026-11-27T13:00:00Z' }),
      publication({ id: 'd2', title: 'Devolvido a mim', published: false, published_at: null, author_id: 'rep', review_note: 'Falta a foto.' }),
    ];
    renderRoute(
      {
        ...publicationListRoute,
        Component: () => (
          <AdminSessionContext value={reporter}>
            <publicationListRoute.Component />
          </AdminSessionContext>
        ),
      },
      { pattern: paths.admin.publications.pattern },
    );
    const others = await screen.findByRole('row', { name: /Festa da cerâmica/ });
    expect(screen.queryByRole('columnheader', { name: 'Audiência (30 dias)' })).not.toBeInTheDocument();
    expect(within(others).queryByRole('link', { name: /^Editar/ })).not.toBeInTheDocument();
    expect(within(others).queryByRole('button', { name: /^(Excluir|Despublicar|Publicar|Tornar manchete)/ })).not.toBeInTheDocument();
    expect(within(others).getByRole('link', { name: 'Pré-visualizar: Festa da cerâmica' })).toBeInTheDocument();

    const mine = screen.getByRole('row', { name: /Meu rascunho/ });
    expect(within(mine).getByRole('link', { name: 'Editar: Meu rascunho' })).toBeInTheDocument();
    expect(within(mine).getByRole('button', { name: 'Excluir: Meu rascunho' })).toBeInTheDocument();
    expect(within(mine).queryByRole('button', { name: /^Publicar/ })).not.toBeInTheDocument();
    expect(within(mine).getAllByText('Em revisão').length).toBeGreaterThan(0);
    expect(within(screen.getByRole('row', { name: /Devolvido a mim/ })).getAllByText('Devolvida').length).toBeGreaterThan(0);
  });
});
