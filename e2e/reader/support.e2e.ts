import jsQR from 'jsqr';
import { parsePix } from 'pix-utils';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { inject } from 'vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '@supabase/supabase-js';
import type { Database } from '../../src/types/database.ts';
import { serviceRoleKeyFor } from '../../local-supabase/src/jwt.ts';
import { adminApiClient } from '../support/api.ts';
import { accessibilityViolations, app, screenshot, useBrowser } from '../support/browser.ts';
import { signInToPanel, unique } from '../support/fixtures.ts';

// Reader support with Pix (issue 39, docs/decisions/0054) as a reader and the newsroom meet it: the Administrador
// sets the key (each type checked), a reader chooses an amount on '/apoie' and gets a code whose QR image and
// 'Pix Copia e Cola' an independent decoder reads (jsQR for the image, pix-utils for the BR Code: key, name, city,
// amount, transaction id, CRC); staff find it on 'Apoios' and mark it received, and the thank-you e-mail arrives; a
// monthly supporter's reminder arrives with a fresh code and stops in one click; '/apoie' without a key, and the
// whole path without JavaScript.

const RECEIVER = { keyTyped: '11.222.333/0001-81', key: '11222333000181', name: 'Porto Ferreira Notícias', nameInCode: 'Porto Ferreira Noticias', city: 'Porto Ferreira' };
const SUPPORT_MAIL_JOB = 'E-mails de apoio (agradecimentos e lembretes mensais)';

async function setReceiver(open: boolean): Promise<void> {
  const admin = await adminApiClient();
  const { error } = await admin
    .from('support_settings')
    .update(
      open
        ? { pix_key: RECEIVER.key, receiver_name: RECEIVER.nameInCode, receiver_city: RECEIVER.city, monthly_goal_cents: 300_000, show_progress: true }
        : { pix_key: null },
    )
    .eq('only_row', true);
  if (error) throw error;
}

afterAll(() => setReceiver(false));

/** The QR code on the page, as a camera would see it: a screenshot of the element, decoded by jsQR. */
async function decodeShownQr(page: Page): Promise<string> {
  const png = await page.getByTestId('pix-qr').screenshot();
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const found = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height);
  if (!found) throw new Error('jsQR found no QR code in the screenshot');
  return found.data;
}

/** The BR Code read by pix-utils (which checks the CRC16 and refuses a wrong one), as a bank app would. */
function readBrCode(payload: string) {
  const parsed = parsePix(payload);
  if ('error' in parsed && parsed.error) throw new Error(`pix-utils refused the code: ${parsed.message}`);
  return parsed as { type: string; pixKey: string; merchantName: string; merchantCity: string; transactionAmount: number; txid: string };
}

async function mailboxMessage(page: Page, email: string, subject: string) {
  await page.goto('/__mailbox');
  const message = page.locator('article').filter({ hasText: email }).filter({ hasText: subject }).first();
  await message.waitFor();
  return message;
}

async function runSupportMailNow(staff: Page): Promise<void> {
  await staff.goto('/admin/sistema');
  await staff.getByRole('heading', { name: 'Tarefas agendadas', level: 2 }).waitFor();
  await staff.getByRole('button', { name: `Executar agora: ${SUPPORT_MAIL_JOB}` }).click();
  await staff.getByText(/^Executada com sucesso/).waitFor();
}

describe("'Apoie' with Pix", () => {
  const browser = useBrowser();

  beforeAll(() => setReceiver(false));

  it('without a key says support is not open yet, with and without JavaScript, and shows no code', async () => {
    for (const javaScript of [false, true]) {
      const page = await browser.newPage('phone', { javaScript });
      const answer = await page.goto('/apoie');
      expect(answer?.status()).toBe(200);
      await page.getByRole('heading', { level: 1, name: 'Apoie o jornalismo de Porto Ferreira' }).waitFor();
      await page.getByText('O apoio pelo Pix ainda não está aberto.').waitFor();
      expect(await page.getByRole('button', { name: 'Gerar código Pix' }).count()).toBe(0);
    }
    // A forged POST gets no code either: back to the page that says so.
    const forged = await fetch(`${app().baseUrl}/apoie`, { method: 'POST', body: new URLSearchParams({ valor: '2500' }), redirect: 'manual' });
    expect(forged.status).toBe(303);
    expect(forged.headers.get('location')).toBe('/apoie');
  });

  it('the Administrador sets the key, each type checked with a pt-BR message, the receiver within the BR Code limits', async () => {
    const page = await browser.newPage('desktop');
    await signInToPanel(page, app().admin);
    await page.goto('/admin/configuracoes');
    const form = page.getByRole('form', { name: 'Apoie com Pix' });
    await form.waitFor();
    await form.getByLabel('Tipo de chave').selectOption('cpf');
    await form.getByLabel('Chave Pix da redação').fill('123.456.789-00');
    await form.getByLabel('Nome do recebedor').fill('Jornal Porto Ferreira Notícias Ltda');
    await form.getByLabel('Cidade do recebedor').fill(RECEIVER.city);
    await form.getByRole('button', { name: 'Salvar apoio com Pix' }).click();
    await form.getByText('CPF inválido: confira os 11 números; os dois últimos (dígitos verificadores) não conferem.').waitFor();
    await form.getByText(/O nome do recebedor tem 35 caracteres; o código Pix aceita até 25/).waitFor();
    // Nothing typed is lost.
    expect(await form.getByLabel('Chave Pix da redação').inputValue()).toBe('123.456.789-00');

    await form.getByLabel('Tipo de chave').selectOption('phone');
    await form.getByLabel('Chave Pix da redação').fill('(19) 3333-4444');
    await form.getByRole('button', { name: 'Salvar apoio com Pix' }).click();
    await form.getByText(/Celular inválido/).waitFor();

    await form.getByLabel('Tipo de chave').selectOption('cnpj');
    await form.getByLabel('Chave Pix da redação').fill(RECEIVER.keyTyped);
    await form.getByLabel('Nome do recebedor').fill(RECEIVER.name);
    await form.getByLabel('Meta mensal (R$)').fill('3.000,00');
    await form.getByLabel('Mostrar o progresso do mês na página Apoie').check();
    await form.getByRole('button', { name: 'Salvar apoio com Pix' }).click();
    await form.getByText('Apoio com Pix salvo.').waitFor();
    // Stored as the code carries it: digits only, accents folded.
    expect(await form.getByLabel('Chave Pix da redação').inputValue()).toBe(RECEIVER.key);
    expect(await form.getByLabel('Nome do recebedor').inputValue()).toBe(RECEIVER.nameInCode);
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it.each([
    ['phone', 'R$ 25,00', 2500],
    ['desktop', 'Outro valor', 1234],
  ] as const)('on a %s: chooses %s, the shown QR and Pix Copia e Cola decode to the newsroom and that amount; staff mark it received and the thank-you arrives', async (viewport, choice, cents) => {
    await setReceiver(true);
    const email = `${unique('apoiadora').toLowerCase().replace(/\W+/g, '-')}@exemplo.com.br`;
    const page = await browser.newPage(viewport);
    await page.goto('/apoie');
    await page.getByRole('heading', { level: 1, name: 'Apoie o jornalismo de Porto Ferreira' }).waitFor();
    await page.getByRole('heading', { name: 'Meta do mês' }).waitFor();
    await page.getByRole('radio', { name: choice }).check();
    if (choice === 'Outro valor') {
      // Out of bounds: the message beside the field, and nothing is sent.
      await page.getByLabel(/Outro valor, em reais/).fill('9.999,00');
      await page.getByRole('button', { name: 'Gerar código Pix' }).click();
      await page.getByText(/Escolha um dos valores ou escreva outro valor entre R\$ 1,00 e R\$ 5.000,00/).waitFor();
      await page.getByLabel(/Outro valor, em reais/).fill('12,34');
    }
    const form = page.getByRole('form', { name: 'Apoiar com Pix' });
    await form.getByLabel('Seu nome').fill('Ana Leitora');
    await form.getByLabel('Seu e-mail').fill(email);
    await page.getByText(/a redação os guarda para agradecer o seu apoio/).waitFor();
    await page.getByRole('link', { name: 'Política de Privacidade' }).first().waitFor();
    await screenshot(page, `support-page-${viewport}`);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Gerar código Pix' }).click();

    const amount = (cents / 100).toFixed(2).replace('.', ',');
    await page.getByRole('heading', { level: 1, name: `Seu código Pix de R$ ${amount}` }).waitFor();
    expect(page.url()).toMatch(/\/apoie\/pix\/[0-9A-Z]{25}$/);
    const txid = page.url().split('/').pop() ?? '';

    // The image, read by an independent QR decoder, and the copy-paste text: the same BR Code, the newsroom's.
    const fromImage = await decodeShownQr(page);
    const copyPaste = await page.getByLabel('Pix Copia e Cola').inputValue();
    expect(fromImage).toBe(copyPaste);
    const code = readBrCode(copyPaste);
    expect(code).toMatchObject({
      type: 'STATIC',
      pixKey: RECEIVER.key,
      merchantName: RECEIVER.nameInCode,
      merchantCity: RECEIVER.city,
      transactionAmount: cents / 100,
      txid,
    });
    // 'Copiar código' puts exactly that text on the clipboard.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'Copiar código' }).click();
    await page.getByText('Código copiado!').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(copyPaste);
    // Never kept by a cache: the page is this reader's.
    const direct = await fetch(page.url());
    expect(direct.headers.get('cache-control')).toBe('private, no-store');
    await screenshot(page, `support-code-${viewport}`);
    expect(await accessibilityViolations(page)).toEqual([]);

    // Staff find it as the bank statement shows it, by its id, and mark it received.
    const staff = await browser.newPage(viewport);
    await signInToPanel(staff, app().admin);
    await staff.goto(`/admin/apoios?situacao=todos&txid=${txid.slice(0, 10)}`);
    await staff.getByRole('heading', { level: 1, name: 'Apoios' }).waitFor();
    const row = staff.getByRole('row').filter({ hasText: txid });
    await row.getByText('Pendente').waitFor();
    await row.getByText(email).waitFor();
    await screenshot(staff, `support-admin-${viewport}`);
    expect(await accessibilityViolations(staff)).toEqual([]);
    await row.getByRole('button', { name: /Marcar como recebido/ }).click();
    await row.getByText('Recebido', { exact: true }).waitFor();

    await runSupportMailNow(staff);
    const thanks = await mailboxMessage(staff, email, 'Obrigado pelo seu apoio!');
    expect(await thanks.textContent()).toContain(`Recebemos seu Pix de R$ ${amount}`);
  });

  it('without JavaScript: the form answers with the code', async () => {
    await setReceiver(true);
    const page = await browser.newPage('phone', { javaScript: false });
    await page.goto('/apoie');
    // Out of bounds: the server sends the form back with the reason, 'Outro valor' still chosen and what was typed.
    await page.getByRole('radio', { name: 'Outro valor' }).check();
    await page.getByLabel(/Outro valor, em reais/).fill('9.999,00');
    await page.getByRole('button', { name: 'Gerar código Pix' }).click();
    await page.getByText(/Escolha um dos valores ou escreva outro valor entre R\$ 1,00 e R\$ 5.000,00/).waitFor();
    expect(await page.getByRole('radio', { name: 'Outro valor' }).isChecked()).toBe(true);
    expect(await page.getByLabel(/Outro valor, em reais/).inputValue()).toBe('9.999,00');
    await page.getByRole('radio', { name: 'R$ 10,00' }).check();
    await page.getByRole('button', { name: 'Gerar código Pix' }).click();
    await page.getByRole('heading', { level: 1, name: 'Seu código Pix de R$ 10,00' }).waitFor();
    const copyPaste = await page.getByLabel('Pix Copia e Cola').inputValue();
    expect(readBrCode(copyPaste)).toMatchObject({ pixKey: RECEIVER.key, transactionAmount: 10 });
    expect(await decodeShownQr(page)).toBe(copyPaste);
    // No dead button before the app runs: the field is there to select.
    expect(await page.getByRole('button', { name: 'Copiar código' }).count()).toBe(0);
  });

  it("a monthly supporter's reminder arrives with a fresh code for the same amount and stops in one click", async () => {
    await setReceiver(true);
    const email = `${unique('mensal').toLowerCase().replace(/\W+/g, '-')}@exemplo.com.br`;
    const page = await browser.newPage('desktop');
    await page.goto('/apoie');
    await page.getByRole('radio', { name: 'R$ 50,00' }).check();
    await page.getByRole('form', { name: 'Apoiar com Pix' }).getByLabel('Seu e-mail').fill(email);
    await page.getByLabel(/Quero um lembrete por e-mail todo mês/).check();
    await page.getByRole('button', { name: 'Gerar código Pix' }).click();
    await page.getByRole('heading', { level: 1, name: 'Seu código Pix de R$ 50,00' }).waitFor();
    const firstTxid = page.url().split('/').pop() ?? '';

    // The newsroom finds the first payment; the reminder starts then. A month passes (the fixture moves its date).
    const admin = await adminApiClient();
    const { data: intent } = await admin.from('support_intents').select('id').eq('txid', firstTxid).single();
    expect((await admin.rpc('support_intent_mark_received', { intent_id: intent?.id ?? '' })).data).toBe(true);
    const service = createClient<Database>(app().baseUrl, await serviceRoleKeyFor(inject('jwtSecret')), { auth: { persistSession: false } });
    const moved = await service.from('support_reminders').update({ next_at: new Date(Date.now() - 60_000).toISOString() }).eq('email', email).select('id');
    expect(moved.data).toHaveLength(1);

    const staff = await browser.newPage('desktop');
    await signInToPanel(staff, app().admin);
    await runSupportMailNow(staff);
    const reminder = await mailboxMessage(staff, email, 'Seu apoio mensal de R$ 50,00');
    const text = (await reminder.textContent()) ?? '';
    const payload = /000201.+?6304[0-9A-F]{4}/.exec(text)?.[0] ?? '';
    const code = readBrCode(payload);
    expect(code).toMatchObject({ pixKey: RECEIVER.key, transactionAmount: 50 });
    expect(code.txid).not.toBe(firstTxid);

    // The stop link: its page, one button.
    const stopUrl = new RegExp(`${app().baseUrl}/apoie/lembrete/[0-9a-f-]{36}`).exec(text)?.[0] ?? '';
    expect(stopUrl).not.toBe('');
    await page.goto(stopUrl);
    await page.getByRole('button', { name: 'Parar os lembretes' }).click();
    await page.getByText('Pronto: você não receberá mais lembretes de apoio.').waitFor();
    const { data: left } = await admin.from('support_reminders').select('id').eq('email', email);
    expect(left).toEqual([]);
  });
});
