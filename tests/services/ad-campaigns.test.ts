import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  campaignFigures,
  campaignReport,
  countAdEvent,
  createAdvertiser,
  deleteCampaign,
  figuresOf,
  getCampaign,
  listCampaigns,
  renewReportLink,
  reportToken,
  revokeReportLink,
  saveCampaign,
  servingCampaigns,
  setCampaignState,
  type CampaignInput,
} from '../../src/services/ad-campaigns.ts';
import type { Client, DataClient } from '../../src/services/client.ts';
import { createDataClient } from '../../src/services/data-client.ts';
import { BROWSER_USER_AGENT, fetchFromAddress, loopbackClientAddress } from '../support/fetch-from-address.ts';
import { startTestBackend, type TestBackend } from '../support/test-backend.ts';

// The advertising services over real supabase-js, the local backend and its migrations: what the newsroom does with
// a campaign, what a reader's page gets of it, and what the advertiser's report shows.

let backend: TestBackend;
let admin: Client;
let today = '';
let nextAddress = 40;

/** A reader's browser on a loopback address of its own. */
function reader(): DataClient {
  const fetch = fetchFromAddress(loopbackClientAddress(nextAddress++), { userAgent: BROWSER_USER_AGENT });
  return createDataClient(backend.url, backend.anonKey, { fetch, retry: false });
}

const plusDays = (day: string, days: number) => new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

function lateralCampaign(advertiserId: string, fields: Partial<CampaignInput> = {}): CampaignInput {
  return {
    advertiser_id: advertiserId,
    space: 'banner-lateral',
    image_url: `${backend.url}/storage/v1/object/public/ads/2026/padaria.webp`,
    image_width: 300,
    image_height: 600,
    alt_text: '  Padaria Central: pão quente toda manhã  ',
    target_url: 'https://padaria-central.com.br/natal',
    starts_on: plusDays(today, -1),
    ends_on: plusDays(today, 10),
    ...fields,
  };
}

beforeAll(async () => {
  backend = await startTestBackend();
  admin = (await backend.admin()).client;
  const { rows } = await backend.db.query<{ today: string }>(`select private.sao_paulo_date(now())::text as today`);
  today = rows[0]!.today;
});
afterAll(() => backend?.stop());

describe('a campaign, from the newsroom to the reader', () => {
  it('serves while active and within its days, not while paused, and is gone once deleted', async () => {
    const advertiser = await createAdvertiser(admin, ' Padaria Central ', 'compras@padaria-central.com.br');
    expect(advertiser.name).toBe('Padaria Central');
    const id = await saveCampaign(admin, lateralCampaign(advertiser.id));

    const stored = await getCampaign(admin, id);
    expect(stored).toMatchObject({ space: 'banner-lateral', state: 'ativa', alt_text: 'Padaria Central: pão quente toda manhã' });
    expect((await listCampaigns(admin)).find((item) => item.id === id)).toMatchObject({ advertiser: 'Padaria Central', state: 'ativa' });

    const served = await servingCampaigns(reader(), 'banner-lateral');
    expect(served).toEqual([
      {
        id,
        space: 'banner-lateral',
        image_url: stored.image_url,
        image_width: 300,
        image_height: 600,
        mobile_image_url: null,
        mobile_image_width: null,
        mobile_image_height: null,
        alt_text: 'Padaria Central: pão quente toda manhã',
        target_url: 'https://padaria-central.com.br/natal',
      },
    ]);
    expect(await servingCampaigns(reader(), 'banner-principal')).toEqual([]);

    await setCampaignState(admin, id, 'pausada');
    expect(await servingCampaigns(reader(), 'banner-lateral')).toEqual([]);
    await setCampaignState(admin, id, 'ativa');
    expect((await servingCampaigns(reader(), 'banner-lateral')).map((campaign) => campaign.id)).toEqual([id]);

    await deleteCampaign(admin, id);
    expect(await servingCampaigns(reader(), 'banner-lateral')).toEqual([]);
    await expect(getCampaign(admin, id)).rejects.toThrow('Campanha não encontrada.');
  });

  it('does not serve a campaign before its first day, nor a reader who tries to change it', async () => {
    const advertiser = await createAdvertiser(admin, 'Loja de Tintas', '(19) 3581-0000');
    const id = await saveCampaign(admin, lateralCampaign(advertiser.id, { starts_on: plusDays(today, 1), ends_on: plusDays(today, 8) }));
    expect(await servingCampaigns(reader(), 'banner-lateral')).toEqual([]);
    await expect(setCampaignState(reader(), id, 'encerrada')).rejects.toThrow();
    expect((await getCampaign(admin, id)).state).toBe('ativa');
    await deleteCampaign(admin, id);
  });
});

describe('counting and reporting', () => {
  it("counts readers' impressions and clicks into the admin's figures and the advertiser's report, until the link is revoked", async () => {
    const advertiser = await createAdvertiser(admin, 'Ótica Visão', 'contato@oticavisao.com.br');
    const id = await saveCampaign(admin, lateralCampaign(advertiser.id, { alt_text: 'Ótica Visão' }));

    const first = reader();
    await countAdEvent(first, id, 'impression');
    await countAdEvent(first, id, 'impression');
    await countAdEvent(first, id, 'click');
    await countAdEvent(reader(), id, 'impression');

    const figures = await campaignFigures(admin, id);
    expect(figures).toEqual({ days: [{ day: today, impressions: 2, clicks: 1 }], impressions: 2, clicks: 1, clickThroughRate: 0.5 });

    expect(await reportToken(admin, id)).toBeNull();
    const token = await renewReportLink(admin, id);
    expect(await reportToken(admin, id)).toBe(token);
    const report = await campaignReport(reader(), token);
    expect(report).toEqual({
      advertiser: 'Ótica Visão',
      space: 'banner-lateral',
      state: 'ativa',
      startsOn: plusDays(today, -1),
      endsOn: plusDays(today, 10),
      ...figures,
    });

    const renewed = await renewReportLink(admin, id);
    expect(await campaignReport(reader(), token)).toBeNull();
    expect((await campaignReport(reader(), renewed))?.advertiser).toBe('Ótica Visão');
    await revokeReportLink(admin, id);
    expect(await campaignReport(reader(), renewed)).toBeNull();
    await deleteCampaign(admin, id);
  });

  it('gives no click-through rate before the first impression, and sorts the days', () => {
    expect(figuresOf([])).toEqual({ days: [], impressions: 0, clicks: 0, clickThroughRate: null });
    expect(
      figuresOf([
        { day: '2026-11-21', impressions: 300, clicks: 6 },
        { day: '2026-11-20', impressions: 100, clicks: 2 },
      ]),
    ).toEqual({
      days: [
        { day: '2026-11-20', impressions: 100, clicks: 2 },
        { day: '2026-11-21', impressions: 300, clicks: 6 },
      ],
      impressions: 400,
      clicks: 8,
      clickThroughRate: 0.02,
    });
  });
});
