import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Obituary } from '../../../services/obituaries';
import { buildObituary } from '../../../../tests/support/row-factories';
import { Component } from './obituary.route';

function renderNotice(obituary: Obituary | null) {
  const router = createMemoryRouter([{ path: '/obituarios/:id/:slug?', loader: () => ({ obituary: Promise.resolve(obituary) }), Component, HydrateFallback: () => null }], {
    initialEntries: ['/obituarios/abc'],
  });
  return render(<RouterProvider router={router} />);
}

describe('an obituary’s own page', () => {
  it('shows the whole notice under its name, with the share buttons and the way back to the list', async () => {
    renderNotice(buildObituary({ id: 'abc', name: 'Maria Aparecida Souza', age: 91, funeral_location: 'Velório Municipal' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Maria Aparecida Souza' })).toBeInTheDocument();
    expect(screen.getByText('91 anos', { exact: false })).toBeInTheDocument();
    // Under the h1, the funeral's heading is an h2: no level skipped.
    expect(screen.getByRole('heading', { level: 2, name: 'Informações do Velório' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Compartilhar no WhatsApp/ }).getAttribute('href')).toContain(
      encodeURIComponent('/obituarios/abc/maria-aparecida-souza'),
    );
    expect(screen.getByRole('link', { name: 'Todos os obituários' })).toHaveAttribute('href', '/obituarios');
    // The title is set by an effect, which runs once the page has painted.
    await waitFor(() => expect(document.title).toMatch(/^Obituário: Maria Aparecida Souza \|/));
  });

  it('an unknown or unpublished one is “Obituário não encontrado”', async () => {
    renderNotice(null);
    expect(await screen.findByRole('heading', { level: 1, name: 'Obituário não encontrado' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver todos os obituários' })).toHaveAttribute('href', '/obituarios');
  });
});
