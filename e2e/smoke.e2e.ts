import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser.ts';

describe('smoke', () => {
  const browser = useBrowser();

  it('serves the home page to a reader', async () => {
    const page = await browser.newPage('desktop');
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect.poll(() => page.locator('header').first().textContent()).toContain('Porto Ferreira');
    expect(await page.locator('html').getAttribute('lang')).toBe('pt-BR');
  });

  it('sends an anonymous visitor of /admin to the sign-in page', async () => {
    const page = await browser.newPage('phone');
    await page.goto('/admin');
    await page.waitForURL(/\/admin\/login/);
    expect(new URL(page.url()).pathname).toBe('/admin/login');
  });
});
