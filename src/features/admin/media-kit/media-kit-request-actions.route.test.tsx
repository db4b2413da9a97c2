import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { deleteMediaKitRequest, listMediaKitRequestsPage, submitMediaKitRequest } from '../../../services/media-kit';
import { paths } from '../../../lib/paths';
import { routeTestBackend } from '../../../../tests/support/route-test-backend';
import { renderRoute } from '../testing/render-route';
import * as mediaKitRoute from './media-kit-requests.route';

// The media-kit screen, its route (loader, action), its services and the database together: an administrator marks
// a request handled and back to new, and deletes one (a person's contact data) after confirming.
vi.mock('../../../services/browser-client', () => import('../../../../tests/support/route-test-backend'));
const local = routeTestBackend();



let sent = 0;
/**
 * A request sent through the advertising form's service, as a reader sends it; its id. Every one comes from
 * 127.0.0.1, and the database takes 3 an hour from one client: this file sends no more.
 */
async function readerSends(name: string): Promise<string> {
  sent += 1;
  const email = `anunciante-${sent}-${Date.now().toString(36)}@example.com`;
  await submitMediaKitRequest(local.backend.anon(), { name, company: 'Loja', email, phone: '(19) 99999-0000', interest: 'outros', message: null });
  const { rows } = await listMediaKitRequestsPage(await local.backend.admin(), 1, 25, email);
  if (!rows[0]) throw new Error(`the request of ${name} was not stored`);
  return rows[0].id;
}

function rowOf(name: string): HTMLElement {
  const row = screen.getAllByRole('row').find((candidate) => within(candidate).queryByText(name));
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

describe('handling media-kit requests on the admin screen', () => {
  it("shows a new request as 'Novo', marks it 'Atendido' and back to 'Novo'", async () => {
    const id = await readerSends('Ana Anunciante');
    const user = userEvent.setup();
    renderRoute(mediaKitRoute, { pattern: paths.admin.mediaKit.pattern });

    await user.click(await screen.findByRole('button', { name: 'Marcar como atendido: Ana Anunciante' }));
    expect(await screen.findByRole('button', { name: 'Marcar como novo: Ana Anunciante' })).toBeEnabled();
    expect(within(rowOf('Ana Anunciante')).getByText('Atendido')).toBeInTheDocument();
    const stored = (await listMediaKitRequestsPage(await local.backend.admin(), 1)).rows.find((row) => row.id === id);
    expect(stored?.handled_at).not.toBeNull();

    await user.click(screen.getByRole('button', { name: 'Marcar como novo: Ana Anunciante' }));
    expect(await screen.findByRole('button', { name: 'Marcar como atendido: Ana Anunciante' })).toBeEnabled();
    expect(within(rowOf('Ana Anunciante')).getByText('Novo')).toBeInTheDocument();
    expect(within(rowOf('Ana Anunciante')).queryByText('Atendido')).not.toBeInTheDocument();
  });

  it("'Excluir' asks first; cancelling keeps the request, confirming deletes it and says so", async () => {
    const id = await readerSends('Bruno Banner');
    const user = userEvent.setup();
    renderRoute(mediaKitRoute, { pattern: paths.admin.mediaKit.pattern });

    await user.click(await screen.findByRole('button', { name: 'Excluir: Bruno Banner' }));
    let dialog = screen.getByRole('dialog', { name: 'Confirmar exclusão' });
    expect(dialog).toHaveAccessibleDescription(
      'Tem certeza que deseja excluir o pedido de mídia kit de Bruno Banner? Os dados de contato serão apagados definitivamente.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(rowOf('Bruno Banner')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Excluir: Bruno Banner' }));
    dialog = screen.getByRole('dialog', { name: 'Confirmar exclusão' });
    await user.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Pedido de Bruno Banner excluído.');
    expect(screen.queryByText('Bruno Banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const left = (await listMediaKitRequestsPage(await local.backend.admin(), 1)).rows.map((row) => row.id);
    expect(left).not.toContain(id);
  });

  it('says so when the request was deleted meanwhile, and logs the failure', async () => {
    const id = await readerSends('Carla Cartaz');
    const user = userEvent.setup();
    renderRoute(mediaKitRoute, { pattern: paths.admin.mediaKit.pattern });
    await screen.findByRole('button', { name: 'Excluir: Carla Cartaz' });
    // Another administrator deletes it while this screen still shows it.
    await deleteMediaKitRequest(await local.backend.admin(), id);

    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await user.click(screen.getByRole('button', { name: 'Marcar como atendido: Carla Cartaz' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Erro ao atualizar o pedido de mídia kit. Tente novamente.');
    await user.click(screen.getByRole('button', { name: 'Excluir: Carla Cartaz' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Confirmar exclusão' })).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Erro ao excluir o pedido de mídia kit. Tente novamente.')).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledTimes(2);
    consoleError.mockRestore();
  });
});
