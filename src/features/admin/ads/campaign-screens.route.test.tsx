import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  campaignReport,
  countAdEvent,
  createAdvertiser,
  getCampaign,
  listCampaigns,
  reportToken,
  saveCampaign,
  type CampaignInput,
} from '../../../services/ad-campaigns';
import { createDataClient } from '../../../services/data-client';
import { todayInputValue } from '../../../lib/dates';
import { paths } from '../../../lib/paths';
import { BROWSER_USER_AGENT, fetchFromAddress, loopbackClientAddress } from '../../../../tests/support/fetch-from-address';
import { routeTestBackend } from '../../../../tests/support/route-test-backend';
import { renderRoute } from '../testing/render-route';
import { dayAfter } from '../dashboard/dashboard-view';
import * as listRoute from './campaign-list.route';
import * as campaignRoute from './campaign.route';
import * as dashboardRoute from '../dashboard/dashboard.route';

// The newsroom's campaign screens, their routes, services and the database together: the list with what is on the
// site today, pausing and deleting; one campaign's figures, its CSV and the advertiser's report link; the dashboard's
// campaigns running now and ending this week.
vi.mock('../../../services/browser-client', () => import('../../../../tests/support/route-test-backend'));
const local = routeTestBackend();

const today = todayInputValue();
let readers = 0;

async function campaignOf(advertiser: string, fields: Partial<CampaignInput> = {}): Promise<string> {
  const admin = await local.backend.admin();
  const { id } = await createAdvertiser(admin, advertiser, `contato@${advertiser.toLowerCase().replace(/\W+/g, '')}.com.br`);
  return saveCampaign(admin, {
    advertiser_id: id,
    space: 'banner-lateral',
    image_url: `${local.backend.url}/storage/v1/object/public/ads/teste/${id}.png`,
    image_width: 300,
    image_height: 600,
    alt_text: `${advertiser}: ofertas da semana`,
    target_url: 'https://comercio.example.com.br/ofertas',
    starts_on: dayAfter(today, -2),
    ends_on: dayAfter(today, 20),
    ...fields,
  });
}

/** What one reader's browser counts: each reader from an address of its own, as the database limits per client. */
async function readerCounts(campaignId: string, kind: 'impression' | 'click'): Promise<void> {
  const fetch = fetchFromAddress(loopbackClientAddress(300 + readers++), { userAgent: BROWSER_USER_AGENT });
  await countAdEvent(createDataClient(local.backend.url, local.backend.anonKey, { fetch, retry: false }), campaignId, kind);
}

function rowOf(text: string): HTMLElement {
  const row = screen.getAllByRole('row').find((candidate) => within(candidate).queryByText(text));
  if (!row) throw new Error(`no row for ${text}`);
  return row;
}

describe("the 'Anúncios' list", () => {
  it('shows each campaign with its space, days and whether it is on the site today', async () => {
    await campaignOf('Ótica Visão');
    await campaignOf('Loja Futura', { starts_on: dayAfter(today, 5), ends_on: dayAfter(today, 30) });
    renderRoute(listRoute, { pattern: paths.admin.ads.pattern });

    const running = rowOf(await screen.findByText('Ótica Visão').then((link) => link.textContent ?? ''));
    expect(within(running).getAllByText('Banner Lateral')[0]).toBeInTheDocument();
    expect(within(running).getByText('Ativa')).toBeInTheDocument();
    expect(within(running).getByText('No ar hoje')).toBeInTheDocument();
    const future = rowOf('Loja Futura');
    expect(within(future).getByText(`Começa em ${dayAfter(today, 5).split('-').reverse().join('/')}`)).toBeInTheDocument();
    expect(within(future).queryByText('No ar hoje')).not.toBeInTheDocument();
  });

  it("'Pausar' stops a campaign and 'Ativar' brings it back, as stored", async () => {
    const id = await campaignOf('Farmácia Popular');
    const user = userEvent.setup();
    renderRoute(listRoute, { pattern: paths.admin.ads.pattern });

    await user.click(await screen.findByRole('button', { name: 'Pausar: Farmácia Popular, Banner Lateral' }));
    expect(await screen.findByRole('button', { name: 'Ativar: Farmácia Popular, Banner Lateral' })).toBeEnabled();
    expect(within(rowOf('Farmácia Popular')).getByText('Pausada')).toBeInTheDocument();
    expect((await getCampaign(await local.backend.admin(), id)).state).toBe('pausada');

    await user.click(screen.getByRole('button', { name: 'Ativar: Farmácia Popular, Banner Lateral' }));
    expect(await screen.findByRole('button', { name: 'Pausar: Farmácia Popular, Banner Lateral' })).toBeEnabled();
    expect((await getCampaign(await local.backend.admin(), id)).state).toBe('ativa');
  });

  it("'Excluir' asks first, then deletes the campaign and says so", async () => {
    const id = await campaignOf('Auto Escola Rápida');
    const user = userEvent.setup();
    renderRoute(listRoute, { pattern: paths.admin.ads.pattern });

    await user.click(await screen.findByRole('button', { name: 'Excluir: Auto Escola Rápida, Banner Lateral' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirmar exclusão' });
    expect(dialog).toHaveAccessibleDescription(
      'Tem certeza que deseja excluir a campanha de Auto Escola Rápida, Banner Lateral? Os números dela e o link do relatório também serão apagados.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Campanha de Auto Escola Rápida, Banner Lateral excluída.');
    expect(screen.queryByText('Auto Escola Rápida')).not.toBeInTheDocument();
    expect((await listCampaigns(await local.backend.admin())).map((item) => item.id)).not.toContain(id);
  });
});

describe("a campaign's page", () => {
  it('shows the counted impressions, clicks and click-through rate, per day and in total, and as CSV', async () => {
    const id = await campaignOf('Sorveteria Gelato');
    for (let reader = 0; reader < 4; reader += 1) await readerCounts(id, 'impression');
    await readerCounts(id, 'click');
    renderRoute(campaignRoute, { pattern: paths.admin.adCampaign.pattern, path: paths.admin.adCampaign(id) });

    expect(await screen.findByRole('heading', { name: 'Campanha: Sorveteria Gelato' })).toBeInTheDocument();
    const totals = screen.getByRole('region', { name: 'Números da campanha por dia' });
    const day = within(totals).getAllByRole('row')[1]!;
    expect(within(day).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['4', '1', '25,00%']);
    expect(screen.getByText('Taxa de cliques (CTR)').nextSibling).toHaveTextContent('25,00%');

    const csvLink = screen.getByRole('link', { name: 'Baixar CSV' });
    expect(csvLink).toHaveAttribute('download', `anuncio-sorveteria-gelato-${id.slice(0, 8)}.csv`);
    const csv = decodeURIComponent(csvLink.getAttribute('href')!.replace('data:text/csv;charset=utf-8,', ''));
    expect(csv).toBe(`\uFEFFDia;Impressões;Cliques;CTR\r\n${today};4;1;25,00%\r\nTotal;4;1;25,00%\r\n`);
  });

  it("makes the advertiser's report link, copies it, and revokes it after confirming", async () => {
    const id = await campaignOf('Academia Força');
    await readerCounts(id, 'impression');
    const user = userEvent.setup();
    const writeText = vi.fn<(text: string) => Promise<void>>().mockResolvedValue();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderRoute(campaignRoute, { pattern: paths.admin.adCampaign.pattern, path: paths.admin.adCampaign(id) });

    expect(await screen.findByText('Nenhum link ativo.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Gerar link do relatório' }));
    const address = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Link do relatório' });
    const token = await reportToken(await local.backend.admin(), id);
    expect(token).toMatch(/\S{20,}/);
    expect(address.value).toBe(new URL(paths.adReport(token!), location.origin).href);
    // The advertiser, with no session, reads the figures behind it.
    expect(await campaignReport(local.backend.anon(), token!)).toMatchObject({ advertiser: 'Academia Força', impressions: 1 });

    await user.click(screen.getByRole('button', { name: 'Copiar link' }));
    expect(writeText).toHaveBeenCalledWith(address.value);
    expect(await screen.findByText('Link copiado.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Revogar link' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Revogar link do relatório' })).getByRole('button', { name: 'Revogar' }));
    expect(await screen.findByText('Nenhum link ativo.')).toBeInTheDocument();
    expect(await campaignReport(local.backend.anon(), token!)).toBeNull();
  });

  it('says so for a campaign that does not exist', async () => {
    renderRoute(campaignRoute, { pattern: paths.admin.adCampaign.pattern, path: paths.admin.adCampaign('00000000-0000-4000-8000-000000000000') });
    expect(await screen.findByRole('heading', { name: 'Registro não encontrado' })).toBeInTheDocument();
    expect(screen.getByText('O item procurado não existe ou foi excluído.')).toBeInTheDocument();
  });
});

describe("the dashboard's advertising", () => {
  it('lists the campaigns on the site now, marking those that end this week, and leaves out paused and future ones', async () => {
    await campaignOf('Mercado Bom Preço', { ends_on: dayAfter(today, 3) });
    await campaignOf('Pet Shop Amigo', { ends_on: dayAfter(today, 40) });
    await campaignOf('Loja Parada', { state: 'pausada' });
    await campaignOf('Loja do Mês que Vem', { starts_on: dayAfter(today, 10), ends_on: dayAfter(today, 40) });
    renderRoute(dashboardRoute, { pattern: paths.admin.root.pattern });

    const section = await screen.findByRole('region', { name: 'Anúncios no ar' });
    const items = within(section).getAllByRole('listitem');
    const ending = items.find((item) => within(item).queryByText('Mercado Bom Preço'))!;
    expect(ending).toHaveTextContent('Termina esta semana');
    expect(within(ending).getByRole('link', { name: 'Mercado Bom Preço' })).toHaveAttribute('href', expect.stringMatching(/^\/admin\/ads\/[0-9a-f-]{36}$/));
    const later = items.find((item) => within(item).queryByText('Pet Shop Amigo'))!;
    expect(later).not.toHaveTextContent('Termina esta semana');
    expect(section).not.toHaveTextContent('Loja Parada');
    expect(section).not.toHaveTextContent('Loja do Mês que Vem');
  });
});
