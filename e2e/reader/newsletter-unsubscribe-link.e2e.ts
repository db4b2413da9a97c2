import { describe, expect, it } from 'vitest';
import { paths } from '../../src/lib/paths.ts';
import { useBrowser } from '../support/browser.ts';

// The digest's unsubscribe link as a reader's mail app may open it (issue 36): with a character of the sentence glued
// on, the page says the link is invalid, never that the address left the list; an unknown, well-formed one says the
// address is not on the list. The valid link's journey is in newsletter.e2e.ts; that a malformed link removes no one
// and a valid one removes its address, against the backend, in edge/newsletter/newsletter.test.ts.

describe('the unsubscribe page, for a link that is not a valid one', () => {
  const browser = useBrowser();

  it('says a link with a colon glued on is invalid, and that the address was not removed', async () => {
    const page = await browser.newPage('phone');
    await page.goto(`${paths.newsletterUnsubscribe(crypto.randomUUID())}:`);
    await page.getByRole('button', { name: 'Cancelar inscrição' }).click();
    await page.getByRole('heading', { name: 'Este link de cancelamento é inválido.' }).waitFor();
    expect(await page.getByText('Seu endereço não foi apagado.', { exact: false }).count()).toBe(1);
    expect(await page.getByText('já não está na lista').count()).toBe(0);
  });

  it('says an unknown, well-formed link’s address is not on the list', async () => {
    const page = await browser.newPage('desktop');
    await page.goto(paths.newsletterUnsubscribe(crypto.randomUUID()));
    await page.getByRole('button', { name: 'Cancelar inscrição' }).click();
    await page.getByRole('heading', { name: 'Este endereço já não está na lista' }).waitFor();
  });
});
