import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { paths } from '../../../lib/paths';
import { routeTestBackend } from '../../../../tests/support/route-test-backend';
import { renderRoute } from '../testing/render-route';
import * as topicsRoute from './topics.route';

// The screen, its route (loader, action, the sign-in check), its service and the database together: the screen's
// client is the signed-in admin's, talking to a local backend over HTTP, so what a save sends is what the
// database's triggers see.
vi.mock('../../../services/browser-client', () => import('../../../../tests/support/route-test-backend'));
const local = routeTestBackend();



function renderTopicsScreen() {
  renderRoute(topicsRoute, { pattern: paths.admin.topics.pattern });
}

/** The topic's row once the list shows it with this slug (a row is named by its cells: name, slug, date, ...). */
function rowWithSlug(name: string, slug: string): Promise<HTMLElement> {
  return screen.findByRole('row', { name: new RegExp(`^${name} ${slug} `) });
}

async function storedSlug(id: string): Promise<string | undefined> {
  const { data } = await local.backend.anon().from('topics').select('slug').eq('id', id).maybeSingle();
  return data?.slug;
}

describe('the topics screen', () => {
  it("opening 'Porto Ferreira' and clicking 'Atualizar' unchanged keeps the slug local", async () => {
    const user = userEvent.setup();
    renderTopicsScreen();
    const row = await rowWithSlug('Porto Ferreira', 'local');
    await user.click(within(row).getByRole('button', { name: 'Editar: Porto Ferreira' }));
    expect(screen.getByRole('textbox', { name: 'Nome do tópico' })).toHaveValue('Porto Ferreira');
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));

    expect(await screen.findByRole('button', { name: 'Adicionar' })).toBeInTheDocument();
    await rowWithSlug('Porto Ferreira', 'local');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(await storedSlug('11111111-1111-4111-8111-000000000001')).toBe('local');
  });

  it('renaming a navigation topic changes its name, not its slug', async () => {
    const user = userEvent.setup();
    renderTopicsScreen();
    await user.click(await screen.findByRole('button', { name: 'Editar: Política' }));
    const input = screen.getByRole('textbox', { name: 'Nome do tópico' });
    await user.clear(input);
    await user.type(input, 'Política e Cidadania');
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));

    await rowWithSlug('Política e Cidadania', 'politica');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('renaming a topic the newsroom added gives it the new slug and keeps the old one leading to it', async () => {
    const user = userEvent.setup();
    renderTopicsScreen();
    await user.type(await screen.findByPlaceholderText('Nome do tópico'), 'Meio Ambiente');
    await user.click(screen.getByRole('button', { name: 'Adicionar' }));
    const row = await rowWithSlug('Meio Ambiente', 'meio-ambiente');
    await user.click(within(row).getByRole('button', { name: 'Editar: Meio Ambiente' }));
    const input = screen.getByRole('textbox', { name: 'Nome do tópico' });
    await user.type(input, ' e Clima');
    expect(input).toHaveAccessibleDescription(
      'Slug: meio-ambiente-e-clima (o endereço antigo (meio-ambiente) continuará levando a este tópico)',
    );
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));

    await rowWithSlug('Meio Ambiente e Clima', 'meio-ambiente-e-clima');
    const { data } = await local.backend
      .anon()
      .from('topic_slug_redirects')
      .select('old_slug,topics(slug)')
      .eq('old_slug', 'meio-ambiente');
    expect(data).toEqual([{ old_slug: 'meio-ambiente', topics: { slug: 'meio-ambiente-e-clima' } }]);
  });
});
