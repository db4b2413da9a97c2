import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { app, useBrowser, type ViewportName } from '../support/browser.ts';
import { seed, settle, waitForHomeLoaded } from '../reader/reader-fixtures.ts';
import { focusIndicator } from './checks.ts';

// Decision 0036: the reader's pages and the admin panel used with the keyboard alone, at 320 px and in a 1280 px
// window zoomed to 200% (viewport 'zoom200', see e2e/support/browser.ts): the skip link, a visible focus that nothing
// covers, the menus, dialogs that keep and give back the focus, and the editor's toolbar.

const SIZES: ViewportName[] = ['narrow', 'zoom200'];

interface ReaderPage {
  name: string;
  path: string;
  ready: (page: Page) => Promise<unknown>;
}

const READER_PAGES: ReaderPage[] = [
  { name: 'home', path: '/', ready: waitForHomeLoaded },
  { name: 'topic', path: '/topic/local', ready: (page) => page.getByRole('main').getByRole('heading', { level: 2 }).first().waitFor() },
  { name: 'article', path: `/noticia/${seed.fair.id}`, ready: (page) => page.getByRole('heading', { level: 1, name: seed.fair.title }).waitFor() },
  { name: 'obituaries', path: '/obituarios', ready: (page) => page.getByRole('heading', { level: 2, name: seed.obituaries.maria.name }).waitFor() },
  { name: 'jobs', path: '/vagas', ready: (page) => page.getByRole('heading', { level: 1 }).first().waitFor() },
  { name: 'search', path: '/busca?q=ceramica', ready: (page) => page.getByRole('main').getByRole('heading', { level: 2, name: /Notícias/ }).waitFor() },
  { name: 'advertising', path: '/anuncie', ready: (page) => page.getByRole('heading', { level: 1, name: /Anuncie no/ }).waitFor() },
  { name: 'tip-line', path: '/envie-sua-noticia', ready: (page) => page.getByRole('heading', { level: 1, name: 'Envie sua notícia' }).waitFor() },
  { name: 'accessibility', path: '/acessibilidade', ready: (page) => page.getByRole('heading', { level: 1, name: 'Acessibilidade' }).waitFor() },
  { name: 'privacy', path: '/privacidade', ready: (page) => page.getByRole('heading', { level: 1, name: 'Política de Privacidade' }).waitFor() },
  { name: 'corrections', path: '/correcoes', ready: (page) => page.getByRole('heading', { level: 1, name: 'Correções' }).waitFor() },
];

/** What has focus, for messages: its tag and name. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    if (!active || active === document.body) return 'body';
    return `${active.tagName.toLowerCase()} "${active.getAttribute('aria-label') ?? active.textContent?.trim().slice(0, 40) ?? ''}"`;
  });
}

/** Whether the focused element is in view and the topmost thing at its centre (no sticky bar over it: WCAG 2.4.11). */
function focusUnobscured(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    if (!active) return false;
    const rect = active.getBoundingClientRect();
    if (rect.width === 0 && rect.height === 0) return false;
    const x = Math.min(Math.max(rect.left + rect.width / 2, 0), innerWidth - 1);
    const y = Math.min(Math.max(rect.top + rect.height / 2, 0), innerHeight - 1);
    const top = document.elementFromPoint(x, y);
    return top !== null && (active.contains(top) || top.contains(active));
  });
}

/**
 * Tabs through the page from its start until focus leaves the document (or `limit` stops), checking at each stop that
 * the focus shows and is not covered. Returns the stops that fail, and how many were visited.
 */
async function tabThrough(page: Page, limit: number): Promise<{ stops: number; problems: string[] }> {
  const problems: string[] = [];
  let stops = 0;
  for (; stops < limit; stops += 1) {
    await page.keyboard.press('Tab');
    const where = await focused(page);
    if (where === 'body') break;
    const indicator = await focusIndicator(page);
    if (!indicator.visible) problems.push(`no visible focus: ${indicator.element}`);
    if (!(await focusUnobscured(page))) problems.push(`focus hidden or covered: ${where}`);
  }
  return { stops, problems };
}

/** Presses Tab `times` times and returns whether focus stayed inside `container` each time. */
async function staysInside(page: Page, container: Locator, times: number, key = 'Tab'): Promise<string[]> {
  const escaped: string[] = [];
  for (let index = 0; index < times; index += 1) {
    await page.keyboard.press(key);
    const inside = await container.evaluate((element) => element.contains(document.activeElement));
    if (!inside) escaped.push(await focused(page));
  }
  return escaped;
}

async function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element === document.activeElement);
}

describe('a reader using the keyboard alone', () => {
  const browser = useBrowser();

  // One test per page and size: a walk through every page in one test grew with the site against one time limit.
  describe.each(SIZES)('skips to the content and sees where focus is (%s)', (size) => {
    it.each(READER_PAGES.map((target) => [target.name, target] as const))('%s', async (_name, target) => {
      const page = await browser.newPage(size);
      await page.goto(target.path);
      await target.ready(page);
      await settle(page);
      // The first stop is the skip link, shown when focused; Enter moves focus to the main region.
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Pular para o conteúdo' });
      expect(await isFocused(skip), 'first Tab stop').toBe(true);
      expect(await focusUnobscured(page), 'skip link in view').toBe(true);
      await page.keyboard.press('Enter');
      expect(await page.evaluate(() => document.activeElement?.id), 'skip link target').toBe('conteudo');
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      const walk = await tabThrough(page, 120);
      expect(walk.problems).toEqual([]);
      expect(walk.stops, 'Tab stops').toBeGreaterThan(3);
    });
  });

  it('opens and closes the phone menu, and Escape gives focus back to its button', async () => {
    const page = await browser.newPage('narrow');
    await page.goto('/');
    await waitForHomeLoaded(page);
    const toggle = page.getByRole('button', { name: 'Abrir menu' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('navigation', { name: 'Editorias' }).getByRole('list');
    await menu.waitFor();
    expect(await page.getByRole('button', { name: 'Fechar menu' }).getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('a "Porto Ferreira"');
    expect((await focusIndicator(page)).visible).toBe(true);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    expect(await isFocused(page.getByRole('button', { name: 'Abrir menu' }))).toBe(true);
    // Enter on a topic opens it and closes the menu.
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/topic/politica');
    await menu.waitFor({ state: 'hidden' });
  });

  it('keeps focus inside the media-kit dialog and gives it back to its button', async () => {
    const page = await browser.newPage('zoom200');
    await page.goto('/anuncie');
    await settle(page);
    const opener = page.getByRole('button', { name: 'Solicitar Mídia Kit' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Solicitar Mídia Kit' });
    await dialog.waitFor();
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    expect(await staysInside(page, dialog, 15)).toEqual([]);
    expect(await staysInside(page, dialog, 15, 'Shift+Tab')).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await isFocused(opener)).toBe(true);
  });
});

describe('the newsroom using the keyboard alone', () => {
  const browser = useBrowser();

  /** Signs in with the keyboard: Tab to each field, type, Enter. */
  async function signInWithKeyboard(page: Page): Promise<void> {
    await page.goto('/admin/login');
    const email = page.getByLabel(/e-?mail/i);
    await email.waitFor();
    await page.keyboard.press('Tab');
    for (let tries = 0; tries < 10 && !(await isFocused(email)); tries += 1) await page.keyboard.press('Tab');
    await page.keyboard.type(app().admin.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(app().admin.password);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => !url.pathname.startsWith('/admin/login'));
    await page.locator('aside').waitFor();
  }

  async function openScreen(page: Page, path: string, heading: string): Promise<void> {
    await page.goto(path);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    await page.getByText('Carregando...').waitFor({ state: 'detached' });
  }

  for (const size of SIZES) {
    it(`signs in, skips to the content and sees where focus is on every list (${size})`, async () => {
      const page = await browser.newPage(size);
      await signInWithKeyboard(page);
      const found: Record<string, string[]> = {};
      for (const [path, heading] of [
        ['/admin', 'Dashboard'],
        ['/admin/publications', 'Publicações'],
        ['/admin/publications/new', 'Nova Publicação'],
        ['/admin/topics', 'Tópicos'],
        ['/admin/obituaries', 'Obituários'],
        ['/admin/jobs', 'Vagas'],
        ['/admin/sugestoes', 'Sugestões de pauta'],
        ['/admin/apoios', 'Apoios'],
        ['/admin/media-kit', 'Mídia Kit'],
        ['/admin/ads', 'Anúncios'],
        ['/admin/newsletter', 'Newsletter'],
        ['/admin/users', 'Usuários'],
        ['/admin/revisao', 'Revisão'],
        ['/admin/auditoria', 'Auditoria'],
        ['/admin/privacidade', 'Direitos dos titulares'],
        ['/admin/configuracoes', 'Configurações'],
        ['/admin/sistema', 'Sistema'],
        ['/admin/conta', 'Minha conta'],
      ] as const) {
        await openScreen(page, path, heading);
        await page.keyboard.press('Tab');
        expect(await isFocused(page.getByRole('link', { name: 'Pular para o conteúdo' })), `${path}: first Tab stop`).toBe(true);
        expect((await focusIndicator(page)).visible, `${path}: skip link focus`).toBe(true);
        await page.keyboard.press('Enter');
        expect(await page.evaluate(() => document.activeElement?.tagName), `${path}: skip link target`).toBe('MAIN');
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        const walk = await tabThrough(page, 80);
        if (walk.problems.length > 0) found[path] = walk.problems;
      }
      expect(found).toEqual({});
    });
  }

  it('opens and closes the phone menu, and Escape gives focus back to its button', async () => {
    const page = await browser.newPage('narrow');
    await signInWithKeyboard(page);
    const toggle = page.getByRole('button', { name: 'Abrir menu' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    const nav = page.getByRole('navigation', { name: 'Painel administrativo' });
    await nav.waitFor();
    expect(await page.getByRole('button', { name: 'Fechar menu' }).getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('a "Dashboard"');
    await page.keyboard.press('Escape');
    await nav.waitFor({ state: 'hidden' });
    expect(await isFocused(page.getByRole('button', { name: 'Abrir menu' }))).toBe(true);
    // Space opens it too; choosing a screen closes it.
    await page.keyboard.press(' ');
    await nav.waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/admin/publications');
    await nav.waitFor({ state: 'hidden' });
  });

  it("confirms a delete in a dialog that keeps focus and gives it back, and Escape cancels", async () => {
    const page = await browser.newPage('narrow');
    await signInWithKeyboard(page);
    await openScreen(page, '/admin/topics', 'Tópicos');
    const remove = page.getByRole('button', { name: /^Excluir/ }).first();
    await remove.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Confirmar exclusão' });
    await dialog.waitFor();
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    expect(await staysInside(page, dialog, 7)).toEqual([]);
    expect(await staysInside(page, dialog, 7, 'Shift+Tab')).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await isFocused(remove)).toBe(true);
  });

  it("formats text from the editor's toolbar and opens its dialogs with the keyboard", async () => {
    const page = await browser.newPage('zoom200');
    await signInWithKeyboard(page);
    await openScreen(page, '/admin/publications/new', 'Nova Publicação');
    const content = page.getByRole('textbox', { name: 'Conteúdo' });
    await content.waitFor();
    const toolbar = page.getByRole('toolbar', { name: 'Formatação do texto' });
    // Every button has a name; the toggles say whether they are on.
    const buttons = await toolbar.getByRole('button').evaluateAll((elements) =>
      elements.map((element) => ({ name: element.getAttribute('aria-label') ?? '', pressed: element.getAttribute('aria-pressed') })),
    );
    expect(buttons.every((button) => button.name.length > 0)).toBe(true);
    for (const name of ['Negrito', 'Itálico', 'Título de seção', 'Lista com marcadores', 'Citação']) {
      expect(buttons.find((button) => button.name === name)?.pressed, name).toBe('false');
    }
    // Type, select it, then Shift+Tab back from the text to the toolbar's last button and on to 'Negrito'.
    await content.focus();
    await page.keyboard.type('Texto da matéria');
    await expect.poll(() => content.textContent()).toBe('Texto da matéria');
    await page.keyboard.press('Shift+Home');
    // The whole line selected before leaving the text (a busy machine may apply the keys later than they were sent).
    await expect.poll(() => page.evaluate(() => window.getSelection()?.toString() ?? '')).toBe('Texto da matéria');
    const bold = toolbar.getByRole('button', { name: 'Negrito' });
    for (let tries = 0; tries < 20 && !(await isFocused(bold)); tries += 1) await page.keyboard.press('Shift+Tab');
    expect(await isFocused(bold)).toBe(true);
    expect((await focusIndicator(page)).visible).toBe(true);
    await page.keyboard.press(' ');
    await expect.poll(() => bold.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => content.innerHTML()).toContain('<strong>Texto da matéria</strong>');
    // Enter works too: italic on the same selection.
    const italic = toolbar.getByRole('button', { name: 'Itálico' });
    await italic.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => italic.getAttribute('aria-pressed')).toBe('true');

    for (const [button, title] of [
      ['Link', 'Inserir link'],
      ['Inserir imagem', 'Inserir imagem'],
    ] as const) {
      const opener = toolbar.getByRole('button', { name: button, exact: true });
      await opener.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: title });
      await dialog.waitFor();
      expect(await dialog.evaluate((element) => element.contains(document.activeElement)), title).toBe(true);
      expect(await staysInside(page, dialog, 12), title).toEqual([]);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      expect(await isFocused(opener), `${title}: focus back on its button`).toBe(true);
    }
  });
});
