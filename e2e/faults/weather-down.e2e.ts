import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';
import { useFaultApp } from './fault-fixtures.ts';

// With the weather service unreachable from the start, the home page says so and shows no value: nothing measured
// is nothing printed (edge/weather-proxy.ts). Its own app, so no earlier page has a reading kept.

describe('the weather with the service down', () => {
  const browser = useBrowser();
  const app = useFaultApp();

  it("says 'Previsão indisponível', in the server's render and once the app runs", async () => {
    app().weather.set('down');
    for (const javaScript of [false, true]) {
      const page = await browser.newPage('phone', { baseUrl: app().baseUrl, javaScript });
      await page.goto('/');
      const widget = page.getByRole('region', { name: 'Porto Ferreira, SP' });
      await widget.getByText('Previsão indisponível').waitFor();
      expect(await widget.textContent()).not.toMatch(/°C|Umidade|Vento/);
    }
  });
});
