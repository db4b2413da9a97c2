import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInAsAdmin, openSection } from '../admin/admin-fixtures.ts';
import { adminApiClient, publishLocalStory, type PublishedStory } from '../support/api.ts';
import { app, screenshot, accessibilityViolations, useBrowser, waitForQuietNetwork } from '../support/browser.ts';
import { unique } from '../support/fixtures.ts';
import { seed } from './reader-fixtures.ts';

// Privacy (docs/decisions/0039): the policy page and the links beside every consent line; a reader's pages ask
// nothing of anyone but the site (YouTube only once the reader presses play) and set no cookie; an administrator
// finds, exports and erases what the site holds about an address, and the audit log says so.

const READER_PAGES = [
  '/',
  '/topic/local',
  `/noticia/${seed.flood.id}`,
  '/obituarios',
  '/vagas',
  '/busca?q=ceramica',
  '/privacidade',
  '/envie-sua-noticia',
  '/anuncie',
];

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** The audience beacon's answer for this page's view (sent after load, at idle: src/app/audience/). */
function beaconAnswered(page: Page) {
  return page.waitForResponse((response) => new URL(response.url()).pathname === '/api/audiencia' && response.request().method() === 'POST');
}

/** A story of its own for one test, so its figures are that test's alone. */
async function freshStory(label: string): Promise<PublishedStory> {
  return publishLocalStory(await adminApiClient(), `Audiência ${label}`, { description: 'Resumo.', content: '<p>Um parágrafo.</p>' });
}

/** The story's views today, as an administrator reads the audience's figures. */
async function storyViews(storyId: string): Promise<number> {
  const { data, error } = await (await adminApiClient()).from('audience_days').select('views').eq('publication_id', storyId);
  if (error) throw error;
  return data.reduce((sum, row) => sum + row.views, 0);
}

/** Every request's origin from now on. */
function origins(page: Page): Set<string> {
  const seen = new Set<string>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol === 'http:' || url.protocol === 'https:') seen.add(url.origin);
  });
  return seen;
}

describe('privacy', () => {
  const browser = useBrowser();

  it('the policy page says what is collected, for how long (from the settings) and who to ask; the footer links to it', async () => {
    for (const viewport of ['phone', 'desktop'] as const) {
      const page = await browser.newPage(viewport);
      await page.goto('/privacidade');
      await page.getByRole('heading', { level: 1, name: 'Política de Privacidade' }).waitFor();
      const main = page.locator('article');
      await main.getByText('privacidade@portoferreiranoticias.com.br').first().waitFor();
      expect(await main.textContent()).toContain('Porto Ferreira Notícias (empresa de demonstração)');
      expect(await main.textContent()).toContain('por mais 12 meses');
      expect(await main.textContent()).toContain('apagado em 7 dias');
      expect(await main.textContent()).toContain('youtube-nocookie.com');
      expect(await page.getByRole('navigation', { name: 'Rodapé' }).getByRole('link', { name: 'Política de Privacidade' }).getAttribute('href')).toBe('/privacidade');
      expect(await accessibilityViolations(page)).toEqual([]);
      await screenshot(page, `privacy-policy-${viewport === 'phone' ? 390 : 1280}`);
    }
  });

  it('every form that asks for personal data links to the policy beside its consent', async () => {
    const page = await browser.newPage('desktop');
    await page.goto('/envie-sua-noticia');
    await page.getByRole('button', { name: 'Enviar sugestão' }).waitFor();
    const tipForm = page.locator('form').filter({ hasText: 'Enviar sugestão' });
    expect(await tipForm.getByRole('link', { name: 'Política de Privacidade' }).getAttribute('href')).toBe('/privacidade');

    await page.goto(`/noticia/${seed.fair.id}`);
    const digest = page.locator('form').filter({ hasText: 'Quero receber' }).first();
    await digest.waitFor();
    expect(await digest.getByRole('link', { name: 'Política de Privacidade' }).getAttribute('href')).toBe('/privacidade');

    await page.goto('/anuncie');
    await page.getByRole('button', { name: /mídia kit/i }).first().click();
    const mediaKit = page.locator('form').filter({ hasText: 'Enviar solicitação' });
    await mediaKit.waitFor();
    expect(await mediaKit.getByRole('link', { name: 'Política de Privacidade' }).getAttribute('href')).toBe('/privacidade');

    await page.goto('/admin/register');
    const register = page.locator('form').filter({ hasText: 'Criar conta' });
    await register.waitFor();
    expect(await register.getByRole('link', { name: 'Política de Privacidade' }).getAttribute('href')).toBe('/privacidade');
  });

  // One test per page: a walk through every page in one test grew with the site against one time limit.
  it.each(READER_PAGES)("a reader's page talks to the site alone and sets no cookie: %s", async (path) => {
    const page = await browser.newPage('desktop');
    const seen = origins(page);
    await page.goto(path);
    await waitForQuietNetwork(page);
    expect([...seen]).toEqual([new URL(app().baseUrl).origin]);
    expect(await page.context().cookies()).toEqual([]);
  });

  it('a visit the audience counts asks nothing of anyone but the site, sets no cookie and stores nothing in the browser', async () => {
    const story = await freshStory('contada');
    const page = await browser.newPage('phone');
    const seen = origins(page);
    const answered = beaconAnswered(page);
    await page.goto(story.path);
    // The reader scrolls: the beacon's module loads then (else 5 s after load).
    await page.mouse.wheel(0, 300);
    expect((await answered).status()).toBe(204);
    await waitForQuietNetwork(page);
    expect([...seen]).toEqual([new URL(app().baseUrl).origin]);
    expect(await page.context().cookies()).toEqual([]);
    expect(await page.evaluate(() => [localStorage.length, sessionStorage.length])).toEqual([0, 0]);
    await expect.poll(() => storyViews(story.id)).toBe(1);
  });

  it('a crawler and a prefetch count nothing', async () => {
    const story = await freshStory('robô');
    const crawler = await browser.newPage('desktop', { userAgent: GOOGLEBOT });
    const crawled = beaconAnswered(crawler);
    await crawler.goto(story.path);
    expect((await crawled).status()).toBe(204);

    const prefetching = await browser.newPage('desktop');
    // Every request of this page says it is a prefetch, as Chromium's speculative loads do (Sec-Purpose).
    await prefetching.setExtraHTTPHeaders({ 'Sec-Purpose': 'prefetch' });
    const prefetched = beaconAnswered(prefetching);
    await prefetching.goto(story.path);
    expect((await prefetched).status()).toBe(204);

    expect(await storyViews(story.id)).toBe(0);
  });

  it('with Global Privacy Control the page sends nothing at all', async () => {
    const story = await freshStory('gpc');
    const page = await browser.newPage('desktop');
    await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }));
    const beacons: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/audiencia') beacons.push(request.url());
    });
    await page.goto(story.path);
    // The reader scrolls, which would load the beacon's module at once.
    await page.mouse.wheel(0, 300);
    await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 5_000 })));
    await waitForQuietNetwork(page);
    expect(beacons).toEqual([]);
    expect(await storyViews(story.id)).toBe(0);
  });

  it("a story's video asks YouTube only after play, and sets no cookie", async () => {
    const page = await browser.newPage('desktop');
    // The story's video: pressing play is what first reaches YouTube (offline here, so only the attempt is seen).
    const youtube: string[] = [];
    page.on('request', (request) => {
      if (/youtube-nocookie\.com/.test(request.url())) youtube.push(request.url());
    });
    await page.route('https://www.youtube-nocookie.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Player</title>' }));
    await page.goto(`/noticia/${seed.flood.id}`);
    const play = page.getByRole('button', { name: `Reproduzir vídeo: ${seed.flood.title}` });
    await play.scrollIntoViewIfNeeded();
    await waitForQuietNetwork(page);
    expect(youtube).toEqual([]);
    await play.click();
    await expect.poll(() => youtube.length).toBeGreaterThan(0);
    expect(await page.context().cookies()).toEqual([]);
  });

  it('an administrator finds, exports and erases everything about an address, and the audit log has each step', async () => {
    const email = `${unique('titular').toLowerCase().replace(/[^a-z0-9-]/g, '')}@exemplo.com`;
    const api = await adminApiClient();
    // The reader's three traces, stored as the forms store them (the forms' own journeys are the other suites').
    await api.from('media_kit_requests').insert({ name: 'Clara Titular', company: 'Clara ME', email, phone: '19 98888-0000', interest: 'outros' });
    await api.rpc('newsletter_subscribe', { email, consent_text: 'Quero receber o resumo diário.', page: '/' });
    await api.from('news_tips').insert({ what_happened: 'Semáforo quebrado', place: 'Av. Brasil', consent_text: 'Autorizo.', sender_contact: `Clara ${email}` });

    const page = await browser.newPage('desktop');
    await signInAsAdmin(page);
    await openSection(page, 'Direitos dos titulares');
    await page.getByRole('heading', { level: 1, name: 'Direitos dos titulares' }).waitFor();
    await page.getByLabel('E-mail do titular').fill(email);
    await page.getByRole('button', { name: 'Buscar' }).click();
    const report = page.getByRole('region', { name: `Dados de ${email}` });
    await report.waitFor();
    expect(await report.textContent()).toContain('Clara ME');
    expect(await report.textContent()).toContain('Quero receber o resumo diário.');
    expect(await report.textContent()).toContain('Semáforo quebrado');
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'privacy-rights-1280');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar JSON' }).click()]);
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const exported = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
      email: string;
      media_kit_requests: { company: string }[];
      newsletter_subscription: { consent_text: string } | null;
      news_tips: { what_happened: string }[];
    };
    expect(download.suggestedFilename()).toMatch(/^dados-titular-\d{4}-\d{2}-\d{2}\.json$/);
    expect(exported.email).toBe(email);
    expect(exported.media_kit_requests.map((r) => r.company)).toEqual(['Clara ME']);
    expect(exported.newsletter_subscription?.consent_text).toBe('Quero receber o resumo diário.');
    expect(exported.news_tips.map((t) => t.what_happened)).toEqual(['Semáforo quebrado']);

    await page.getByRole('button', { name: 'Apagar tudo' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Apagar tudo' }).click();
    await page.getByText(`Nenhum dado encontrado para ${email}`).waitFor();
    expect(await page.getByText(/apagados: 1 pedido\(s\) de mídia kit, 1 sugestão\(ões\) de pauta, a inscrição no resumo/).isVisible()).toBe(true);

    const { data: entries } = await api.from('audit_log').select('action').eq('subject_id', email).order('id');
    expect((entries ?? []).map((entry) => entry.action)).toEqual(['data_lookup', 'data_export', 'data_erasure', 'data_lookup']);

    const phone = await browser.newPage('phone');
    await signInAsAdmin(phone);
    await phone.goto('/admin/privacidade');
    await phone.getByLabel('E-mail do titular').fill('sem-arroba');
    await phone.getByRole('button', { name: 'Buscar' }).click();
    await phone.getByText('Digite um endereço de e-mail válido').waitFor();
    expect(await phone.getByLabel('E-mail do titular').inputValue()).toBe('sem-arroba');
    await screenshot(phone, 'privacy-rights-390');
  });
});
