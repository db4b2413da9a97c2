import { afterAll, describe, expect, it } from 'vitest';
import { adminApiClient, publishLocalStory, type PublishedStory } from '../support/api.ts';
import { app, screenshot, accessibilityViolations, useBrowser } from '../support/browser.ts';
import { signInAsAdmin } from './admin-fixtures.ts';

// Corrections in the open (docs/decisions/0038): an editor changes a published story's text and must say how; as a
// correction, readers see 'Atualizado em' and the correction at the story's end, the head's JSON-LD carries
// dateModified, the feed's entry its atom:updated, and /correcoes lists it.

const WRONG = 'A reportagem dizia que a ponte do Rio Mogi-Guaçu reabre em março.';
const RIGHT = 'A ponte reabre em abril, segundo a prefeitura.';

describe('an editor corrects a published story', () => {
  const browser = useBrowser();
  let story: PublishedStory | undefined;

  afterAll(async () => {
    if (story) await (await adminApiClient()).from('publications').delete().eq('id', story.id);
  });

  it('asks how to record a text change, keeps what was typed, and readers see the correction everywhere', async () => {
    story = await publishLocalStory(await adminApiClient(), 'Ponte do Rio Mogi-Guaçu reabre em março', {
      description: 'Obra de reforço termina antes do previsto.',
      content: '<p>A ponte reabre em março, disse a prefeitura.</p>',
    });
    const admin = await browser.newPage('desktop');
    await signInAsAdmin(admin);
    await admin.goto(`/admin/publications/${story.id}/edit`);
    await admin.getByRole('heading', { name: 'Editar Publicação' }).waitFor();
    const title = admin.getByRole('textbox', { name: 'Título', exact: true });
    await expect.poll(() => title.inputValue()).toBe(story.title);

    // A text change without saying how is refused by the form first, with the choice focused.
    const corrected = story.title.replace('março', 'abril');
    await title.fill(corrected);
    await admin.getByRole('group', { name: 'Alteração em notícia publicada' }).waitFor();
    await admin.getByRole('button', { name: 'Salvar' }).click();
    await admin.getByText('O texto de uma notícia publicada mudou').waitFor();
    expect(await admin.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('revisionKind');

    // 'Correção' asks what was wrong and what is right; an empty one says so and loses nothing.
    await admin.getByRole('radio', { name: /^Correção/ }).check();
    await admin.getByRole('button', { name: 'Salvar' }).click();
    await admin.getByText('Diga o que estava errado.').waitFor();
    expect(await title.inputValue()).toBe(corrected);
    await admin.getByRole('textbox', { name: 'O que estava errado' }).fill(WRONG);
    await admin.getByRole('textbox', { name: 'O que está correto' }).fill(RIGHT);
    expect(await accessibilityViolations(admin)).toEqual([]);
    await admin.getByRole('group', { name: 'Alteração em notícia publicada' }).scrollIntoViewIfNeeded();
    await screenshot(admin, 'corrections-editor-1280');
    await admin.setViewportSize({ width: 390, height: 844 });
    await screenshot(admin, 'corrections-editor-390');
    await admin.setViewportSize({ width: 1280, height: 800 });
    await admin.getByRole('button', { name: 'Salvar' }).click();
    await admin.waitForURL((url) => url.pathname === '/admin/publications');

    // The editor shows the story's history.
    await admin.goto(`/admin/publications/${story.id}/edit`);
    const history = admin.getByRole('region', { name: 'Histórico de alterações' });
    await history.getByText(WRONG).waitFor();

    // The reader's page, as the server renders it.
    const reader = await browser.newPage('desktop');
    await reader.goto(`/noticia/${story.id}`);
    await reader.getByRole('heading', { level: 1, name: corrected }).waitFor();
    await reader.getByText(/^Atualizado em/).waitFor();
    const corrections = reader.getByRole('region', { name: 'Correções' });
    await corrections.getByText(WRONG).waitFor();
    await corrections.getByText(RIGHT).waitFor();
    expect(await accessibilityViolations(reader)).toEqual([]);
    await corrections.scrollIntoViewIfNeeded();
    await screenshot(reader, 'corrections-story-1280');
    await reader.setViewportSize({ width: 390, height: 844 });
    await screenshot(reader, 'corrections-story-390');

    // The head's JSON-LD and the feed say when.
    const html = await (await fetch(`${app().baseUrl}/noticia/${story.id}`, { redirect: 'follow' })).text();
    const jsonLd = /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '{}';
    const data = JSON.parse(jsonLd) as { dateModified?: string; datePublished?: string };
    expect(data.dateModified).toBeDefined();
    expect(Date.parse(data.dateModified!)).toBeGreaterThan(Date.parse(data.datePublished!));
    const rss = await (await fetch(`${app().baseUrl}/rss.xml`)).text();
    const entry = rss.split('<item>').find((item) => item.includes(story!.id)) ?? '';
    expect(entry).toContain('<atom:updated>');
    expect(Date.parse(/<atom:updated>([^<]+)<\/atom:updated>/.exec(entry)![1]!)).toBe(Date.parse(data.dateModified!));

    // /correcoes lists it with a link to the story, from the footer.
    const list = await browser.newPage('desktop');
    await list.goto('/');
    await list.getByRole('contentinfo').getByRole('link', { name: 'Correções' }).click();
    await list.getByRole('heading', { level: 1, name: 'Correções' }).waitFor();
    await list.getByText(WRONG).first().waitFor();
    await list.getByRole('link', { name: corrected }).first().waitFor();
    expect(await accessibilityViolations(list)).toEqual([]);
    await screenshot(list, 'corrections-page-1280');
    await list.setViewportSize({ width: 390, height: 844 });
    await screenshot(list, 'corrections-page-390');
    // Served by the server with its data.
    const served = await (await fetch(`${app().baseUrl}/correcoes`)).text();
    expect(served).toContain(RIGHT);
  });
});
