import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { adminApiClient, publishLocalStory } from '../support/api.ts';
import { app, useBrowser } from '../support/browser.ts';
import { startSlowDocumentProxy } from '../support/slow-document.ts';
import { site } from '../../src/config/site.ts';

// Reader pages at the limit: what paints before the JavaScript (prerendered HTML), that the app hydrates that HTML
// instead of drawing it again, and that a page seen before comes back at once from the page cache.

describe('the first paint and the way back', () => {
  const browser = useBrowser();
  const created: string[] = [];
  afterAll(async () => {
    if (created.length === 0) return;
    const client = await adminApiClient();
    await client.from('publications').delete().in('id', created);
  });

  /** Publishes a story in the local topic, as the newsroom would while a reader is elsewhere; returns its title. */
  async function publishStory(headline: string, description: string): Promise<string> {
    const story = await publishLocalStory(await adminApiClient(), headline, { description, content: '<p>Texto.</p>' });
    created.push(story.id);
    return story.title;
  }

  /** From now on, notes every change to the page during which a loading skeleton is on screen. */
  async function recordSkeletons(page: Page): Promise<void> {
    await page.evaluate(() => {
      const seen: string[] = [];
      Object.assign(window, { skeletonsSeen: seen });
      new MutationObserver(() => {
        if (document.querySelector('[role="status"][aria-live="polite"]')) seen.push(location.pathname);
      }).observe(document.body, { childList: true, subtree: true });
    });
  }

  const skeletonsSeen = (page: Page) => page.evaluate(() => (window as unknown as { skeletonsSeen: string[] }).skeletonsSeen);

  it('paints the masthead, the navigation, the footer, the lead story, the weather and the adverts without JavaScript', async () => {
    const page = await browser.newPage('phone', { javaScript: false });
    await page.goto('/');
    const banner = page.getByRole('banner');
    expect(await banner.getByRole('link', { name: 'Porto Ferreira Notícias' }).count()).toBe(1);
    // On a phone the topics sit behind the menu button, but they are in the HTML: the 8 topics and 'Apoie o jornal'.
    expect(await page.locator('nav[aria-label="Editorias"] a').count()).toBe(9);
    expect(await page.getByRole('contentinfo').getByRole('link', { name: 'Obituário' }).count()).toBe(1);
    await page.getByRole('heading', { name: /Nova fábrica de revestimentos/ }).waitFor();
    expect(await page.getByText('Espaço Publicitário').count()).toBeGreaterThan(0);
    expect(await page.getByText('Porto Ferreira, SP').count()).toBeGreaterThan(0);

    // The lead image is in the HTML, with its renditions and at high priority, and preloaded from the head.
    const hero = page.locator('img[fetchpriority="high"]');
    expect(await hero.getAttribute('srcset')).toMatch(/investimento-industrial\/480\.webp 480w/);
    expect(await hero.getAttribute('width')).toBe('1200');
    expect(await page.locator('head link[rel="preload"][as="image"]').count()).toBe(1);

    // A navigation topic paints its own frame: its link marked as the current one, its title.
    await page.goto('/topic/esportes');
    expect(await page.locator('nav[aria-label="Editorias"] a[aria-current="page"]').textContent()).toBe('Esportes');
    await page.getByRole('heading', { level: 1, name: 'Esportes' }).waitFor();
    // Another outlet's story opened without the link that carried it (its navigation state) is rendered too: the
    // frame, and the page saying the story is not available by this address.
    await page.goto('/noticia/externa');
    await page.getByRole('heading', { level: 1, name: 'Notícia indisponível' }).waitFor();
    expect(await page.locator('nav[aria-label="Editorias"] a').count()).toBe(9);

    const robots = await page.request.get('/robots.txt');
    expect(robots.headers()['content-type']).toMatch(/^text\/plain/);
    expect(await robots.text()).toMatch(/^User-agent: \*/m);
  });

  it("starts the app after the page has loaded, and opens the phone menu for a tap made before it ran", async () => {
    const page = await browser.newPage('phone');
    // The page's scripts (the others are data: JSON-LD) are the boot, written into the page, and React Router's
    // hydration data after the root (decision 0048). The boot names the app's entry and its chunks, which nothing
    // fetches before the page has loaded (server/deferred-app-plugin.ts). The page policy allows those two scripts by
    // their hashes, and nothing else inline.
    const response = await page.request.get('/');
    const html = await response.text();
    const scripts = html.match(/<script\b(?![^>]*type="application\/(?:ld\+)?json")[^>]*>/g);
    expect(scripts).toEqual([
      expect.stringMatching(/^<script type="module" data-app="\/assets\/index-[\w-]+\.js" data-preload="[^"]+">$/),
      '<script>',
    ]);
    expect(html).toMatch(/<\/div><script>window\.__staticRouterHydrationData = JSON\.parse\(/);
    expect(html).not.toContain('rel="modulepreload"');
    expect(response.headers()['content-security-policy']).toMatch(/script-src 'self' 'sha256-[\w+/=]+' 'sha256-[\w+/=]+';/);

    // Hold the app's code back, tap the menu button meanwhile: the browser opens the menu by itself.
    const entry = /data-app="([^"]+)"/.exec(html)![1]!;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let requestedAfterLoad!: (loaded: boolean) => void;
    const appRequested = new Promise<boolean>((resolve) => (requestedAfterLoad = resolve));
    await page.route(`**${entry}`, async (route) => {
      requestedAfterLoad(await page.evaluate(() => document.readyState === 'complete'));
      await held;
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'commit' });
    await page.getByRole('contentinfo').waitFor();
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    expect(await page.locator('nav[aria-label="Editorias"] ul').isVisible()).toBe(true);
    // Once the app runs, it takes the open menu over: the button says what it now does.
    expect(await appRequested).toBe(true);
    release();
    await page.getByRole('button', { name: 'Fechar menu' }).waitFor();
    expect(await page.locator('nav[aria-label="Editorias"] ul').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Fechar menu' }).click();
    expect(await page.locator('nav[aria-label="Editorias"] ul').isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Abrir menu' }).waitFor();
  });

  it('moves nothing that painted while the rest of the HTML was still arriving', async () => {
    // The HTML arrives in parts: up to the site's name, then its first social link, then the rest of the masthead,
    // then the page. The browser paints after each; layout shifts are recorded until the app has hydrated.
    const proxy = await startSlowDocumentProxy(app().baseUrl, [`${site.name}</a>`, '</a>', '</header>'], 250);
    try {
      for (const viewport of ['phone', 'desktop'] as const) {
        for (const path of ['/', '/obituarios', '/topic/local']) {
          const page = await browser.newPage(viewport, { baseUrl: proxy.baseUrl });
          await page.addInitScript(() => {
            const shifts: string[] = [];
            Object.assign(window, { shifts });
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries() as (PerformanceEntry & { value: number; sources: { node?: Node | null }[] })[]) {
                const moved = entry.sources.map((source) => (source.node instanceof Element ? `${source.node.tagName}.${source.node.className}` : String(source.node?.nodeName)));
                shifts.push(`${entry.value.toFixed(4)} ${moved.join(', ')}`);
              }
            }).observe({ type: 'layout-shift', buffered: true });
          });
          await page.goto(path);
          // The app's code and data have arrived and it has had time to hydrate (nothing is tapped: a tap's own
          // effect, the menu opening, would be a shift too).
          await page.waitForLoadState('networkidle');
          await page.waitForTimeout(500);
          expect(await page.evaluate(() => (window as unknown as { shifts: string[] }).shifts), `${viewport} ${path}`).toEqual([]);
        }
      }
    } finally {
      await proxy.stop();
    }
  });

  it('hydrates the prerendered HTML instead of drawing the page again', async () => {
    for (const path of ['/', '/topic/local', '/obituarios', '/noticia/22222222-2222-4222-8222-000000000001']) {
      const page = await browser.newPage('desktop');
      // Keep the prerendered masthead and footer as the HTML parser made them: hydration adopts these very nodes.
      await page.addInitScript(() => {
        document.addEventListener('DOMContentLoaded', () => {
          Object.assign(window, { prerendered: [document.querySelector('header'), document.querySelector('footer')] });
        });
      });
      await page.goto(path);
      await page.getByRole('contentinfo').waitFor();
      await page.waitForLoadState('networkidle');
      const same = await page.evaluate(() => {
        const [header, footer] = (window as unknown as { prerendered: Element[] }).prerendered;
        return header === document.querySelector('header') && footer === document.querySelector('footer') && header?.isConnected;
      });
      expect(same, path).toBe(true);
      // The app is alive on those nodes: the menu button of the prerendered masthead works.
      if (path === '/noticia/22222222-2222-4222-8222-000000000001') {
        await page.getByRole('heading', { level: 1, name: /Rio Mogi-Guaçu/ }).waitFor();
      }
    }
  });

  it('paints a story, a topic, a search and the obituaries with their data, without JavaScript', async () => {
    const page = await browser.newPage('phone', { javaScript: false });
    await page.goto('/noticia/22222222-2222-4222-8222-000000000001');
    await page.getByRole('heading', { level: 1, name: /Rio Mogi-Guaçu/ }).waitFor();
    expect(await page.getByText('Compartilhe esta notícia').count()).toBe(1);
    // The story's picture is its lead image, in the HTML at high priority, reported when on screen.
    const lead = page.locator('main img[fetchpriority="high"]');
    expect(await lead.getAttribute('srcset')).toMatch(/rio-mogi-guacu\/480\.webp 480w/);
    expect(await lead.getAttribute('elementtiming')).toBe('lead-image');

    await page.goto('/topic/local');
    await page.getByRole('heading', { name: /Praça da Matriz ganha decoração de Natal/ }).waitFor();
    await page.goto('/busca?q=ceramica');
    await page.getByText('3 resultados').waitFor();
    await page.goto('/obituarios');
    await page.getByText('Maria Aparecida Rossi Bertolini').first().waitFor();
  });

  it('hydrates a story the server rendered without asking for it again, and counts its view once', async () => {
    // A story of its own: the backend counts one view per reader and story a while, and other journeys read the seed's.
    const client = await adminApiClient();
    const { data: story, error } = await client
      .from('publications')
      .insert({ title: `Câmara aprova orçamento de 2027 ${Date.now()}`, content: '<p>Texto.</p>', published: true, published_at: new Date().toISOString() })
      .select('id')
      .single();
    if (error) throw error;
    created.push(story.id);
    const id = story.id;
    const viewsOf = async () => (await client.from('publications').select('views').eq('id', id).single()).data!.views;
    const before = await viewsOf();

    const page = await browser.newPage('phone');
    const requests: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/rest/v1/')) requests.push(`${request.method()} ${url.pathname}`);
    });
    await page.goto(`/noticia/${id}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    // The app has hydrated once the menu answers.
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await page.getByRole('button', { name: 'Fechar menu' }).waitFor();
    await page.waitForLoadState('networkidle');

    expect(requests).toEqual(['POST /rest/v1/rpc/increment_views']);
    expect(await viewsOf()).toBe(before + 1);
  });

  it('hydrates the home page, a topic, the obituaries and a page declared for the build from their hydration data, asking the database nothing', async () => {
    // Every reader page is rendered per request with React Router's hydration data (decision 0048): the browser starts
    // with exactly that data, so no section asks the data API again while the page hydrates.
    for (const path of ['/', '/topic/local', '/obituarios', '/anuncie']) {
      const page = await browser.newPage('phone');
      const requests: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith('/rest/v1/')) requests.push(`${request.method()} ${url.pathname}`);
      });
      const answer = await page.goto(path);
      expect(await answer?.text(), path).toContain('<script>window.__staticRouterHydrationData = JSON.parse(');
      // The app has hydrated once the menu answers.
      await page.getByRole('button', { name: 'Abrir menu' }).click();
      await page.getByRole('button', { name: 'Fechar menu' }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(requests, path).toEqual([]);
    }
  });

  it('shows a page seen before at once on the way back, and then what changed meanwhile', async () => {
    const page = await browser.newPage('phone');
    await page.goto('/');
    const mostRead = page.getByRole('region', { name: 'Notícias Mais Lidas' });
    await mostRead.getByRole('link').first().waitFor();
    const local = page.getByRole('region', { name: 'Porto Ferreira e Região' });
    await local.getByRole('article').first().waitFor();

    // The sections are in the server's HTML: the menu answering says the app has taken over the page, so the topic
    // opens in the app rather than as a new page.
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await page.getByRole('button', { name: 'Fechar menu' }).waitFor();
    await page.getByRole('navigation', { name: 'Editorias' }).getByRole('link', { name: 'Cultura' }).click();
    await page.getByRole('heading', { level: 1, name: 'Cultura' }).waitFor();

    // Meanwhile the newsroom publishes a local story.
    const title = await publishStory('Feira do produtor muda de endereço', 'A feira vai para a praça da estação.');

    // The kept sections must render at once.
    await recordSkeletons(page);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/');
    await mostRead.getByRole('link').first().waitFor();
    expect(await skeletonsSeen(page)).toEqual([]);
    // The background refresh brings the new story in without a reload.
    await local.getByRole('link', { name: title }).waitFor();
  });

  it('shows a topic the server rendered at once on the way back from one of its stories, then what changed meanwhile', async () => {
    const page = await browser.newPage('phone');
    await page.goto('/topic/local');
    const cards = page.getByRole('main').getByRole('heading', { level: 2 });
    await cards.first().waitFor();
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await page.getByRole('button', { name: 'Fechar menu' }).waitFor();
    await page.getByRole('button', { name: 'Fechar menu' }).click();

    // A story opened from the topic, in the app.
    await cards.first().getByRole('link').click();
    await page.waitForURL(/\/noticia\//);
    await page.getByRole('heading', { level: 1 }).waitFor();

    const title = await publishStory('Ciclovia da avenida ganha iluminação', 'Postes novos ao longo dos três quilômetros.');

    await recordSkeletons(page);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/topic/local');
    await cards.first().waitFor();
    // Kept from the server's render: the topic's cards come back without a skeleton.
    expect(await skeletonsSeen(page)).toEqual([]);
    await page.getByRole('main').getByRole('link', { name: title }).waitFor();
  });
});
