import { spawnSync } from 'node:child_process';
import { inject } from 'vitest';
import { afterAll, describe, expect, it } from 'vitest';
import { REPOSITORY_ROOT } from '../../local-supabase/src/env.ts';
import { adminApiClient, publishLocalStory } from '../support/api.ts';
import { app, screenshot, accessibilityViolations, signIn, useBrowser } from '../support/browser.ts';
import { unique } from '../support/fixtures.ts';

// The daily digest (issue 25, docs/decisions/0033) as a reader and the newsroom meet it: sign up on the home page,
// confirm from the e-mail in the local mailbox, receive the next digest (sent with the README's `npm run digest`),
// leave with the e-mail's link in one click; the newsroom's 'Newsletter' page with its count, search, test e-mail,
// send time and history.

const stories: string[] = [];
afterAll(async () => {
  const admin = await adminApiClient();
  for (const id of stories) await admin.from('publications').delete().eq('id', id);
  await admin.from('newsletter_settings').update({ send_time: '07:00' }).eq('only_row', true);
});

/** `npm run digest`, as the README gives it, pointed at the app under test and its backend's secret. */
function runDigestCommand(): string {
  const result = spawnSync('npm', ['run', '--silent', 'digest'], {
    cwd: REPOSITORY_ROOT,
    env: { ...process.env, SITE_URL: app().baseUrl, LOCAL_SUPABASE_JWT_SECRET: inject('jwtSecret'), SUPABASE_SERVICE_ROLE_KEY: '' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(result.status, result.stderr).toBe(0);
  return result.stdout;
}

describe('the daily digest', () => {
  const browser = useBrowser();

  it.each(['phone', 'desktop'] as const)('on a %s: signs up, confirms, receives the digest and leaves in one click', async (viewport) => {
    const email = `${unique('leitora').toLowerCase().replace(/\W+/g, '-')}@exemplo.com.br`;
    const page = await browser.newPage(viewport);
    await page.goto('/');
    const signUp = page.getByRole('region', { name: 'Receba as notícias de Porto Ferreira' }).first();
    await signUp.scrollIntoViewIfNeeded();

    // Nothing typed is lost on a refusal: the consent line is required.
    await signUp.getByLabel('Seu e-mail').fill(email);
    await signUp.getByRole('button', { name: 'Quero receber' }).click();
    await signUp.getByText('Marque a caixa para autorizar o envio do resumo.').waitFor();
    expect(await signUp.getByLabel('Seu e-mail').inputValue()).toBe(email);
    await signUp.getByRole('checkbox').check();
    await screenshot(page, `newsletter-signup-${viewport}`);
    await signUp.getByRole('button', { name: 'Quero receber' }).click();
    await signUp.getByRole('status').getByText('Quase lá!').waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);

    // The confirmation e-mail, in the local mailbox.
    await page.goto('/__mailbox');
    const confirmation = page.locator('article').filter({ hasText: email }).filter({ hasText: 'Confirme sua inscrição no resumo diário' }).first();
    await confirmation.getByRole('link', { name: /\/newsletter\/confirmar\// }).first().click();
    await page.getByRole('heading', { name: 'Confirme sua inscrição' }).waitFor();
    await page.getByRole('button', { name: 'Confirmar inscrição' }).click();
    await page.getByRole('heading', { name: 'Inscrição confirmada!' }).waitFor();
    await screenshot(page, `newsletter-confirmed-${viewport}`);

    // A new story, then the README's command sends the digest.
    const story = await publishLocalStory(await adminApiClient(), 'Feira do Doce na praça', {
      description: 'Quarenta barracas no domingo.',
      content: '<p>A feira volta no domingo.</p>',
    });
    stories.push(story.id);
    expect(runDigestCommand()).toMatch(/^Digest sent: \d+ e-mail\(s\), 0 failed\.$/m);

    await page.goto('/__mailbox');
    const digest = page.locator('article').filter({ hasText: email }).filter({ hasText: 'o resumo de' }).first();
    await digest.getByText(story.title).waitFor();
    expect(await digest.textContent()).toContain(`${app().baseUrl}${story.path}`);

    // The e-mail's visible link: one click on the page it opens.
    await digest.getByRole('link', { name: /\/newsletter\/cancelar\// }).first().click();
    await page.getByRole('heading', { name: 'Cancelar inscrição' }).waitFor();
    await page.getByRole('button', { name: 'Cancelar inscrição' }).click();
    await page.getByRole('heading', { name: 'Inscrição cancelada' }).waitFor();
    await screenshot(page, `newsletter-unsubscribed-${viewport}`);
    const { data } = await (await adminApiClient()).from('newsletter_subscribers').select('id').eq('email', email);
    expect(data).toEqual([]);
  });

  it("the newsroom's page: count, search, removal, test e-mail, send time and history", async () => {
    const email = `${unique('assinante').toLowerCase().replace(/\W+/g, '-')}@exemplo.com.br`;
    const reader = await browser.newPage('desktop');
    await reader.goto('/');
    const signUp = reader.getByRole('contentinfo');
    await signUp.getByLabel('Seu e-mail').fill(email);
    await signUp.getByRole('checkbox').check();
    await signUp.getByRole('button', { name: 'Quero receber' }).click();
    await signUp.getByRole('status').waitFor().catch(async (error: unknown) => {
      throw new Error(`no confirmation; the form says: ${await signUp.textContent()}`, { cause: error });
    });

    for (const viewport of ['desktop', 'phone'] as const) {
      const page = await browser.newPage(viewport);
      await signIn(page, app().admin.email, app().admin.password);
      await page.goto('/admin/newsletter');
      await page.getByRole('heading', { name: 'Newsletter', level: 1 }).waitFor();
      await page.getByRole('heading', { name: 'Histórico de envios' }).waitFor();
      await screenshot(page, `newsletter-admin-${viewport}`);
      expect(await accessibilityViolations(page)).toEqual([]);
    }

    const page = await browser.newPage('desktop');
    await signIn(page, app().admin.email, app().admin.password);
    await page.goto('/admin/newsletter');
    // The history shows the digest the journey above sent.
    const history = page.getByRole('table', { name: 'Histórico de envios' });
    await history.getByRole('cell', { name: 'Manual' }).first().waitFor();

    await page.getByRole('searchbox').fill(email.slice(0, 14));
    await page.getByRole('searchbox').press('Enter');
    const row = page.getByRole('row').filter({ hasText: email });
    await row.getByText('Aguardando confirmação').waitFor();

    await page.getByRole('button', { name: 'Enviar teste' }).click();
    await page.getByText(`Teste enviado para ${app().admin.email}.`).waitFor();

    await page.getByLabel('Horário de envio (horário de Brasília)').fill('06:30');
    await page.getByRole('button', { name: 'Salvar horário' }).click();
    await page.getByText('Horário de envio salvo: 06:30.').waitFor();

    await row.getByRole('button', { name: `Remover ${email}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remover' }).click();
    await page.getByText(`${email} removido do resumo diário.`).waitFor();
    await expect.poll(() => row.count()).toBe(0);

    await page.goto('/__mailbox');
    await page.locator('article').filter({ hasText: app().admin.email }).filter({ hasText: '[Teste]' }).first().waitFor();
  });
});
