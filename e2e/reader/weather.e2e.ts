import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, useBrowser } from '../support/browser.ts';

// The home page's weather is Porto Ferreira's as measured (edge/weather-proxy.ts): the journeys' app asks a stand-in
// for Open-Meteo that serves a recorded answer (tests/support/weather-stand-in.ts). With the service down, see
// e2e/faults/weather-down.e2e.ts.

/** The widget's values by their labels, as a reader reads them. */
async function readWidget(page: Page) {
  const widget = page.getByRole('region', { name: 'Porto Ferreira, SP' });
  await widget.getByText('Parcialmente nublado').waitFor();
  const terms = await widget.locator('dt').allTextContents();
  const values = await widget.locator('dd').allTextContents();
  return {
    temperature: await widget.getByText(/^\d+°C$/).first().textContent(),
    values: Object.fromEntries(terms.map((term, index) => [term, values[index]])),
    time: await widget.getByText(/^Atualizado às/).textContent(),
  };
}

describe('the weather on the home page', () => {
  const browser = useBrowser();

  it('shows the recorded reading in the page as the server sends it, on a phone and a desktop', async () => {
    const expected = {
      temperature: '27°C',
      values: { Umidade: '58%', Vento: '11 km/h', Mínima: '19°C', Máxima: '32°C' },
      time: 'Atualizado às 10:45 · Open-Meteo',
    };
    // Without JavaScript: the reading is in the server's render, not filled in later.
    const crawler = await browser.newPage('desktop', { javaScript: false });
    await crawler.goto('/');
    expect(await readWidget(crawler)).toEqual(expected);
    for (const viewport of ['phone', 'desktop'] as const) {
      const page = await browser.newPage(viewport);
      await page.goto('/');
      expect(await readWidget(page)).toEqual(expected);
      await page.getByRole('region', { name: 'Porto Ferreira, SP' }).scrollIntoViewIfNeeded();
      await screenshot(page, `weather-${viewport}`);
    }
  });
});
