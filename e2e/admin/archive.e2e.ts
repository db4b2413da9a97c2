import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { app, signIn, useBrowser } from '../support/browser.ts';
import { adminApiClient } from '../support/api.ts';
import { row } from './admin-fixtures.ts';
import { unique } from '../support/fixtures.ts';

// The whole archive within reach, admin half: an editor finds the oldest of 250 publications through the list's
// search and paging and edits it.

const COUNT = 250;


describe('the admin archive', () => {
  const browser = useBrowser();
  const ids: string[] = [];
  const tag = unique('Acervo').replace(' ', '');
  const oldestTitle = `${tag} a primeira de todas`;

  beforeAll(async () => {
    const client = await adminApiClient();
    const { data: topic } = await client.from('topics').select('id').limit(1).single();
    if (!topic) throw new Error('no topic');
    const rows = Array.from({ length: COUNT }, (_, index) => ({
      title: index === 0 ? oldestTitle : `${tag} notícia ${index}`,
      topic_id: topic.id,
      published: index % 4 !== 0,
      published_at: index % 4 !== 0 ? '2001-01-01T12:00:00Z' : null,
      // The oldest first; the rest a day apart, all older than anything the suite creates.
      created_at: new Date(Date.UTC(2000, 0, 1 + index)).toISOString(),
    }));
    const { data, error } = await client.from('publications').insert(rows).select('id');
    if (error) throw error;
    ids.push(...data.map((inserted) => inserted.id));
  });
  afterAll(async () => {
    const client = await adminApiClient();
    await client.from('publications').delete().in('id', ids);
  });

  it('an editor finds the oldest of 250 publications through the search and its pages, and edits it', async () => {
    const page = await browser.newPage('desktop');
    await signIn(page, app().admin.email, app().admin.password);
    await page.goto('/admin/publications');
    const pager = page.getByRole('navigation', { name: 'Paginação' });
    await expect.poll(() => pager.textContent()).toMatch(/Página 1 de \d+ · \d+ publicações/);

    // Search the archive's word: 250 hits, 25 a page, the oldest on the last one.
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(tag);
    await page.getByRole('button', { name: 'Buscar' }).click();
    await page.waitForURL((url) => url.searchParams.get('q') === tag);
    let pageNumber = 1;
    await row(page, `${tag} notícia ${COUNT - 1}`).waitFor();
    while ((await row(page, oldestTitle).count()) === 0) {
      expect(pageNumber).toBeLessThan(12);
      await pager.getByRole('link', { name: 'Próxima' }).click();
      pageNumber += 1;
      await pager.getByText(`Página ${pageNumber}`, { exact: true }).waitFor();
    }
    expect(pageNumber).toBe(10);
    expect(await pager.getByRole('link', { name: 'Próxima' }).count()).toBe(0);

    // 'Anterior' goes back to page 9, and 'Próxima' forward again.
    await pager.getByRole('link', { name: 'Anterior' }).click();
    await pager.getByText('Página 9', { exact: true }).waitFor();
    await row(page, `${tag} notícia 25`).waitFor();
    await pager.getByRole('link', { name: 'Próxima' }).click();
    await row(page, oldestTitle).waitFor();

    // Edit it.
    await row(page, oldestTitle).getByRole('link', { name: `Editar: ${oldestTitle}` }).click();
    const title = page.getByRole('textbox', { name: 'Título', exact: true });
    await expect.poll(() => title.inputValue()).toBe(oldestTitle);
    const edited = `${oldestTitle} (revista)`;
    await title.fill(edited);
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/publications');

    // The search finds it by a word of the new title, accents ignored.
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(`${tag} REVISTA`);
    await page.getByRole('button', { name: 'Buscar' }).click();
    await row(page, edited).waitFor();
  });
});
