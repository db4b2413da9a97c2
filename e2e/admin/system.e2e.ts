import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer } from '../../local-supabase/src/mailbox/smtp-mailer.ts';
import { freePort } from '../../scripts/free-port.ts';
import { accessibilityViolations, screenshot, useBrowser, type ViewportName } from '../support/browser.ts';
import { signInToPanel } from '../support/fixtures.ts';
import { startBuiltApp, type RunningApp } from '../support/server.ts';

// 'Sistema' (docs/decisions/0042) after a job failed for real: a site whose mail server is a closed port, two readers
// who sign up for the digest, and an administrator who runs the confirmation e-mails twice ('Executar agora'). The
// screen shows the failure and its error, and every admin screen warns, at 390 and 1280 px wide.

let site: RunningApp;

beforeAll(async () => {
  // Nothing listens on this port: each e-mail is refused with ECONNREFUSED, as a mail server that is down.
  const closedPort = await freePort();
  site = await startBuiltApp({
    sendMail: createSmtpMailer({ host: '127.0.0.1', port: closedPort, secure: false, user: null, password: null, from: 'Redação <redacao@example.com>' }),
  });
});
afterAll(() => site?.stop());

let readers = 0;

/** A reader signs up for the digest (the sign-up form's own API call): a confirmation e-mail is queued. */
async function readerSignsUp(): Promise<void> {
  readers += 1;
  const response = await fetch(`${site.baseUrl}/rest/v1/rpc/newsletter_subscribe`, {
    method: 'POST',
    headers: { apikey: site.anonKey, Authorization: `Bearer ${site.anonKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: `leitor-sistema-${readers}-${Date.now()}@example.com`, consent_text: 'Quero receber o resumo diário.', page: '/' }),
  });
  expect(response.status).toBeLessThan(300);
}

const CONFIRMATIONS = 'E-mails de confirmação da newsletter';
const WARNING = 'Atenção: tarefa agendada falhando';

async function openSystem(page: Page): Promise<void> {
  await page.goto('/admin/sistema');
  await page.getByRole('heading', { name: 'Sistema', level: 1 }).waitFor();
  await page.getByRole('heading', { name: 'Tarefas agendadas', level: 2 }).waitFor();
}

async function runConfirmationsNow(page: Page): Promise<void> {
  await page.getByRole('button', { name: `Executar agora: ${CONFIRMATIONS}` }).click();
  await page.getByRole('alert').filter({ hasText: 'A tarefa falhou' }).waitFor();
}

describe("the 'Sistema' screen", () => {
  const browser = useBrowser();

  it('shows a job that failed twice in a row, with its error, and every admin screen warns (390 and 1280 px)', async () => {
    const account = { email: site.adminEmail, password: site.adminPassword };
    const desktop = await browser.newPage('desktop', { baseUrl: site.baseUrl });
    await signInToPanel(desktop, account);
    await openSystem(desktop);
    const row = desktop.getByRole('row').filter({ hasText: CONFIRMATIONS });
    await expect(row.textContent()).resolves.toContain('Nenhuma');
    expect(await desktop.getByText(WARNING).count()).toBe(0);

    await readerSignsUp();
    await runConfirmationsNow(desktop);
    await row.getByText(/ECONNREFUSED/).waitFor();
    // One failure is not yet a warning.
    expect(await desktop.getByText(WARNING).count()).toBe(0);

    await readerSignsUp();
    await runConfirmationsNow(desktop);
    await desktop.getByText(WARNING).waitFor();
    await expect(row.textContent()).resolves.toContain('Falhou duas vezes seguidas');
    await expect(desktop.getByRole('status').filter({ hasText: WARNING }).textContent()).resolves.toContain(`A tarefa “${CONFIRMATIONS}” falhou duas vezes seguidas.`);
    // The facts beside the jobs: the version and the embedded backend's database.
    await expect(desktop.getByText('Embutido (neste servidor)').count()).resolves.toBe(1);
    await expect(desktop.getByText('Tamanho do banco de dados').count()).resolves.toBe(1);

    const sizes: ViewportName[] = ['desktop', 'phone'];
    for (const size of sizes) {
      const page = size === 'desktop' ? desktop : await browser.newPage(size, { baseUrl: site.baseUrl });
      if (size !== 'desktop') await signInToPanel(page, account);
      await openSystem(page);
      await page.getByText(WARNING).waitFor();
      await page.getByText(/ECONNREFUSED/).first().waitFor();
      expect(await accessibilityViolations(page), `/admin/sistema (${size})`).toEqual([]);
      const width = page.viewportSize()?.width;
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `no sideways scroll at ${width} px`).toBe(true);
      await screenshot(page, `system-failed-twice-${width}`);

      // The warning is on the other screens too, with a way to the details.
      await page.goto('/admin/publications');
      await page.getByRole('heading', { name: 'Publicações', level: 1 }).waitFor();
      await page.getByText(WARNING).waitFor();
      expect(await accessibilityViolations(page), `/admin/publications with the warning (${size})`).toEqual([]);
      await screenshot(page, `system-warning-publications-${width}`);
      await page.getByRole('link', { name: 'Ver detalhes em Sistema' }).click();
      await page.getByRole('heading', { name: 'Sistema', level: 1 }).waitFor();
    }
  });
});
