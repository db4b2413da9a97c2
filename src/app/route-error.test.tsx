import { render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, Outlet } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { RouteError } from './route-error';

function renderAt(path: string, loader: () => unknown) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            <header>Masthead</header>
            <Outlet />
          </>
        ),
        children: [{ errorElement: <RouteError />, children: [{ path: 'pagina', loader, element: <p>ok</p> }] }],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
}

describe('RouteError', () => {
  it("shows 'Unexpected Application Error!' with the status, inside the layout, and a way home", async () => {
    renderAt('/pagina', () => {
      throw new Response('Not Found', { status: 404, statusText: 'Not Found' });
    });
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('404 Not Found')).toBeInTheDocument();
    expect(screen.getByText('Masthead')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar para a página inicial' })).toHaveAttribute('href', '/');
  });

  it('shows the message of an unexpected error and logs it', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('/pagina', () => {
      throw new Error('Falha ao carregar');
    });
    expect(await screen.findByText('Falha ao carregar')).toBeInTheDocument();
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });
});
