import { createClient } from '@supabase/supabase-js';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../src/types/database.ts';
import { paths } from '../../src/lib/paths.ts';
import { adminApiClient } from '../support/api.ts';
import { app, screenshot, accessibilityViolations, useBrowser } from '../support/browser.ts';
import { signInToPanel, unique } from '../support/fixtures.ts';
import { openSection, row, selectAsReader, signInAsAdmin } from './admin-fixtures.ts';

// Roles (docs/decisions/0037): an administrator approves a sign-up as Repórter; the reporter sees only its screens,
// writes a story and sends it for review; an editor returns it with a note, the reporter sends it again, the editor
// publishes it from 'Revisão'; a reader reads it; the administrator finds the publish and the role change in
// 'Auditoria'. Screenshots of 'Revisão' and 'Auditoria' at 390 and 1280 px.

const PASSWORD = 'senha-segura-123';
const createdAccounts: string[] = [];
const createdStories: string[] = [];

/** A sign-up through the API (pending), as the registration form makes one. */
async function signUp(name: string): Promise<{ id: string; email: string }> {
  const email = `${name.toLowerCase().normalize('NFD').replace(/[^a-z0-9]+/g, '-')}@example.com`;
  const anon = createClient<Database>(app().baseUrl, app().anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
  const { data, error } = await anon.auth.signUp({ email, password: PASSWORD, options: { data: { name } } });
  if (error || !data.user) throw new Error(`sign-up of ${email} failed: ${error?.message}`);
  createdAccounts.push(data.user.id);
  return { id: data.user.id, email };
}

afterEach(async () => {
  const admin = await adminApiClient();
  for (const id of createdStories.splice(0)) await admin.from('publications').delete().eq('id', id);
  for (const id of createdAccounts.splice(0)) {
    // Demoted first: only pending accounts can be rejected.
    await admin.rpc('set_profile_role', { target_id: id, new_role: 'pending' });
    await admin.rpc('reject_pending_account', { target_id: id });
  }
});

describe('newsroom roles', () => {
  const browser = useBrowser();

  it('approve as Repórter → write and send for review → editor returns, then publishes → reader reads → audit log', async () => {
    const reporterName = unique('Rita Reporter');
    const reporter = await signUp(reporterName);
    const editorAccount = await signUp(unique('Edu Editor'));
    const approval = await (await adminApiClient()).rpc('set_profile_role', { target_id: editorAccount.id, new_role: 'editor' });
    expect(approval.error).toBeNull();

    // The administrator approves the sign-up as Repórter.
    const admin = await browser.newPage('desktop');
    await signInAsAdmin(admin);
    await openSection(admin, 'Usuários');
    const chooser = row(admin, reporter.email).getByRole('combobox', { name: `Papel ao aprovar: ${reporterName}` });
    expect(await chooser.inputValue()).toBe('reporter');
    await row(admin, reporter.email).getByRole('button', { name: `Aprovar: ${reporterName}` }).click();
    await row(admin, reporter.email).getByText('Repórter', { exact: true }).filter({ visible: true }).waitFor();

    // The reporter sees its two screens only, and 'Sem permissão' at an editor's address.
    const desk = await browser.newPage('desktop');
    await signInToPanel(desk, { email: reporter.email, password: PASSWORD });
    const nav = desk.getByRole('navigation', { name: 'Painel administrativo' });
    await nav.getByRole('link', { name: 'Publicações', exact: true }).waitFor();
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Dashboard', 'Publicações', 'Minha conta']);
    await desk.goto(paths.admin.review());
    await desk.getByRole('heading', { name: 'Sem permissão' }).waitFor();

    // It writes a story: no publishing controls, 'Enviar para revisão' instead.
    await desk.goto(paths.admin.publicationNew());
    const title = unique('Buraco na Rua Sete');
    await desk.getByRole('textbox', { name: 'Título', exact: true }).fill(title);
    await desk.getByLabel('Tópico').selectOption({ label: 'Porto Ferreira' });
    expect(await desk.getByLabel('Publicar imediatamente').count()).toBe(0);
    expect(await desk.getByLabel('Manchete da página inicial').count()).toBe(0);
    await desk.getByRole('button', { name: 'Enviar para revisão' }).click();
    await desk.waitForURL((url) => url.pathname === paths.admin.publications());
    await row(desk, title).getByText('Em revisão').filter({ visible: true }).first().waitFor();
    const [story] = (await (await adminApiClient()).from('publications').select('id').eq('title', title)).data ?? [];
    if (!story) throw new Error('the story was not stored');
    createdStories.push(story.id);

    // An editor finds it in 'Revisão' and returns it with a note.
    const editor = await browser.newPage('desktop');
    await signInToPanel(editor, { email: editorAccount.email, password: PASSWORD });
    await openSection(editor, 'Revisão');
    const card = editor.getByRole('listitem', { name: title });
    await card.getByRole('button', { name: `Devolver ao repórter: ${title}` }).click();
    await card.getByRole('textbox', { name: /O que falta para publicar/ }).fill('Falta ouvir a prefeitura.');
    await card.getByRole('button', { name: 'Devolver ao repórter', exact: true }).click();
    await editor.getByRole('status').filter({ hasText: 'foi devolvida ao repórter' }).waitFor();
    await card.waitFor({ state: 'detached' });

    // The reporter reads the note, and sends the story again.
    await desk.reload();
    await row(desk, title).getByText('Devolvida').filter({ visible: true }).first().waitFor();
    await row(desk, title).getByRole('link', { name: `Editar: ${title}` }).click();
    await desk.getByText('Falta ouvir a prefeitura.').waitFor();
    await desk.getByRole('button', { name: 'Enviar para revisão' }).click();
    await desk.waitForURL((url) => url.pathname === paths.admin.publications());
    await row(desk, title).getByText('Em revisão').filter({ visible: true }).first().waitFor();

    // The editor's queue, at both widths, then 'Publicar'.
    await editor.reload();
    await editor.getByRole('listitem', { name: title }).waitFor();
    expect(await accessibilityViolations(editor)).toEqual([]);
    await screenshot(editor, 'roles-review-1280');
    const phone = await browser.newPage('phone');
    await signInToPanel(phone, { email: editorAccount.email, password: PASSWORD });
    await phone.goto(paths.admin.review());
    await phone.getByRole('listitem', { name: title }).waitFor();
    await screenshot(phone, 'roles-review-390');
    await editor.getByRole('listitem', { name: title }).getByRole('button', { name: `Publicar: ${title}` }).click();
    await editor.getByRole('status').filter({ hasText: 'foi publicada' }).waitFor();

    // A reader reads it on the site.
    expect(await selectAsReader('publications', `select=title&id=eq.${story.id}`)).toEqual([{ title }]);
    const reader = await browser.newPage('desktop');
    await reader.goto(paths.article(story.id, title));
    await reader.getByRole('heading', { name: title, level: 1 }).waitFor();
    expect(await reader.getByText(/^Atualizado em/).count()).toBe(0);

    // The editor corrects the published story; the reader sees the correction (docs/decisions/0038).
    const fixed = `${title} (corrigida)`;
    await editor.goto(paths.admin.publicationEdit(story.id));
    const titleField = editor.getByRole('textbox', { name: 'Título', exact: true });
    await expect.poll(() => titleField.inputValue()).toBe(title);
    await titleField.fill(fixed);
    await editor.getByRole('radio', { name: /^Correção/ }).check();
    await editor.getByRole('textbox', { name: 'O que estava errado' }).fill('O título omitia que a obra foi adiada.');
    await editor.getByRole('textbox', { name: 'O que está correto' }).fill('A obra foi adiada para o segundo semestre.');
    await editor.getByRole('button', { name: 'Salvar' }).click();
    await editor.waitForURL((url) => url.pathname === paths.admin.publications());
    await reader.reload();
    await reader.getByRole('heading', { name: fixed, level: 1 }).waitFor();
    await reader.getByText(/^Atualizado em/).waitFor();
    await reader.getByRole('region', { name: 'Correções' }).getByText('A obra foi adiada para o segundo semestre.').waitFor();

    // The administrator finds the publish and the role change in 'Auditoria'.
    await openSection(admin, 'Auditoria');
    const log = admin.getByRole('table', { name: 'Registro de auditoria' });
    await log.getByRole('row').filter({ hasText: title }).filter({ hasText: 'Publicação' }).first().waitFor();
    await log.getByRole('row').filter({ hasText: fixed }).filter({ hasText: 'Correção' }).first().waitFor();
    await log.getByRole('row').filter({ hasText: 'Mudança de papel' }).filter({ hasText: `${reporterName}: Aguardando aprovação → Repórter` }).waitFor();
    expect(await accessibilityViolations(admin)).toEqual([]);
    await screenshot(admin, 'roles-audit-1280');
    await admin.getByRole('combobox', { name: 'Ação' }).selectOption('publish');
    await admin.getByRole('button', { name: 'Filtrar' }).click();
    await admin.waitForURL((url) => url.searchParams.get('acao') === 'publish');
    await log.getByRole('row').filter({ hasText: title }).first().waitFor();
    expect(await log.getByRole('row').filter({ hasText: 'Mudança de papel' }).count()).toBe(0);

    const adminPhone = await browser.newPage('phone');
    await signInAsAdmin(adminPhone);
    await adminPhone.goto(paths.admin.audit());
    await adminPhone.getByRole('table', { name: 'Registro de auditoria' }).waitFor();
    await screenshot(adminPhone, 'roles-audit-390');
  });
});
