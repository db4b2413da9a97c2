// A story's stored HTML as readers get it from the server's render (decision 0050): a row written straight through
// the API, past the editor's sanitiser, goes through the DOM-free one on its way into the page, so nothing in it can
// run or fetch from elsewhere, and what the allow-list keeps is made for reading there (responsive image, advert
// after the second paragraph). Through the edge handler against the real local backend, with the app's own render.
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPageRenderer } from '../src/render/render-request.tsx';
import { storySlug } from '../src/lib/story-slug.ts';
import { startTestBackend, type TestBackend } from '../tests/support/test-backend.ts';
import { createEdgeHandler } from './handler.ts';
import type { EdgeHandler } from './types.ts';
import { UNHURRIED_RENDER_MS } from '../tests/support/unhurried-render.ts';

interface Element {
  tagName: string;
  innerHTML: string;
  textContent: string | null;
  getAttribute(name: string): string | null;
  getAttributeNames(): string[];
  querySelector(selector: string): Element | null;
  querySelectorAll(selector: string): ArrayLike<Element>;
}
// jsdom ships no types of its own here; it is only the parser this test reads the markup with.
const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: new (markup: string) => { window: { document: Element } } };

const OWN_IMAGE = '/storage/v1/object/public/publications/0b7a/original-1600w.jpg';
/**
 * What the database lets through the API (it refuses only a foreign or unquoted <img>, migration 20261123140000):
 * scripts, handlers on other elements, javascript: links and images that are not <img> elements.
 */
const HOSTILE_BODY =
  '<p>Primeiro parágrafo.</p><script>window.hacked = 1</script>' +
  '<p onclick="alert(1)">Segundo <a href="javascript:alert(2)">link</a> parágrafo.</p>' +
  `<figure><img src="${OWN_IMAGE}" alt="Coreto" width="1600" height="900"><figcaption>Foto: Ana</figcaption></figure>` +
  '<video src="x.mp4" poster="https://evil.example/poster.jpg" onerror="alert(3)"><p>v</p></video>' +
  '<picture><source srcset="https://evil.example/a.jpg"></picture><input type="image" src="https://evil.example/b.png">' +
  '<div style="background:url(https://evil.example/c.jpg)" onmouseover="alert(4)">Terceiro</div>' +
  '<svg><a href="javascript:alert(5)"><circle onload="alert(6)"></circle></a></svg>' +
  '<object data="https://evil.example/d.svg"></object><iframe src="https://evil.example/"></iframe><p>Fim.</p>';

let backend: TestBackend;
let handler: EdgeHandler;
let storyPath: string;

beforeAll(async () => {
  backend = await startTestBackend();
  const admin = await backend.admin();
  const title = 'Feira com corpo hostil';
  const { data, error } = await admin.client
    .from('publications')
    .insert({ title, description: 'Resumo', content: HOSTILE_BODY, published: true, published_at: new Date().toISOString() })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  storyPath = `/noticia/${data.id}/${storySlug(title)}`;
  handler = createEdgeHandler(
    { siteUrl: null, supabaseUrl: backend.url, supabaseAnonKey: backend.anonKey, newsApiKey: null, newsApiUrl: 'http://127.0.0.1:9/v2', weatherApiUrl: 'http://127.0.0.1:9/v1', siteName: 'Porto Ferreira Notícias' },
    {
      readHtml: () => Promise.resolve('<!doctype html><html lang="pt-BR"><head><title>t</title></head><body><div id="root"></div></body></html>'),
      fetch: (input, init) => globalThis.fetch(input, init),
      pageRenderer: (sources) => Promise.resolve(createPageRenderer(sources)),
      renderTimeoutMs: UNHURRIED_RENDER_MS,
    },
  );
});

afterAll(async () => {
  await backend?.stop();
});

/** The story's body on its rendered page: the halves around the 'Banner em Matéria' space (article-layout.tsx). */
async function renderedBody(): Promise<Element[]> {
  const response = await handler(new Request(`http://127.0.0.1:5173${storyPath}`));
  expect(response?.status).toBe(200);
  const page = new JSDOM(await response!.text()).window.document;
  expect(page.querySelector('#root')?.getAttribute('data-prerendered')).toBe('server');
  return Array.from(page.querySelectorAll('#root article div.leading-relaxed'));
}

describe('a stored body written straight through the API, on the rendered page', () => {
  it('is the allow-list only: no script, handler, script address or image from elsewhere', async () => {
    const body = await renderedBody();
    const text = body.map((half) => half.textContent).join('');
    expect(text).toContain('Primeiro parágrafo.');
    expect(text).toContain('Segundo link parágrafo.');
    expect(text).toContain('Terceiro');
    expect(text).not.toContain('window.hacked');

    const elements = body.flatMap((half) => Array.from(half.querySelectorAll('*')));
    const tags = new Set(elements.map((element) => element.tagName.toLowerCase()));
    expect([...tags].filter((tag) => !['p', 'a', 'figure', 'img', 'figcaption'].includes(tag))).toEqual([]);
    const attributes = elements.flatMap((element) => element.getAttributeNames().map((name) => `${name}=${element.getAttribute(name) ?? ''}`));
    expect(attributes.filter((attribute) => /^(on|style)|javascript:|evil\.example/i.test(attribute))).toEqual([]);
  });

  it('keeps our own image, made responsive and lazy, and places the advert after the second paragraph', async () => {
    const body = await renderedBody();
    expect(body.map((half) => half.textContent)).toEqual(['Primeiro parágrafo.Segundo link parágrafo.', 'Foto: AnaTerceiroFim.']);
    const image = body[1]!.querySelector('figure img')!;
    expect(image.getAttribute('src')).toBe(OWN_IMAGE);
    expect(image.getAttribute('srcset')).toContain('/storage/v1/object/public/publications/0b7a/960.webp 960w');
    expect(image.getAttribute('sizes')).toBeTruthy();
    expect(image.getAttribute('loading')).toBe('lazy');
    expect(image.getAttribute('decoding')).toBe('async');
  });
});
