import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { storySlug } from '../../../src/lib/story-slug.ts';
import { TINY_PNG, signInToPanel, unique, type Account } from '../../support/fixtures.ts';
import type { PublishedStory } from '../../support/api.ts';

// The newsroom's first day on a deployed site, the same on every deploy path: an editor signs in at /admin and
// publishes a story with a picture through the real panel, a reader opens it, and what crawlers, feed readers and
// search engines fetch names it on the site's own address (SITE_URL).

/**
 * On a signed-in panel page: a new story with an uploaded picture in the 'Porto Ferreira' topic (a migration's, so
 * every deployed site has it), published at once. Returns it as readers address it.
 */
export async function publishStory(page: Page): Promise<PublishedStory> {
  const title = unique('Câmara aprova reforma da Praça da Matriz');
  await page.goto('/admin/publications/new');
  await page.getByRole('heading', { name: 'Nova Publicação' }).waitFor();
  await page.getByRole('textbox', { name: 'Título', exact: true }).fill(title);
  await page.getByLabel('Descrição').fill('Obra começa em janeiro e mantém os bancos de cerâmica.');
  await page.getByRole('textbox', { name: 'Conteúdo' }).click();
  await page.keyboard.type('A reforma foi aprovada por unanimidade.');
  await page.getByLabel('Imagem', { exact: true }).setInputFiles({ name: 'praca.png', mimeType: 'image/png', buffer: TINY_PNG });
  await page.getByRole('button', { name: 'Remover imagem' }).waitFor();
  await page.getByRole('textbox', { name: 'Texto alternativo da imagem' }).fill('A Praça da Matriz vista do coreto');
  await page.getByLabel('Tópico').selectOption({ label: 'Porto Ferreira' });
  await page.getByLabel('Publicar imediatamente').check();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await page.waitForURL((url) => url.pathname === '/admin/publications');
  const row = page.getByRole('row').filter({ hasText: title });
  await row.getByText('Publicado', { exact: true }).filter({ visible: true }).waitFor();
  const editHref = await row.getByRole('link', { name: `Editar: ${title}` }).getAttribute('href');
  const id = /\/admin\/publications\/([^/]+)\/edit/.exec(editHref ?? '')?.[1];
  if (!id) throw new Error(`no edit link for "${title}" in the publications list`);
  return { id, title, path: `/noticia/${id}/${storySlug(title)}` };
}

/** A reader opens the story by its shared id-only link: the app lands on its readable address with its picture. */
export async function readStory(page: Page, story: PublishedStory): Promise<void> {
  await page.goto(`/noticia/${story.id}`);
  await page.getByRole('heading', { level: 1, name: story.title }).waitFor();
  await page.getByRole('img', { name: 'A Praça da Matriz vista do coreto' }).first().waitFor();
  expect(new URL(page.url()).pathname).toBe(story.path);
}

function metaContent(html: string, key: string): string | null {
  const match = new RegExp(`<meta (?:property|name)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)">`).exec(html);
  return match?.[1]?.replace(/&amp;/g, '&') ?? null;
}

/**
 * What runs no JavaScript: Facebook's and WhatsApp's crawler at the story's address, a feed reader at /rss.xml and a
 * search engine following /sitemap.xml. `baseUrl` is where the site answers; every address they name is on `siteUrl`.
 */
export async function checkStoryOutsideTheBrowser(baseUrl: string, siteUrl: string, story: PublishedStory): Promise<void> {
  const storyUrl = `${siteUrl}${story.path}`;
  const preview = await fetch(`${baseUrl}${story.path}`, { headers: { 'User-Agent': 'facebookexternalhit/1.1' } });
  expect(preview.status).toBe(200);
  const head = await preview.text();
  expect(metaContent(head, 'og:title')).toBe(story.title);
  expect(metaContent(head, 'og:type')).toBe('article');
  expect(metaContent(head, 'og:url')).toBe(storyUrl);
  expect(head).toContain(`<link rel="canonical" href="${storyUrl}">`);
  expect(metaContent(head, 'og:image')).toMatch(new RegExp(`^${siteUrl.replace(/[.:]/g, '\\$&')}/`));

  const rss = await fetch(`${baseUrl}/rss.xml`);
  expect(rss.status).toBe(200);
  expect(await rss.text()).toContain(`<link>${storyUrl}</link>`);

  // The index names its files on the site's address; the stories' first file names the story.
  const index = await fetch(`${baseUrl}/sitemap.xml`);
  expect(index.status).toBe(200);
  const storiesFile = `${siteUrl}/sitemap-stories-1.xml`;
  expect(await index.text()).toContain(`<loc>${storiesFile}</loc>`);
  const stories = await fetch(`${baseUrl}/sitemap-stories-1.xml`);
  expect(stories.status).toBe(200);
  expect(await stories.text()).toContain(`<loc>${storyUrl}</loc>`);
}

export interface NewsroomJourney {
  /** Where the browser and the crawlers reach the site. */
  baseUrl: string;
  /** The site's public address (SITE_URL); the same as baseUrl when nothing sits in front of the server. */
  siteUrl: string;
  admin: Account;
  /** The panel's page, opened on baseUrl (at the desktop width: the editor's). */
  adminPage: Page;
  /** One page per width a reader opens the story at (e.g. 390 and 1280 px), opened on baseUrl. */
  readerPages: Page[];
}

/** The whole journey; returns the story it published. */
export async function runNewsroomJourney(journey: NewsroomJourney): Promise<PublishedStory> {
  await signInToPanel(journey.adminPage, journey.admin);
  const story = await publishStory(journey.adminPage);
  for (const reader of journey.readerPages) await readStory(reader, story);
  await checkStoryOutsideTheBrowser(journey.baseUrl, journey.siteUrl, story);
  return story;
}
