import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderInRouter } from '../testing/render-in-router';
import { ReaderLayout } from './reader-layout';

describe('reader layout', () => {
  it('has the masthead, the topic navigation in its order and the footer', () => {
    renderInRouter(<ReaderLayout />);
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Porto Ferreira Notícias' })).toHaveAttribute('href', '/');
    expect(within(banner).getByRole('link', { name: /Instagram/ })).toHaveAttribute('href', 'https://www.instagram.com/portoferreiranoticias');
    expect(within(banner).getByRole('link', { name: /WhatsApp/ })).toHaveAttribute('target', '_blank');
    expect(within(banner).getByRole('link', { name: 'Buscar' })).toHaveAttribute('href', '/busca');
    expect(within(banner).getByRole('button', { name: /Notificações/ })).toBeInTheDocument();
    const links = within(screen.getByRole('navigation', { name: 'Editorias' })).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Porto Ferreira', '/topic/local'],
      ['Política', '/topic/politica'],
      ['Economia', '/topic/economia'],
      ['Saúde', '/topic/saude'],
      ['Esportes', '/topic/esportes'],
      ['Cultura', '/topic/cultura'],
      ['Educação', '/topic/educacao'],
      ['Tecnologia', '/topic/tecnologia'],
    ]);
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Anuncie' })).toHaveAttribute('href', '/anuncie');
    expect(within(footer).getByRole('link', { name: 'Obituário' })).toHaveAttribute('href', '/obituarios');
    expect(within(footer).getByText('comercial@portoferreiranoticias.com.br')).toBeInTheDocument();
  });

  it('opens and closes the navigation with the menu button, which says what it controls', async () => {
    const user = userEvent.setup();
    renderInRouter(<ReaderLayout />);
    const button = screen.getByRole('button', { name: 'Abrir menu' });
    const list = document.getElementById(button.getAttribute('aria-controls') ?? '');
    expect(list).not.toBeNull();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(list).toHaveClass('hidden');
    await user.click(button);
    expect(screen.getByRole('button', { name: 'Fechar menu' })).toHaveAttribute('aria-expanded', 'true');
    expect(list).not.toHaveClass('hidden');
  });

  it('closes the menu when a link is chosen', async () => {
    const user = userEvent.setup();
    const { router } = renderInRouter(<ReaderLayout />, { routes: [{ path: '/topic/:slug', element: <ReaderLayout /> }] });
    await user.click(screen.getByRole('button', { name: 'Abrir menu' }));
    await user.click(screen.getByRole('link', { name: 'Saúde' }));
    expect(router.state.location.pathname).toBe('/topic/saude');
    expect(screen.getByRole('button', { name: 'Abrir menu' })).toHaveAttribute('aria-expanded', 'false');
  });
});
