import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { PublicationPreview } from '../services/publication-admin';
import { paths } from '../lib/paths';
import { renderRoute } from '../features/admin/testing/render-route';
import * as previewRoute from './publication-preview.route';

// 'Pré-visualizar' (docs/decisions/0014): the reader's article view of a draft or scheduled story under a marker.

const services = vi.hoisted(() => ({
  getPublicationPreview: vi.fn<(client: unknown, id: string) => Promise<PublicationPreview | null>>(),
  incrementViews: vi.fn(),
}));
vi.mock('../services/publication-admin', () => ({ getPublicationPreview: services.getPublicationPreview }));
vi.mock('../services/publications', () => ({ incrementViews: services.incrementViews }));
vi.mock('../services/browser-client', () => ({ browserClient: () => ({}) }));
vi.mock('../features/admin/auth/admin-access', () => ({ requireAdmin: () => Promise.resolve() }));
afterEach(() => vi.restoreAllMocks());

const story = (overrides: Partial<PublicationPreview>): PublicationPreview => ({
  id: 'p1',
  title: 'Festival de inverno abre inscrições',
  description: 'Feira de artesanato volta ao centro.',
  content: '<p>Corpo da matéria.</p>',
  image_url: null,
  image_alt: null,
  image_credit: null,
  youtube_url: null,
  published: false,
  published_at: null,
  views: 0,
  author_id: null,
  sponsor_name: null,
  byline: null,
  topics: { id: 'local', name: 'Porto Ferreira', slug: 'local' },
  ...overrides,
});

async function open() {
  renderRoute(previewRoute, { pattern: paths.admin.publicationPreview.pattern, path: paths.admin.publicationPreview('p1') });
  return screen.findByRole('region', { name: 'Pré-visualização' });
}

describe('the preview', () => {
  it("shows a draft with the reader's article view under a 'Pré-visualização' marker, and counts no view", async () => {
    services.getPublicationPreview.mockResolvedValue(story({}));
    const marker = await open();
    expect(marker).toHaveTextContent('Rascunho: os leitores não a veem.');
    expect(within(marker).getByRole('link', { name: 'Editar publicação' })).toHaveAttribute('href', '/admin/publications/p1/edit');
    expect(screen.getByRole('heading', { level: 1, name: 'Festival de inverno abre inscrições' })).toBeInTheDocument();
    expect(screen.getByText('Corpo da matéria.')).toBeInTheDocument();
    expect(screen.getByText('Redação')).toBeInTheDocument();
    expect(services.incrementViews).not.toHaveBeenCalled();
    // An address readers cannot open is nothing to share.
    expect(screen.queryByRole('button', { name: 'Copiar link' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /compartilhar/i })).not.toBeInTheDocument();
  });

  it("says when a scheduled story reaches readers, in São Paulo time, and shows the signer's name", async () => {
    services.getPublicationPreview.mockResolvedValue(story({ published: true, published_at: '2099-11-25T11:00:00Z', byline: 'Ana Souza' }));
    const marker = await open();
    expect(marker).toHaveTextContent('Agendada para 25/11/2099 08:00 (horário de São Paulo): os leitores ainda não a veem.');
    expect(screen.getByText('Ana Souza')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copiar link' })).not.toBeInTheDocument();
  });

  it('offers sharing once readers can open the story', async () => {
    services.getPublicationPreview.mockResolvedValue(story({ published: true, published_at: '2026-11-01T12:00:00Z' }));
    await open();
    expect(screen.getAllByRole('button', { name: 'Copiar link' })).toHaveLength(2);
  });

  it("is 'not found' for an unknown story", async () => {
    services.getPublicationPreview.mockResolvedValue(null);
    renderRoute(previewRoute, { pattern: paths.admin.publicationPreview.pattern, path: paths.admin.publicationPreview('p1') });
    expect(await screen.findByText('Registro não encontrado')).toBeInTheDocument();
  });
});
