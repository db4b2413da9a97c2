import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectConsoleErrors, failedRequest, screenshot, useBrowser, viewports } from '../support/browser.ts';
import { DROPPED_REQUEST, selectAsReader, signInAsAdmin, unique, useFaultApp } from './fault-fixtures.ts';

// "Nothing lost" in the panel (docs/decisions/0016): a save that fails (backend stopped, refused by the server) keeps the form
// exactly as it was with docs/product.md §20's message, and the same form saves once the cause is gone; what is typed
// is kept as a draft, offered back after a reload or a closed tab, per record, and cleared once saved.

/** What the app logs when a save fails on purpose here: the route action's console.error of the service's error. */
const SAVE_FAILURE_LOG = /^(ServiceError|TypeError|Error)\b|Failed to fetch|violates check constraint/;

/** A form field by its label's text, with or without the required mark (an aria-hidden '*'). */
function field(page: Page, label: string) {
  return page.getByLabel(new RegExp(`^${label}\\*?$`));
}

async function fieldValues(page: Page, labels: readonly string[]): Promise<string[]> {
  return Promise.all(labels.map((label) => field(page, label).inputValue()));
}

describe('admin saves under faults, and autosaved drafts', () => {
  const browser = useBrowser();
  const app = useFaultApp();

  it('job: backend stopped → message, form kept; refused by the server → message, form kept; then saved', async () => {
    const page = await browser.newPage('desktop', { baseUrl: app().baseUrl });
    expectConsoleErrors(page, DROPPED_REQUEST, SAVE_FAILURE_LOG, failedRequest(400, '/rest/v1/jobs'));
    await signInAsAdmin(page, app());
    await page.goto('/admin/jobs/new');
    const title = unique('Operador de forno');
    await field(page, 'Título da Vaga').fill(title);
    await field(page, 'Empresa').fill('Cerâmica Porto');
    await field(page, 'Local').fill('Porto Ferreira - SP');
    await field(page, 'Descrição').fill('Turno da noite.');
    await page.getByLabel('Publicar imediatamente').check();
    const labels = ['Título da Vaga', 'Empresa', 'Local', 'Descrição'] as const;
    const typed = await fieldValues(page, labels);

    app().backend.set('down');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByRole('alert').filter({ hasText: 'Erro ao salvar vaga' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/jobs/new');
    expect(await fieldValues(page, labels)).toEqual(typed);
    expect(await page.getByLabel('Publicar imediatamente').isChecked()).toBe(true);

    // Back up, but the title breaks the table's check (160 characters), which the form does not check itself.
    app().backend.set('up');
    const tooLong = `${title} ${'x'.repeat(160)}`;
    await field(page, 'Título da Vaga').fill(tooLong);
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByRole('button', { name: 'Salvar' }).waitFor();
    await page.getByRole('alert').filter({ hasText: 'Erro ao salvar vaga' }).waitFor();
    expect(await field(page, 'Título da Vaga').inputValue()).toBe(tooLong);
    expect(await field(page, 'Empresa').inputValue()).toBe('Cerâmica Porto');

    await field(page, 'Título da Vaga').fill(title);
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/jobs');
    expect(await selectAsReader(app(), 'jobs', `select=company&title=eq.${encodeURIComponent(title)}`)).toEqual([{ company: 'Cerâmica Porto' }]);
    // Saved: the draft is gone, and a new form starts empty.
    await page.goto('/admin/jobs/new');
    await field(page, 'Título da Vaga').waitFor();
    expect(await field(page, 'Título da Vaga').inputValue()).toBe('');
    expect(await page.getByText('Rascunho não salvo recuperado').count()).toBe(0);
  });

  it('obituary: backend stopped and a refused value keep the form with the message; then saved', async () => {
    const page = await browser.newPage('phone', { baseUrl: app().baseUrl });
    expectConsoleErrors(page, DROPPED_REQUEST, SAVE_FAILURE_LOG, failedRequest(400, '/rest/v1/obituaries'));
    await signInAsAdmin(page, app());
    await page.goto('/admin/obituaries/new');
    const name = unique('Antônio Carlos');
    await field(page, 'Nome Completo').fill(name);
    await field(page, 'Idade').fill('79');
    await field(page, 'Local do Velório').fill('Velório Municipal');
    await field(page, 'Horário do Velório').fill('09h às 15h');
    await field(page, 'Biografia').fill('Ferroviário aposentado.');
    await page.getByLabel('Publicar imediatamente').check();
    const labels = ['Nome Completo', 'Idade', 'Data do Falecimento', 'Local do Velório', 'Horário do Velório', 'Biografia'] as const;
    const typed = await fieldValues(page, labels);

    app().backend.set('down');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByRole('alert').filter({ hasText: 'Erro ao salvar obituário' }).waitFor();
    expect(await fieldValues(page, labels)).toEqual(typed);
    await screenshot(page, 'issue13-obituario-falha-ao-salvar-390');

    app().backend.set('up');
    // 'Família' holds at most 2,000 characters in the table; the form leaves that to the server.
    const family = 'Deixa esposa, filhos e netos. '.repeat(70);
    await field(page, 'Família').fill(family);
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByRole('button', { name: 'Salvar' }).waitFor();
    await page.getByRole('alert').filter({ hasText: 'Erro ao salvar obituário' }).waitFor();
    expect(await field(page, 'Família').inputValue()).toBe(family);
    expect(await fieldValues(page, labels)).toEqual(typed);

    await field(page, 'Família').fill('Deixa esposa e dois filhos.');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/obituaries');
    expect(await selectAsReader(app(), 'obituaries', `select=age,family&name=eq.${encodeURIComponent(name)}`)).toEqual([
      { age: 79, family: 'Deixa esposa e dois filhos.' },
    ]);
  });

  it('publication: backend stopped → message, form kept; back up → saved', async () => {
    const page = await browser.newPage('desktop', { baseUrl: app().baseUrl });
    expectConsoleErrors(page, DROPPED_REQUEST, SAVE_FAILURE_LOG);
    await signInAsAdmin(page, app());
    await page.goto('/admin/publications/new');
    const title = unique('Festival da cerâmica');
    await field(page, 'Título').fill(title);
    await field(page, 'Descrição').fill('Três dias de feira no centro.');
    await field(page, 'Tópico').selectOption({ label: 'Porto Ferreira' });
    await page.getByLabel('Publicar imediatamente').check();

    app().backend.set('down');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByRole('alert').filter({ hasText: 'Erro ao salvar publicação' }).waitFor();
    expect(await field(page, 'Título').inputValue()).toBe(title);
    expect(await field(page, 'Descrição').inputValue()).toBe('Três dias de feira no centro.');

    app().backend.set('up');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/publications');
    expect(await selectAsReader(app(), 'publications', `select=description&title=eq.${encodeURIComponent(title)}`)).toEqual([
      { description: 'Três dias de feira no centro.' },
    ]);
  });

  it('job and obituary drafts: offered back after a reload or a closed tab, per record, cleared once saved', async () => {
    for (const viewport of ['phone', 'desktop'] as const) {
      const page = await browser.newPage(viewport, { baseUrl: app().baseUrl });
      await signInAsAdmin(page, app());
      await page.goto('/admin/jobs/new');
      await field(page, 'Título da Vaga').fill('Auxiliar de expedição');
      await field(page, 'Empresa').fill('Porcelanas Ferreirenses');
      await page.reload();
      await page.getByRole('status').filter({ hasText: 'Rascunho não salvo recuperado' }).waitFor();
      expect(await field(page, 'Título da Vaga').inputValue()).toBe('Auxiliar de expedição');
      expect(await field(page, 'Empresa').inputValue()).toBe('Porcelanas Ferreirenses');
      await screenshot(page, `issue13-vaga-rascunho-recuperado-${viewports[viewport].width}`);
      await page.getByRole('button', { name: 'Descartar rascunho' }).click();
      expect(await field(page, 'Título da Vaga').inputValue()).toBe('');
      await page.context().close();
    }

    // An existing obituary: the tab is closed mid-edit (a crash), and a new tab of the same browser gets the draft.
    const [seeded] = (await selectAsReader(app(), 'obituaries', 'select=id,name&order=created_at.asc&limit=2')) as { id: string; name: string }[];
    const [, other] = (await selectAsReader(app(), 'obituaries', 'select=id&order=created_at.asc&limit=2')) as { id: string }[];
    const first = await browser.newPage('desktop', { baseUrl: app().baseUrl });
    await signInAsAdmin(first, app());
    await first.goto(`/admin/obituaries/${seeded!.id}/edit`);
    await field(first, 'Biografia').fill('Biografia revista pela redação.');
    const context = first.context();
    await first.close();

    const second = await context.newPage();
    await second.goto(`/admin/obituaries/${other!.id}/edit`);
    await second.getByRole('heading', { name: 'Editar Obituário' }).waitFor();
    expect(await second.getByText('Rascunho não salvo recuperado').count()).toBe(0);

    await second.goto(`/admin/obituaries/${seeded!.id}/edit`);
    await second.getByRole('status').filter({ hasText: 'Rascunho não salvo recuperado' }).waitFor();
    expect(await field(second, 'Biografia').inputValue()).toBe('Biografia revista pela redação.');
    expect(await field(second, 'Nome Completo').inputValue()).toBe(seeded!.name);
    await second.getByRole('button', { name: 'Salvar' }).click();
    await second.waitForURL((url) => url.pathname === '/admin/obituaries');
    await second.goto(`/admin/obituaries/${seeded!.id}/edit`);
    await second.getByRole('heading', { name: 'Editar Obituário' }).waitFor();
    expect(await field(second, 'Biografia').inputValue()).toBe('Biografia revista pela redação.');
    expect(await second.getByText('Rascunho não salvo recuperado').count()).toBe(0);
  });
});
