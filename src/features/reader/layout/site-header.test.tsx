import { act, screen, within } from '@testing-library/react';
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
      ['Apoie o jornal', '/apoie'],
    ]);
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Anuncie' })).toHaveAttribute('href', '/anuncie');
    expect(within(footer).getByRole('link', { name: 'Apoie o jornal' })).toHaveAttribute('href', '/apoie');
    expect(within(footer).getByRole('link', { name: 'Obituário' })).toHaveAttribute('href', '/obituarios');
    expect(within(footer).getByText('comercial@portoferreiranoticias.com.br')).toBeInTheDocument();
  });

  // jsdom has no popovers: the browser's own opening and closing are the end-to-end journeys' (e2e/reader/); here, the
  // wiring the browser acts on and how the app follows it.
  it('opens the navigation as a native popover, and names the button after its state', () => {
    renderInRouter(<ReaderLayout />);
    const button = screen.getByRole('button', { name: 'Abrir menu' });
    const list = document.getElementById(button.getAttribute('popovertarget') ?? '');
    expect(list).not.toBeNull();
    expect(list).toHaveAttribute('popover', 'auto');
    expect(button).toHaveAttribute('aria-controls', list?.id);
    expect(button).toHaveAttribute('aria-expanded', 'false');
    toggle(list!, 'open');
    expect(screen.getByRole('button', { name: 'Fechar menu' })).toHaveAttribute('aria-expanded', 'true');
    toggle(list!, 'closed');
    expect(screen.getByRole('button', { name: 'Abrir menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes the menu when a link is chosen', async () => {
    const user = userEvent.setup();
    const { router } = renderInRouter(<ReaderLayout />, { routes: [{ path: '/topic/:slug', element: <ReaderLayout /> }] });
    const list = document.getElementById(screen.getByRole('button', { name: 'Abrir menu' }).getAttribute('popovertarget') ?? '')!;
    let open = true;
    Object.assign(list, {
      matches: (selector: string) => (selector === ':popover-open' ? open : Element.prototype.matches.call(list, selector)),
      hidePopover: () => {
        open = false;
        toggle(list, 'closed');
      },
    });
    toggle(list, 'open');
    await user.click(screen.getByRole('link', { name: 'Saúde' }));
    expect(router.state.location.pathname).toBe('/topic/saude');
    expect(open).toBe(false);
    expect(screen.getByRole('button', { name: 'Abrir menu' })).toHaveAttribute('aria-expanded', 'false');
  });
});

/** What the browser dispatches on a popover that opened or closed (jsdom has no ToggleEvent). */
function toggle(element: HTMLElement, newState: 'open' | 'closed') {
  act(() => {
    element.dispatchEvent(Object.assign(new Event('toggle'), { newState, oldState: newState === 'open' ? 'closed' : 'open' }));
  });
}
