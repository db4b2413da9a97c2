import { describe, expect, it } from 'vitest';
import { slugify } from '../../src/lib/slugify.ts';
import { expectConsoleErrors, failedRequest, useBrowser } from '../support/browser.ts';
import { confirmDeletion, openSection, row, selectAsReader, signInAsAdmin } from './admin-fixtures.ts';
import { TINY_PNG, unique } from '../support/fixtures.ts';

describe('the newsroom publishes a story in a new topic', () => {
  const browser = useBrowser();

  it('topic → publication with image, published → readers see it → edit → unpublish → gone → delete', async () => {
    const admin = await browser.newPage('desktop');
    const reader = await browser.newPage('desktop');
    await signInAsAdmin(admin);

    // A new topic, with the slug shown live.
    const topicName = unique('Meio Ambiente');
    const slug = slugify(topicName);
    await openSection(admin, 'Tópicos');
    await admin.getByPlaceholder('Nome do tópico').fill(topicName);
    await admin.getByText(slug, { exact: true }).waitFor();
    await admin.getByRole('button', { name: 'Adicionar' }).click();
    await row(admin, topicName).waitFor();

    // The same name again: the duplicate slug is explained in the red box (the server's 409 is logged by the browser).
    expectConsoleErrors(admin, failedRequest(409, '/rest/v1/topics'));
    await admin.getByPlaceholder('Nome do tópico').fill(topicName);
    await admin.getByRole('button', { name: 'Adicionar' }).click();
    await expect.poll(() => admin.getByRole('alert').textContent()).toContain(`Já existe um tópico com o slug "${slug}"`);
    await admin.getByPlaceholder('Nome do tópico').fill('');

    // The publication, with an uploaded image and the box ticked.
    const title = unique('Mutirão limpa o Rio Mogi Guaçu');
    await openSection(admin, 'Publicações');
    await admin.getByRole('link', { name: 'Nova Publicação' }).click();
    await admin.getByRole('heading', { name: 'Nova Publicação' }).waitFor();
    await admin.getByRole('textbox', { name: 'Título', exact: true }).fill(title);
    await admin.getByLabel('Descrição').fill('Voluntários retiraram duas toneladas de lixo das margens.');
    const editor = admin.getByRole('textbox', { name: 'Conteúdo' });
    await editor.click();
    await admin.keyboard.type('O mutirão reuniu ');
    await admin.getByRole('button', { name: 'Negrito' }).click();
    await admin.keyboard.type('300 voluntários');
    await admin.getByRole('button', { name: 'Negrito' }).click();
    await admin.keyboard.type(' neste sábado.');
    await admin.getByLabel('Imagem', { exact: true }).setInputFiles({ name: 'rio.png', mimeType: 'image/png', buffer: TINY_PNG });
    await admin.getByRole('button', { name: 'Remover imagem' }).waitFor();
    // An image needs its alternative text (docs/product.md §12).
    await admin.getByRole('textbox', { name: 'Texto alternativo da imagem' }).fill('Voluntários nas margens do rio');
    await admin.getByLabel('URL do vídeo no YouTube').fill('https://youtu.be/dQw4w9WgXcQ');
    await admin.getByLabel('Tópico').selectOption({ label: topicName });
    await admin.getByLabel('Publicar imediatamente').check();
    await admin.getByRole('button', { name: 'Salvar' }).click();
    await admin.waitForURL((url) => url.pathname === '/admin/publications');
    await row(admin, title).getByText('Publicado', { exact: true }).filter({ visible: true }).waitFor();
    const editHref = await row(admin, title).getByRole('link', { name: `Editar: ${title}` }).getAttribute('href');
    const id = /\/admin\/publications\/([^/]+)\/edit/.exec(editHref ?? '')![1]!;

    // An anonymous reader sees it on its topic page, with the uploaded image, and can open it.
    await reader.goto(`/topic/${slug}`);
    await reader.getByRole('heading', { name: title }).waitFor();
    const [stored] = (await selectAsReader('publications', `select=image_url,content,published_at&id=eq.${id}`)) as {
      image_url: string;
      content: string;
      published_at: string | null;
    }[];
    expect(stored!.image_url).toMatch(/\/storage\/v1\/object\/public\/publications\/[0-9a-f-]+\.png$/);
    expect(stored!.content).toBe('<p>O mutirão reuniu <strong>300 voluntários</strong> neste sábado.</p>');
    expect(stored!.published_at).not.toBeNull();
    const image = await fetch(stored!.image_url);
    expect(image.headers.get('content-type')).toBe('image/png');

    // Edit.
    const edited = `${title} (atualizado)`;
    await row(admin, title).getByRole('link', { name: `Editar: ${title}` }).click();
    await admin.getByRole('heading', { name: 'Editar Publicação' }).waitFor();
    expect(await admin.getByRole('textbox', { name: 'Título', exact: true }).inputValue()).toBe(title);
    expect(await admin.getByLabel('Publicar imediatamente').isChecked()).toBe(true);
    await admin.getByRole('textbox', { name: 'Título', exact: true }).fill(edited);
    // A live story's text changes with a correction or a minor edit (docs/decisions/0038).
    await admin.getByRole('radio', { name: /^Edição menor/ }).check();
    await admin.getByRole('button', { name: 'Salvar' }).click();
    await admin.waitForURL((url) => url.pathname === '/admin/publications');
    await row(admin, edited).waitFor();
    await reader.reload();
    await reader.getByRole('heading', { name: edited }).waitFor();

    // Unpublish from the list: the reader no longer gets it.
    await row(admin, edited).getByRole('button', { name: `Despublicar: ${edited}` }).click();
    await row(admin, edited).getByText('Rascunho', { exact: true }).filter({ visible: true }).waitFor();
    expect(await selectAsReader('publications', `select=id&id=eq.${id}`)).toEqual([]);
    await reader.reload();
    await reader.getByText('Nenhuma notícia encontrada').waitFor();
    expect(await reader.getByRole('heading', { name: edited }).count()).toBe(0);

    // Delete, after the product's confirmation; then the topic.
    await row(admin, edited).getByRole('button', { name: `Excluir: ${edited}` }).click();
    await confirmDeletion(admin, 'Tem certeza que deseja excluir esta publicação?');
    await row(admin, edited).waitFor({ state: 'detached' });

    await openSection(admin, 'Tópicos');
    await row(admin, topicName).getByRole('button', { name: `Excluir: ${topicName}` }).click();
    await confirmDeletion(admin, 'Tem certeza que deseja excluir este tópico?');
    await row(admin, topicName).waitFor({ state: 'detached' });
  });

  it('keeps a typed story through a reload (local draft) until it is saved', async () => {
    const admin = await browser.newPage('desktop');
    await signInAsAdmin(admin);
    await admin.goto('/admin/publications/new');
    const title = unique('Rascunho que não se perde');
    await admin.getByRole('textbox', { name: 'Título', exact: true }).fill(title);
    await admin.getByLabel('Descrição').fill('Texto digitado antes de a aba fechar.');
    await admin.reload();
    await admin.getByText('Rascunho não salvo recuperado', { exact: false }).waitFor();
    expect(await admin.getByRole('textbox', { name: 'Título', exact: true }).inputValue()).toBe(title);
    await admin.getByRole('button', { name: 'Descartar rascunho' }).click();
    expect(await admin.getByRole('textbox', { name: 'Título', exact: true }).inputValue()).toBe('');
  });
});
