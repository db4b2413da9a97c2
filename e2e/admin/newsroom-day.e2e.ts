import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { toSaoPauloInput } from '../../src/lib/dates.ts';
import { adminApiClient } from '../support/api.ts';
import { screenshot, useBrowser } from '../support/browser.ts';
import { openSection, row, selectAsReader, signInAsAdmin } from './admin-fixtures.ts';
import { unique } from '../support/fixtures.ts';

// A newsroom's day (docs/decisions/0014): a scheduled story appears on its own at its time, the lead story takes the
// home page's hero (in the HTML itself, without JavaScript too), and a draft is previewed as readers will see it.

/** Opens a new publication's form with its title, description and topic filled. */
async function newStory(admin: Page, title: string): Promise<void> {
  await openSection(admin, 'Publicações');
  // From the list itself: the dashboard, still on screen for a moment, has a 'Nova Publicação' link too.
  await admin.waitForURL((url) => url.pathname === '/admin/publications');
  await admin.getByRole('main').getByRole('table').waitFor();
  await admin.getByRole('link', { name: 'Nova Publicação' }).click();
  await admin.getByRole('heading', { name: 'Nova Publicação' }).waitFor();
  await admin.getByRole('textbox', { name: 'Título', exact: true }).fill(title);
  await admin.getByLabel('Descrição').fill('Uma história da redação de Porto Ferreira.');
  await admin.getByLabel('Tópico').selectOption({ label: 'Porto Ferreira' });
}

async function saveAndFindId(admin: Page, title: string): Promise<string> {
  await admin.getByRole('button', { name: 'Salvar' }).click();
  await admin.waitForURL((url) => url.pathname === '/admin/publications');
  const editHref = await row(admin, title).getByRole('link', { name: `Editar: ${title}` }).getAttribute('href');
  return /\/admin\/publications\/([^/]+)\/edit/.exec(editHref ?? '')![1]!;
}

async function remove(id: string): Promise<void> {
  const client = await adminApiClient();
  await client.from('publications').delete().eq('id', id);
}

describe("a newsroom's day", () => {
  const browser = useBrowser();

  it('schedules a story in São Paulo time; readers get it only once its time has come', async () => {
    const admin = await browser.newPage('desktop');
    const reader = await browser.newPage('desktop');
    await signInAsAdmin(admin);
    const title = unique('Feira agendada');
    await newStory(admin, title);

    // A past time is refused in pt-BR and nothing typed is lost.
    await admin.getByLabel('Agendar publicação').check();
    const when = admin.getByLabel('Data e hora da publicação (horário de São Paulo)');
    await when.fill(toSaoPauloInput(new Date(Date.now() - 3_600_000)));
    await admin.getByRole('button', { name: 'Salvar' }).click();
    await admin.getByText('Escolha uma data e hora no futuro (horário de São Paulo)').waitFor();
    expect(await admin.getByRole('textbox', { name: 'Título', exact: true }).inputValue()).toBe(title);

    // 20 seconds ahead (the field takes seconds too, so the journey need not wait for a whole minute).
    const at = new Date(Date.now() + 20_000);
    const local = `${toSaoPauloInput(at)}:${String(at.getUTCSeconds()).padStart(2, '0')}`;
    await when.fill(local);
    for (const [name, viewport] of [['newsroom-schedule-form-390', 'phone'], ['newsroom-schedule-form-1280', 'desktop']] as const) {
      await admin.setViewportSize(viewport === 'phone' ? { width: 390, height: 844 } : { width: 1280, height: 800 });
      await screenshot(admin, name);
    }
    const id = await saveAndFindId(admin, title);
    await row(admin, title).getByText(/^Agendada para \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/).filter({ visible: true }).first().waitFor();

    // The list's 'Agendadas' filter.
    await admin.getByLabel('Status').selectOption('scheduled');
    await admin.getByRole('button', { name: /buscar/i }).click();
    await admin.waitForURL((url) => url.searchParams.get('status') === 'scheduled');
    await row(admin, title).waitFor();
    await screenshot(admin, 'newsroom-scheduled-list-1280');
    await admin.setViewportSize({ width: 390, height: 844 });
    await screenshot(admin, 'newsroom-scheduled-list-390');

    // Before its time: no reader gets it, neither through the API nor on the pages.
    expect(await selectAsReader('publications', `select=id&id=eq.${id}`)).toEqual([]);
    await reader.goto('/topic/local');
    await reader.getByRole('heading', { name: 'Porto Ferreira', level: 1 }).waitFor();
    expect(await reader.getByRole('heading', { name: title }).count()).toBe(0);

    // Its time comes and nobody acts: the reader sees it (bounded wait).
    await expect
      .poll(async () => (await selectAsReader('publications', `select=id&id=eq.${id}`)).length, { timeout: 45_000, interval: 1_000 })
      .toBe(1);
    await reader.reload();
    await reader.getByRole('heading', { name: title }).waitFor();
    await remove(id);
  }, 120_000);

  it('chooses the lead story: the home hero shows it, in the HTML without JavaScript too', async () => {
    const admin = await browser.newPage('desktop');
    await signInAsAdmin(admin);
    const title = unique('Manchete do dia');
    await newStory(admin, title);
    await admin.getByLabel('Publicar imediatamente').check();
    await admin.getByLabel('Assinar com meu nome').check();
    const id = await saveAndFindId(admin, title);
    try {
      await row(admin, title).getByRole('button', { name: `Tornar manchete: ${title}` }).click();
      await row(admin, title).getByText('Manchete', { exact: true }).filter({ visible: true }).first().waitFor();

      // Without JavaScript: the edge handler's HTML carries the lead story as the hero.
      const crawler = await browser.newPage('phone', { javaScript: false });
      await crawler.goto('/');
      await crawler.locator('article[data-lead-story] h2', { hasText: title }).waitFor();
      expect(await crawler.getByText('Nova fábrica de revestimentos', { exact: false }).count()).toBe(0);

      // With it: hydration keeps the same hero (a mismatch would be a console error, which fails the journey).
      for (const viewport of ['phone', 'desktop'] as const) {
        const reader = await browser.newPage(viewport);
        await reader.goto('/');
        await reader.locator('article[data-lead-story] h2', { hasText: title }).waitFor();
        await reader.waitForFunction(() => document.querySelector('#root')?.hasAttribute('data-prerendered'));
        await screenshot(reader, `newsroom-home-lead-${viewport === 'phone' ? 390 : 1280}`);
        if (viewport === 'desktop') {
          await reader.locator('article[data-lead-story] a').click();
          await reader.getByRole('heading', { level: 1, name: title }).waitFor();
        }
      }
    } finally {
      // The home page's hero goes back to the sample for the other journeys.
      await remove(id);
    }
  }, 90_000);

  it('previews a draft exactly as readers will see it, without counting a view', async () => {
    const admin = await browser.newPage('desktop');
    await signInAsAdmin(admin);
    const title = unique('Rascunho em revisão');
    await newStory(admin, title);
    const id = await saveAndFindId(admin, title);

    await row(admin, title).getByRole('link', { name: `Pré-visualizar: ${title}` }).click();
    await admin.getByRole('region', { name: 'Pré-visualização' }).getByText('Rascunho: os leitores não a veem.').waitFor();
    await admin.getByRole('heading', { level: 1, name: title }).waitFor();
    await screenshot(admin, 'newsroom-preview-1280');
    await admin.setViewportSize({ width: 390, height: 844 });
    await screenshot(admin, 'newsroom-preview-390');

    // From the form too.
    await admin.getByRole('link', { name: 'Editar publicação' }).click();
    await admin.getByRole('heading', { name: 'Editar Publicação' }).waitFor();
    await admin.getByRole('link', { name: 'Pré-visualizar (versão salva)' }).click();
    await admin.getByRole('heading', { level: 1, name: title }).waitFor();

    expect(await selectAsReader('publications', `select=id&id=eq.${id}`)).toEqual([]);
    const client = await adminApiClient();
    const { data } = await client.from('publications').select('views').eq('id', id).single();
    expect(data?.views).toBe(0);
    await remove(id);
  });
});
