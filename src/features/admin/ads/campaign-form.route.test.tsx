import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createAdvertiser, deleteAdvertiser, getCampaign, listAdvertisers, listCampaigns, saveCampaignWithAdvertiser } from '../../../services/ad-campaigns';
import type { Client } from '../../../services/client';
import { listMediaKitRequests, submitMediaKitRequest, type MediaKitRequest } from '../../../services/media-kit';
import { paths } from '../../../lib/paths';
import { todayInputValue } from '../../../lib/dates';
import { routeTestBackend, screenClient } from '../../../../tests/support/route-test-backend';
import { renderRoute } from '../testing/render-route';
import { installImageDecoder, pngFile } from '../testing/creative-files';
import * as campaignFormRoute from './campaign-form.route';

// The campaign form with its route's loader and action, the services, the 'ads' bucket and the database together:
// a new advertiser and their campaign are saved, a campaign starts from a media-kit request ('Criar campanha'), and a
// save the database refuses keeps what was typed.
vi.mock('../../../services/browser-client', () => import('../../../../tests/support/route-test-backend'));
const route = routeTestBackend();

let admin: Client;

beforeAll(() => {
  admin = screenClient();
  installImageDecoder();
});
afterAll(() => vi.unstubAllGlobals());

function openNewCampaign(mediaKitRequestId?: string) {
  renderRoute(campaignFormRoute, { pattern: paths.admin.adNew.pattern, path: paths.admin.adNew(mediaKitRequestId) });
  return userEvent.setup();
}

/** A request sent from the advertising page, as readers send it, then read back as the newsroom does. */
async function sentMediaKitRequest(values: Pick<MediaKitRequest, 'name' | 'company' | 'email' | 'phone' | 'interest'>): Promise<MediaKitRequest> {
  await submitMediaKitRequest(route.backend.anon(), { ...values, message: null });
  const found = (await listMediaKitRequests(admin)).find((request) => request.email === values.email);
  if (!found) throw new Error('the media-kit request was not stored');
  return found;
}

const creativeInput = (label: string) => screen.getByLabelText(new RegExp(`^${label}`));

async function uploadCreative(user: ReturnType<typeof userEvent.setup>, label: string, width: number, height: number) {
  await user.upload(creativeInput(label), await pngFile(width, height));
  await screen.findByRole('img', { name: `Pré-visualização: ${label}` });
}

async function fillBanner(user: ReturnType<typeof userEvent.setup>, { alt, endsOn }: { alt: string; endsOn: string }) {
  await user.type(screen.getByRole('textbox', { name: /Texto alternativo/ }), alt);
  await user.type(screen.getByRole('textbox', { name: /Link de destino/ }), 'https://padaria.com.br/natal');
  await user.type(screen.getByLabelText(/Término/), endsOn);
}

describe('the campaign form against the local backend', () => {
  it('creates the new advertiser and the campaign, with its creatives uploaded to the ads bucket', async () => {
    const user = openNewCampaign();
    await screen.findByRole('heading', { name: 'Nova Campanha' });
    const advertiser = screen.getByRole('combobox', { name: /Anunciante/ });
    if ((advertiser as HTMLSelectElement).value !== 'novo') await user.selectOptions(advertiser, '+ Novo anunciante');
    await user.type(screen.getByRole('textbox', { name: /Nome do anunciante/ }), 'Padaria Central');
    await user.type(screen.getByRole('textbox', { name: /Contato do anunciante/ }), 'Ana Souza · ana@padaria.com.br');
    await uploadCreative(user, 'Imagem do anúncio', 970, 250);
    await uploadCreative(user, 'Versão para celular', 320, 100);
    await fillBanner(user, { alt: 'Panetone da Padaria Central', endsOn: '2099-12-31' });
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(`outra página: ${paths.admin.ads()}`)).toBeInTheDocument();

    const saved = (await listCampaigns(admin)).find((campaign) => campaign.alt_text === 'Panetone da Padaria Central');
    expect(saved?.advertiser).toBe('Padaria Central');
    const campaign = await getCampaign(admin, saved!.id);
    expect(campaign).toMatchObject({
      space: 'banner-principal',
      image_width: 970,
      image_height: 250,
      mobile_image_width: 320,
      mobile_image_height: 100,
      target_url: 'https://padaria.com.br/natal',
      starts_on: todayInputValue(),
      ends_on: '2099-12-31',
      state: 'ativa',
      media_kit_request_id: null,
    });
    expect(campaign.image_url).toMatch(/\/storage\/v1\/object\/public\/ads\//);
    // The creative is really there, as readers' browsers will ask for it.
    expect((await fetch(campaign.image_url)).status).toBe(200);
    expect((await listAdvertisers(admin)).find((row) => row.id === campaign.advertiser_id)?.contact).toBe('Ana Souza · ana@padaria.com.br');
  }, 60_000);

  it("starts from a media-kit request: the company, the sender's contact and the space, and saves where it came from", async () => {
    const request = await sentMediaKitRequest({
      name: 'Maria Silva',
      company: 'Ótica Visão',
      email: 'maria@oticavisao.com.br',
      phone: '(19) 99999-0000',
      interest: 'banner-lateral',
    });
    const user = openNewCampaign(request.id);
    expect(await screen.findByRole('textbox', { name: /Nome do anunciante/ })).toHaveValue('Ótica Visão');
    expect(screen.getByRole('combobox', { name: /Anunciante/ })).toHaveDisplayValue('+ Novo anunciante');
    expect(screen.getByRole('textbox', { name: /Contato do anunciante/ })).toHaveValue('Maria Silva · maria@oticavisao.com.br · (19) 99999-0000');
    expect(screen.getByRole('combobox', { name: /Espaço/ })).toHaveDisplayValue('Banner Lateral');
    expect(screen.queryByLabelText(/^Versão para celular/)).not.toBeInTheDocument();

    await uploadCreative(user, 'Imagem do anúncio', 300, 600);
    await fillBanner(user, { alt: 'Óculos com 20% de desconto', endsOn: '2099-01-31' });
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(`outra página: ${paths.admin.ads()}`)).toBeInTheDocument();

    const saved = (await listCampaigns(admin)).find((campaign) => campaign.alt_text === 'Óculos com 20% de desconto');
    expect(saved).toMatchObject({ advertiser: 'Ótica Visão', space: 'banner-lateral' });
    expect(await getCampaign(admin, saved!.id)).toMatchObject({ media_kit_request_id: request.id, mobile_image_url: null });
  }, 60_000);

  it('gives the empty form for a request id that names no request', async () => {
    openNewCampaign('00000000-0000-4000-8000-00000000dead');
    await screen.findByRole('heading', { name: 'Nova Campanha' });
    expect(screen.getByRole('combobox', { name: /Espaço/ })).toHaveDisplayValue('Banner Principal');
    expect(screen.getByLabelText(/Início/)).toHaveValue(todayInputValue());
    expect(screen.queryByDisplayValue(/Maria/)).not.toBeInTheDocument();
  });

  it("keeps what was typed and says 'Erro ao salvar campanha' when the database refuses the save", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const gone = await createAdvertiser(admin, 'Loja que fechou', 'contato@loja.com.br');
    const user = openNewCampaign();
    await user.selectOptions(await screen.findByRole('combobox', { name: /Anunciante/ }), 'Loja que fechou');
    await uploadCreative(user, 'Imagem do anúncio', 970, 250);
    await uploadCreative(user, 'Versão para celular', 320, 100);
    await fillBanner(user, { alt: 'Liquidação', endsOn: '2099-02-28' });
    // The advertiser is removed while the form is open: the campaign can no longer name them.
    await deleteAdvertiser(admin, gone.id);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Erro ao salvar campanha')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Texto alternativo/ })).toHaveValue('Liquidação');
    expect(screen.getByRole('img', { name: 'Pré-visualização: Imagem do anúncio' })).toBeInTheDocument();
    expect((await listCampaigns(admin)).some((campaign) => campaign.alt_text === 'Liquidação')).toBe(false);
    vi.restoreAllMocks();
  }, 60_000);

  it('leaves no new advertiser behind when the database refuses their campaign', async () => {
    const refused = saveCampaignWithAdvertiser(admin, {
      advertiser: { name: 'Anunciante recusado', contact: 'recusado@example.com' },
      // 800×200 is no space's size: the database's check refuses it.
      campaign: {
        space: 'banner-lateral',
        image_url: 'http://127.0.0.1:54321/storage/v1/object/public/ads/x.png',
        image_width: 800,
        image_height: 200,
        alt_text: 'Recusado',
        target_url: 'https://example.com',
        starts_on: '2099-01-01',
        ends_on: '2099-01-31',
      },
    });
    await expect(refused).rejects.toThrow();
    expect((await listAdvertisers(admin)).some((advertiser) => advertiser.name === 'Anunciante recusado')).toBe(false);
  });

  it("opens a campaign as saved in 'Editar Campanha' and saves a change to it", async () => {
    const bucket = `${route.backend.url}/storage/v1/object/public/ads/`;
    const id = await saveCampaignWithAdvertiser(admin, {
      advertiser: { name: 'Sorveteria Polar', contact: 'polar@example.com' },
      campaign: {
        space: 'banner-materia',
        image_url: `${bucket}materia.png`,
        image_width: 728,
        image_height: 90,
        mobile_image_url: `${bucket}materia-celular.png`,
        mobile_image_width: 320,
        mobile_image_height: 50,
        alt_text: 'Sorvete em dobro',
        target_url: 'https://sorveteriapolar.com.br',
        starts_on: '2099-01-01',
        ends_on: '2099-03-31',
      },
    });
    renderRoute(campaignFormRoute, { pattern: paths.admin.adEdit.pattern, path: paths.admin.adEdit(id) });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Editar Campanha' });
    expect(screen.getByRole('combobox', { name: /Anunciante/ })).toHaveDisplayValue('Sorveteria Polar');
    expect(screen.getByRole('combobox', { name: /Espaço/ })).toHaveDisplayValue('Banner em Matéria');
    expect(screen.getByRole('img', { name: 'Pré-visualização: Imagem do anúncio' })).toHaveAttribute('src', `${bucket}materia.png`);
    expect(screen.getByRole('img', { name: 'Pré-visualização: Versão para celular' })).toHaveAttribute('src', `${bucket}materia-celular.png`);
    expect(screen.getByLabelText(/Término/)).toHaveValue('2099-03-31');

    await user.selectOptions(screen.getByRole('combobox', { name: /Situação/ }), 'Pausada');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(`outra página: ${paths.admin.ads()}`)).toBeInTheDocument();
    expect(await getCampaign(admin, id)).toMatchObject({ state: 'pausada', alt_text: 'Sorvete em dobro', mobile_image_height: 50 });
  }, 60_000);

  it('says a campaign that does not exist was not found', async () => {
    renderRoute(campaignFormRoute, { pattern: paths.admin.adEdit.pattern, path: paths.admin.adEdit('00000000-0000-4000-8000-00000000beef') });
    expect(await screen.findByText('Registro não encontrado')).toBeInTheDocument();
  });
});
