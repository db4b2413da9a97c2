import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';
import { confirmDeletion, openSection, row, selectAsReader, signInAsAdmin } from './admin-fixtures.ts';
import { TINY_PNG, unique } from '../support/fixtures.ts';

describe('obituaries and jobs, from the panel to the reader', () => {
  const browser = useBrowser();

  it('obituary: create with photo, published → on /obituarios → edit → unpublish → gone → delete', async () => {
    const admin = await browser.newPage('desktop');
    const reader = await browser.newPage('desktop');
    await signInAsAdmin(admin);
    await openSection(admin, 'Obituários');
    await admin.getByRole('link', { name: 'Novo Obituário' }).click();
    await admin.getByRole('heading', { name: 'Novo Obituário' }).waitFor();

    // Required fields are checked before anything is sent.
    await admin.getByRole('button', { name: 'Salvar' }).click();
    await admin.getByText('Informe o nome completo').waitFor();

    const name = unique('Maria Aparecida');
    await admin.getByRole('textbox', { name: 'Nome Completo' }).fill(name);
    await admin.getByRole('spinbutton', { name: 'Idade' }).fill('87');
    await admin.getByRole('textbox', { name: 'Biografia' }).fill('Professora da rede municipal por 35 anos.');
    await admin.getByRole('textbox', { name: 'Família' }).fill('Deixa filhos e netos.');
    await admin.getByRole('textbox', { name: 'Local do Velório' }).fill('Velório Municipal');
    await admin.getByRole('textbox', { name: 'Horário do Velório' }).fill('08h às 16h');
    await admin.getByLabel('Foto').setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: TINY_PNG });
    await admin.getByRole('button', { name: 'Remover imagem' }).waitFor();
    await admin.getByLabel('Publicar imediatamente').check();
    await admin.getByRole('button', { name: 'Salvar' }).click();
    await admin.waitForURL((url) => url.pathname === '/admin/obituaries');
    await row(admin, name).getByText('Publicado', { exact: true }).filter({ visible: true }).waitFor();
    expect(await row(admin, name).getByText('87 anos').filter({ visible: true }).count()).toBe(1);

    await reader.goto('/obituarios');
    await reader.getByRole('heading', { name }).waitFor();
    const [stored] = (await selectAsReader('obituaries', `select=age,photo_url&name=eq.${encodeURIComponent(name)}`)) as {
      age: number;
      photo_url: string;
    }[];
    expect(stored!.age).toBe(87);
    expect(stored!.photo_url).toMatch(/\/storage\/v1\/object\/public\/obituaries\//);

    await row(admin, name).getByRole('link', { name: `Editar: ${name}` }).click();
    await admin.getByRole('heading', { name: 'Editar Obituário' }).waitFor();
    await admin.getByRole('spinbutton', { name: 'Idade' }).fill('88');
    await admin.getByRole('button', { name: 'Salvar' }).click();
    await admin.waitForURL((url) => url.pathname === '/admin/obituaries');
    await row(admin, name).getByText('88 anos').filter({ visible: true }).waitFor();
    await reader.reload();
    await reader.getByText('88 anos').filter({ visible: true }).first().waitFor();

    await row(admin, name).getByRole('button', { name: `Despublicar: ${name}` }).click();
    await row(admin, name).getByText('Rascunho', { exact: true }).filter({ visible: true }).waitFor();
    await reader.reload();
    await reader.getByRole('heading', { name: 'Obituário', level: 1 }).waitFor();
    await expect.poll(() => reader.getByRole('heading', { name }).count()).toBe(0);

    await row(admin, name).getByRole('button', { name: `Excluir: ${name}` }).click();
    await confirmDeletion(admin, 'Tem certeza que deseja excluir este obituário?');
    await row(admin, name).waitFor({ state: 'detached' });
  });

  it('job: create, published → in the home community card → edit → unpublish → gone → delete', async () => {
    const admin = await browser.newPage('desktop');
    const reader = await browser.newPage('desktop');
    await signInAsAdmin(admin);
    await openSection(admin, 'Vagas');
    await admin.getByRole('link', { name: 'Nova Vaga' }).click();
    await admin.getByRole('heading', { name: 'Nova Vaga' }).waitFor();

    const title = unique('Ceramista');
    await admin.getByRole('textbox', { name: 'Título da Vaga' }).fill(title);
    await admin.getByRole('textbox', { name: 'Empresa' }).fill('Cerâmica Artística Ferreirense');
    expect(await admin.getByRole('combobox', { name: 'Tipo de Contrato' }).inputValue()).toBe('CLT');
    await admin.getByRole('combobox', { name: 'Tipo de Contrato' }).selectOption('Temporário');
    await admin.getByRole('textbox', { name: 'Local', exact: true }).fill('Porto Ferreira - SP');
    await admin.getByRole('textbox', { name: 'Descrição' }).fill('Pintura à mão de peças decorativas.');
    await admin.getByLabel('Publicar imediatamente').check();
    await admin.getByRole('button', { name: 'Salvar' }).click();
    await admin.waitForURL((url) => url.pathname === '/admin/jobs');
    await row(admin, title).getByText('Publicada', { exact: true }).filter({ visible: true }).waitFor();
    const [stored] = (await selectAsReader('jobs', `select=expires_at,contract_type&title=eq.${encodeURIComponent(title)}`)) as {
      expires_at: string | null;
      contract_type: string;
    }[];
    expect(stored).toEqual({ expires_at: null, contract_type: 'Temporário' });

    await reader.goto('/');
    await reader.getByText(title).waitFor();

    const edited = `${title} Sênior`;
    await row(admin, title).getByRole('link', { name: `Editar: ${title}` }).click();
    await admin.getByRole('heading', { name: 'Editar Vaga' }).waitFor();
    await admin.getByRole('textbox', { name: 'Título da Vaga' }).fill(edited);
    await admin.getByRole('button', { name: 'Salvar' }).click();
    await admin.waitForURL((url) => url.pathname === '/admin/jobs');
    await reader.reload();
    await reader.getByText(edited).waitFor();

    await row(admin, edited).getByRole('button', { name: `Despublicar: ${edited}` }).click();
    await row(admin, edited).getByText('Rascunho', { exact: true }).filter({ visible: true }).waitFor();
    await reader.reload();
    await reader.getByRole('heading', { name: 'Vagas de Emprego' }).waitFor();
    await expect.poll(() => reader.getByText(edited).count()).toBe(0);

    await row(admin, edited).getByRole('button', { name: `Excluir: ${edited}` }).click();
    await confirmDeletion(admin, 'Tem certeza que deseja excluir esta vaga?');
    await row(admin, edited).waitFor({ state: 'detached' });
  });
});
