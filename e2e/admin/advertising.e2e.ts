import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AD_SPACE_SIZES } from '../../src/services/ad-campaigns.ts';
import { todayInputValue } from '../../src/lib/dates.ts';
import type { AdSpace } from '../../src/types/database.ts';
import { adminApiClient, publishLocalStory, type AdminClient, type PublishedStory } from '../support/api.ts';
import { expectConsoleErrors, failedRequest, screenshot, accessibilityViolations, useBrowser, type ViewportName } from '../support/browser.ts';
import { unique } from '../support/fixtures.ts';
import { openSection, row, signInAsAdmin } from './admin-fixtures.ts';

// Advertising sold directly, end to end (decision 0030): the newsroom makes a campaign for each banner space through the
// panel, readers see each creative on the home page and in a story at a phone's and a desktop's width, a paused and
// a future campaign never show, a reader's view and click are counted, and the newsroom and the advertiser's report
// page read the counts.

/** A desktop Chrome as readers have it: the counter, like any crawler filter, does not count HeadlessChrome. */
const READER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

const today = todayInputValue();
const dayAfter = (days: number) => new Date(Date.parse(`${today}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** A creative as a shop would send it: its colour, its words, exactly the space's pixels, as PNG. */
async function creative(width: number, height: number, colour: string, words: string): Promise<Buffer> {
  const size = Math.round(Math.min(height * 0.32, width / (words.length * 0.62)));
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<rect width="100%" height="100%" fill="${colour}"/>` +
    `<text x="50%" y="50%" dominant-baseline="middle" text-anchor="middle" font-family="sans-serif" font-weight="bold" font-size="${size}" fill="#fff">${words}</text>` +
    `</svg>`;
  return sharp(Buffer.from(svg)).png({ palette: true }).toBuffer();
}

interface PlannedCampaign {
  advertiser: string;
  space: AdSpace;
  colour: string;
  alt: string;
  state: 'Ativa' | 'Pausada';
  startsOn: string;
}

const shop = unique('Padaria Central');
const CAMPAIGNS: PlannedCampaign[] = [
  { advertiser: shop, space: 'banner-principal', colour: '#b45309', alt: 'Padaria Central: pão quente toda manhã', state: 'Ativa', startsOn: today },
  { advertiser: shop, space: 'banner-lateral', colour: '#047857', alt: 'Padaria Central: encomendas de Natal', state: 'Ativa', startsOn: today },
  { advertiser: shop, space: 'banner-materia', colour: '#1d4ed8', alt: 'Padaria Central: café da manhã completo', state: 'Ativa', startsOn: today },
  { advertiser: shop, space: 'banner-lateral', colour: '#6b7280', alt: 'Campanha pausada: nunca aparece', state: 'Pausada', startsOn: today },
  { advertiser: shop, space: 'banner-principal', colour: '#7c3aed', alt: 'Campanha futura: ainda não aparece', state: 'Ativa', startsOn: dayAfter(30) },
];
const HIDDEN_ALTS = CAMPAIGNS.slice(3).map((campaign) => campaign.alt);

const SPACE_LABELS: Record<AdSpace, string> = {
  'banner-principal': 'Banner Principal',
  'banner-lateral': 'Banner Lateral',
  'banner-materia': 'Banner em Matéria',
};

let api: AdminClient;
let story: PublishedStory;

beforeAll(async () => {
  api = await adminApiClient();
  story = await publishLocalStory(api, 'Feira do Doce movimenta o centro', {
    description: 'Doceiras da cidade vendem compotas e bolos na praça.',
    content:
      '<p>A Feira do Doce voltou à Praça Cônego Rangoni neste sábado, com trinta barracas.</p>' +
      '<p>As doceiras trouxeram compotas de figo, doce de leite e bolos caseiros.</p>' +
      '<p>A próxima edição está marcada para o mês que vem, no mesmo lugar.</p>',
  });
});

afterAll(async () => {
  // Later journeys (the first paint's) expect the placeholder: what this one made goes.
  const { data: advertisers } = await api.from('advertisers').select('id').eq('name', shop);
  const ids = (advertisers ?? []).map((advertiser) => advertiser.id);
  if (ids.length > 0) {
    await api.from('ad_campaigns').delete().in('advertiser_id', ids);
    await api.from('advertisers').delete().in('id', ids);
  }
  if (story) await api.from('publications').delete().eq('id', story.id);
});

/** Fills the campaign form as the newsroom does, with the creatives the space needs, and saves it. */
async function createCampaign(admin: Page, campaign: PlannedCampaign, firstOfAdvertiser: boolean): Promise<void> {
  await openSection(admin, 'Anúncios');
  await admin.getByRole('link', { name: 'Nova Campanha' }).click();
  await admin.getByRole('heading', { name: 'Nova Campanha' }).waitFor();
  if (firstOfAdvertiser) {
    await admin.getByRole('combobox', { name: /^Anunciante/ }).selectOption({ label: '+ Novo anunciante' });
    await admin.getByLabel('Nome do anunciante').fill(campaign.advertiser);
    await admin.getByLabel('Contato do anunciante').fill('Dona Rosa · (19) 99876-5432 · rosa@padariacentral.com.br');
  } else {
    await admin.getByRole('combobox', { name: /^Anunciante/ }).selectOption({ label: campaign.advertiser });
  }
  await admin.getByRole('combobox', { name: /^Espaço/ }).selectOption({ label: SPACE_LABELS[campaign.space] });
  const size = AD_SPACE_SIZES[campaign.space];
  await admin.getByLabel('Imagem do anúncio').setInputFiles({
    name: `${campaign.space}.png`,
    mimeType: 'image/png',
    buffer: await creative(size.width, size.height, campaign.colour, campaign.alt.split(':')[0]!),
  });
  if (size.phone) {
    await admin.getByLabel('Versão para celular').setInputFiles({
      name: `${campaign.space}-celular.png`,
      mimeType: 'image/png',
      buffer: await creative(size.phone.width, size.phone.height, campaign.colour, 'Padaria Central'),
    });
    await admin.getByRole('button', { name: 'Remover: Versão para celular' }).waitFor();
  }
  await admin.getByLabel('Texto alternativo').fill(campaign.alt);
  await admin.getByLabel('Link de destino').fill('https://padariacentral.example.com.br/ofertas');
  await admin.getByLabel('Início').fill(campaign.startsOn);
  await admin.getByLabel('Término').fill(dayAfter(60));
  await admin.getByRole('combobox', { name: /^Situação/ }).selectOption({ label: campaign.state });
  if (firstOfAdvertiser) await screenshot(admin, 'advertising-admin-form');
  await admin.getByRole('button', { name: 'Salvar' }).click();
  await admin.waitForURL((url) => url.pathname === '/admin/ads');
  await row(admin, campaign.alt).waitFor();
}

/** The creative a page shows in a space, once it is in the page and its image has loaded. */
async function creativeIn(page: Page, space: AdSpace) {
  const link = page.locator(`[data-ad-space="${space}"] a[data-ad-campaign]`);
  await link.waitFor();
  const image = link.locator('img');
  await link.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  return {
    alt: await image.getAttribute('alt'),
    rel: await link.getAttribute('rel'),
    shown: await image.evaluate((img: HTMLImageElement) => ({ width: img.naturalWidth, height: img.naturalHeight, box: img.getBoundingClientRect().width })),
  };
}

async function expectNoHiddenCampaign(page: Page): Promise<void> {
  const html = await page.content();
  for (const alt of HIDDEN_ALTS) expect(html).not.toContain(alt);
}

describe('advertising sold directly, from the panel to the reader and back', () => {
  const browser = useBrowser();

  it('the newsroom makes a campaign for each space; readers see each creative at 390 and 1280 px, and never a paused or future one', async () => {
    const admin = await browser.newPage('desktop');
    await signInAsAdmin(admin);
    for (const [index, campaign] of CAMPAIGNS.entries()) await createCampaign(admin, campaign, index === 0);
    await row(admin, 'Campanha futura').getByText(`Começa em ${dayAfter(30).split('-').reverse().join('/')}`).waitFor();
    await row(admin, 'Campanha pausada').getByText('Pausada', { exact: true }).waitFor();
    await screenshot(admin, 'advertising-admin-list');

    for (const viewport of ['phone', 'desktop'] as ViewportName[]) {
      const reader = await browser.newPage(viewport, { userAgent: READER_AGENT });
      await reader.goto('/');
      const principal = await creativeIn(reader, 'banner-principal');
      expect(principal.alt).toBe(CAMPAIGNS[0]!.alt);
      expect(principal.rel).toBe('sponsored noopener');
      // The phone gets the phone-width creative, the desktop the full one, each at its space's width.
      expect(principal.shown.width).toBe(viewport === 'phone' ? 320 : 970);
      expect((await creativeIn(reader, 'banner-lateral')).alt).toBe(CAMPAIGNS[1]!.alt);
      await expectNoHiddenCampaign(reader);
      await reader.evaluate(() => window.scrollTo(0, 0));
      await screenshot(reader, `advertising-home-${viewport}`);

      await reader.goto(story.path);
      const inStory = await creativeIn(reader, 'banner-materia');
      expect(inStory.alt).toBe(CAMPAIGNS[2]!.alt);
      expect(inStory.shown.width).toBe(viewport === 'phone' ? 320 : 728);
      // Inside the story, after its second paragraph.
      const before = await reader.locator('[data-ad-space="banner-materia"]').evaluate((box) => {
        const paragraphs = [...document.querySelectorAll('article p')].filter((p) => p.compareDocumentPosition(box) & Node.DOCUMENT_POSITION_FOLLOWING);
        return paragraphs.map((p) => p.textContent ?? '');
      });
      expect(before.filter((text) => text.includes('Feira do Doce voltou') || text.includes('As doceiras'))).toHaveLength(2);
      await expectNoHiddenCampaign(reader);
      await screenshot(reader, `advertising-story-${viewport}`);
    }
  });

  it("a reader's view and click are counted, and the newsroom and the advertiser's report read them", async () => {
    const reader = await browser.newPage('desktop', { userAgent: READER_AGENT });
    await reader.goto(story.path);
    const counted = (kind: string) =>
      reader.waitForResponse(
        (response) => response.url().includes('/rest/v1/rpc/count_ad_event') && (response.request().postData() ?? '').includes(`"${kind}"`),
        { timeout: 15_000 },
      );
    const impression = counted('impression');
    await reader.locator('[data-ad-space="banner-materia"]').scrollIntoViewIfNeeded();
    expect((await impression).ok()).toBe(true);

    const click = counted('click');
    const popup = reader.waitForEvent('popup');
    await reader.locator('[data-ad-space="banner-materia"] a[data-ad-campaign]').click();
    expect((await click).ok()).toBe(true);
    // The advertiser's site opens in a new tab (unreachable from this machine: only that it opened matters).
    await (await popup).close();

    const admin = await browser.newPage('desktop');
    await signInAsAdmin(admin);
    await openSection(admin, 'Anúncios');
    await row(admin, CAMPAIGNS[2]!.alt).getByRole('link', { name: shop, exact: true }).click();
    await admin.getByRole('heading', { name: `Campanha: ${shop}` }).waitFor();
    const days = admin.getByRole('region', { name: 'Números da campanha por dia' });
    await expect.poll(() => days.getByRole('row').nth(1).getByRole('cell').allTextContents()).toEqual(['1', '1', '100,00%']);
    expect(await accessibilityViolations(admin)).toEqual([]);
    await screenshot(admin, 'advertising-admin-campaign');

    await admin.getByRole('button', { name: 'Gerar link do relatório' }).click();
    const address = await admin.getByRole('textbox', { name: 'Link do relatório' }).inputValue();
    expect(address).toMatch(/\/anuncios\/relatorio\/[^/]{20,}$/);

    // The advertiser opens it with no session, at a phone's width.
    const advertiser = await browser.newPage('phone');
    await advertiser.goto(new URL(address).pathname);
    await advertiser.getByRole('heading', { name: shop }).waitFor();
    expect(await advertiser.getByText('Banner em Matéria').count()).toBeGreaterThan(0);
    const reportDays = advertiser.getByRole('region', { name: 'Números da campanha por dia' });
    expect(await reportDays.getByRole('row').nth(1).getByRole('cell').allTextContents()).toEqual(['1', '1', '100,00%']);
    expect(await accessibilityViolations(advertiser)).toEqual([]);
    await screenshot(advertiser, 'advertising-report-phone');

    // Revoked, the address answers "not found".
    await admin.getByRole('button', { name: 'Revogar link' }).click();
    await admin.getByRole('dialog', { name: 'Revogar link do relatório' }).getByRole('button', { name: 'Revogar' }).click();
    await admin.getByText('Nenhum link ativo.').waitFor();
    expectConsoleErrors(advertiser, failedRequest(404, new URL(address).pathname));
    const gone = await advertiser.goto(new URL(address).pathname);
    expect(gone?.status()).toBe(404);
    await advertiser.getByRole('heading', { name: 'Relatório não encontrado' }).waitFor();
  });

  it("a sponsored story says so on its card and on its page, with its sponsor's name", async () => {
    const sponsored = await publishLocalStory(api, 'Padaria Central completa 40 anos', {
      description: 'A padaria mais antiga da cidade celebra com café da manhã aberto.',
      content: '<p>A padaria abriu em 1986 na Rua Coronel Procópio.</p><p>Hoje são vinte funcionários.</p>',
    });
    await api.from('publications').update({ sponsor_name: shop }).eq('id', sponsored.id);
    try {
      for (const viewport of ['phone', 'desktop'] as ViewportName[]) {
        const reader = await browser.newPage(viewport);
        await reader.goto('/');
        const card = reader.locator('article').filter({ has: reader.getByRole('heading', { name: sponsored.title }) });
        await card.getByText('Conteúdo patrocinado', { exact: true }).waitFor();
        await reader.goto(sponsored.path);
        await reader.getByRole('heading', { name: sponsored.title, level: 1 }).waitFor();
        await reader.getByText(`Conteúdo patrocinado por ${shop}`, { exact: true }).waitFor();
        await screenshot(reader, `advertising-sponsored-story-${viewport}`);
      }
    } finally {
      await api.from('publications').delete().eq('id', sponsored.id);
    }
  });
});
