import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';
import { adminApiClient } from '../support/api.ts';

// The whole archive within reach, reader half: a reader reaches the oldest story of a topic with 'Carregar mais'
// and finds it again by a word of its body through the masthead's search.

const COUNT = 30;


describe('the reader archive and search', () => {
  const browser = useBrowser();
  const ids: string[] = [];
  // A word no other story has (letters only: the search stems words, and digits would be another token).
  const word = `jequitiba${'abcdefghij'.charAt(Date.now() % 10)}${'klmnopqrst'.charAt(Math.floor(Date.now() / 10) % 10)}zal`;
  const oldestTitle = 'Cerâmica de 1950 volta à praça em exposição do acervo';

  beforeAll(async () => {
    const client = await adminApiClient();
    const { data: topic, error: topicError } = await client.from('topics').select('id').eq('slug', 'cultura').single();
    if (topicError) throw topicError;
    const rows = Array.from({ length: COUNT }, (_, index) => ({
      title: index === 0 ? oldestTitle : `Acervo cultural: capítulo ${index}`,
      description: `Série do acervo, parte ${index}.`,
      content: index === 0 ? `<p>Peças raras da olaria <strong>${word}</strong> foram restauradas.</p>` : '<p>Texto da série.</p>',
      topic_id: topic.id,
      published: true,
      // The oldest first, a day apart, all older than the seed's stories.
      published_at: new Date(Date.UTC(2001, 0, 1 + index, 12)).toISOString(),
    }));
    const { data, error } = await client.from('publications').insert(rows).select('id');
    if (error) throw error;
    ids.push(...data.map((inserted) => inserted.id));
  });
  afterAll(async () => {
    const client = await adminApiClient();
    await client.from('publications').delete().in('id', ids);
  });

  it("reaches a topic's oldest story with 'Carregar mais', then finds it by a word of its body from the masthead", async () => {
    const page = await browser.newPage('desktop');
    await page.goto('/topic/cultura');
    await page.getByRole('link', { name: 'Acervo cultural: capítulo 29' }).waitFor();
    const oldest = page.getByRole('link', { name: oldestTitle });
    expect(await oldest.count()).toBe(0);

    for (let pages = 0; pages < 5 && (await oldest.count()) === 0; pages += 1) {
      const before = await page.getByRole('article').count();
      await page.getByRole('button', { name: 'Carregar mais' }).click();
      await page.waitForFunction((count) => document.querySelectorAll('article').length > count, before);
    }
    await oldest.waitFor();
    // What was shown stays: the newest story is still on the page.
    expect(await page.getByRole('link', { name: 'Acervo cultural: capítulo 29' }).count()).toBe(1);

    // The masthead's search, by keyboard.
    await page.getByRole('banner').getByRole('link', { name: 'Buscar' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/busca');
    await page.getByText('Digite uma palavra para buscar.').waitFor();
    await page.getByRole('searchbox', { name: 'Buscar notícias' }).fill(word);
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/busca' && url.searchParams.get('q') === word);
    const found = page.getByRole('link', { name: oldestTitle });
    await found.waitFor();
    await page.getByText('1 resultado', { exact: false }).waitFor();
    await page.getByText(`Peças raras da olaria ${word} foram restauradas.`).waitFor();
    expect(await page.title()).toBe(`Busca: ${word} | Porto Ferreira Notícias`);

    await found.click();
    await page.getByRole('heading', { level: 1, name: oldestTitle }).waitFor();
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('q') === word);
    await page.getByRole('link', { name: oldestTitle }).waitFor();
    expect(await page.getByRole('searchbox', { name: 'Buscar notícias' }).inputValue()).toBe(word);
  });
});
