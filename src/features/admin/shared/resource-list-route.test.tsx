import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Job } from '../../../services/jobs';
import type { AdminListPage, AdminListQuery } from '../../../services/admin-paging';
import { paths } from '../../../lib/paths';
import { buildJob } from '../../../../tests/support/row-factories';
import { renderRoute } from '../testing/render-route';
import * as jobListRoute from '../jobs/job-list.route';

// The generic list (resourceListRoute) through the job list: the address carries the page, the search and the
// filter; the loader hands them to the service, which answers one page.

const ID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function job(n: number): Job {
  return buildJob({
    id: ID(n),
    title: `Vaga ${n}`,
    company: 'Cerâmica',
    published: n % 2 === 0,
    created_at: `2026-11-${String(30 - n).padStart(2, '0')}T12:00:00+00:00`,
  });
}

const services = vi.hoisted(() => ({
  listJobsPage: vi.fn<(client: unknown, query: AdminListQuery) => Promise<AdminListPage<Job>>>(),
  setJobPublished: vi.fn(),
  deleteJob: vi.fn(),
}));
vi.mock('../../../services/job-admin', () => services);
vi.mock('../../../services/browser-client', () => ({ browserClient: () => ({}) }));
vi.mock('../auth/admin-access', () => ({ requireAdmin: () => Promise.resolve() }));

beforeEach(() => {
  services.listJobsPage.mockReset().mockResolvedValue({ rows: [job(1), job(2)], pageSize: 25, total: 327, hasMore: true });
});

function lastQuery(): AdminListQuery {
  const call = services.listJobsPage.mock.calls.at(-1);
  if (!call) throw new Error('the list was not loaded');
  return call[1];
}

describe('the generic admin list', () => {
  it("shows 'Página 1 de 14 · 327 vagas' and a 'Próxima' link carrying the last row's cursor, no 'Anterior'", async () => {
    renderRoute(jobListRoute, { pattern: paths.admin.jobs.pattern });
    const pager = await screen.findByRole('navigation', { name: 'Paginação' });
    expect(pager).toHaveTextContent('Página 1 de 14 · 327 vagas');
    expect(within(pager).queryByRole('link', { name: 'Anterior' })).not.toBeInTheDocument();
    const next = within(pager).getByRole('link', { name: 'Próxima' });
    expect(next).toHaveAttribute('href', `/admin/jobs?page=2&after=${encodeURIComponent(`${job(2).created_at},${ID(2)}`)}`);
    expect(lastQuery()).toEqual({ q: '', status: 'all', after: null, before: null });
  });

  it("follows 'Próxima' and 'Anterior': the loader gets the cursor, page 2's 'Anterior' goes back to the first page", async () => {
    const router = renderRoute(jobListRoute, { pattern: paths.admin.jobs.pattern });
    const user = userEvent.setup();
    const next = await screen.findByRole('link', { name: 'Próxima' });
    services.listJobsPage.mockResolvedValue({ rows: [job(3), job(4)], pageSize: 25, total: 327, hasMore: true });
    await user.click(next);
    expect(await screen.findByText('Página 2 de 14 · 327 vagas')).toBeInTheDocument();
    expect(services.listJobsPage.mock.calls.map((call) => call[1].after)).toEqual([null, { at: job(2).created_at, id: ID(2) }]);
    expect(screen.getByRole('row', { name: /Vaga 3/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Anterior' })).toHaveAttribute('href', '/admin/jobs');
    expect(screen.getByRole('link', { name: 'Próxima' })).toHaveAttribute('href', expect.stringContaining('page=3&after='));
    await user.click(screen.getByRole('link', { name: 'Anterior' }));
    expect(await screen.findByText('Página 1 de 14 · 327 vagas')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it("on a deeper page, 'Anterior' asks for the rows before the first shown one", async () => {
    const after = encodeURIComponent(`${job(4).created_at},${ID(4)}`);
    renderRoute(jobListRoute, { pattern: paths.admin.jobs.pattern, path: `/admin/jobs?page=3&after=${after}` });
    const previous = await screen.findByRole('link', { name: 'Anterior' });
    expect(previous).toHaveAttribute('href', `/admin/jobs?page=2&before=${encodeURIComponent(`${job(1).created_at},${ID(1)}`)}`);
    expect(screen.getByText('Página 3 de 14 · 327 vagas')).toBeInTheDocument();
  });

  it("searches and filters through a GET form ('Buscar', status), starting again at page 1", async () => {
    const after = encodeURIComponent(`${job(2).created_at},${ID(2)}`);
    const router = renderRoute(jobListRoute, { pattern: paths.admin.jobs.pattern, path: `/admin/jobs?page=2&after=${after}` });
    const user = userEvent.setup();
    await screen.findByRole('navigation', { name: 'Paginação' });
    services.listJobsPage.mockResolvedValue({ rows: [job(6)], pageSize: 25, total: 1, hasMore: false });
    await user.type(screen.getByRole('searchbox', { name: 'Buscar' }), 'cerâmica');
    const status = screen.getByRole('combobox', { name: 'Status' });
    expect(within(status).getAllByRole('option').map((option) => option.textContent)).toEqual(['Todas', 'Publicadas', 'Rascunhos']);
    await user.selectOptions(status, 'Rascunhos');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(await screen.findByText('Página 1 de 1 · 1 vaga')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=cer%C3%A2mica&status=draft');
    expect(lastQuery()).toEqual({ q: 'cerâmica', status: 'draft', after: null, before: null });
    expect(screen.queryByRole('link', { name: 'Próxima' })).not.toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Buscar' })).toHaveValue('cerâmica');
  });

  it("says 'Nenhum resultado encontrado.' for a search without rows", async () => {
    services.listJobsPage.mockResolvedValue({ rows: [], pageSize: 25, total: null, hasMore: false });
    renderRoute(jobListRoute, { pattern: paths.admin.jobs.pattern, path: '/admin/jobs?q=nada' });
    expect(await screen.findByText('Nenhum resultado encontrado.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Paginação' })).not.toBeInTheDocument();
  });

  it("says 'Página 1' when the total is unknown (a search)", async () => {
    services.listJobsPage.mockResolvedValue({ rows: [job(1)], pageSize: 25, total: null, hasMore: true });
    renderRoute(jobListRoute, { pattern: paths.admin.jobs.pattern, path: '/admin/jobs?q=vaga' });
    expect(await screen.findByRole('navigation', { name: 'Paginação' })).toHaveTextContent(/^Página 1Próxima$/);
  });

  it('reads a hand-typed page number without a cursor as page 1, and ignores an unknown status', async () => {
    renderRoute(jobListRoute, { pattern: paths.admin.jobs.pattern, path: '/admin/jobs?page=9&status=tudo' });
    expect(await screen.findByText('Página 1 de 14 · 327 vagas')).toBeInTheDocument();
    expect(lastQuery()).toEqual({ q: '', status: 'all', after: null, before: null });
  });
});
