import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { storySlug } from '../../src/lib/story-slug.ts';
import { app, useBrowser } from '../support/browser.ts';
import { seed } from './reader-fixtures.ts';

// Stories that travel: what WhatsApp's and Facebook's crawlers (which run no JavaScript) read at a story's address,
// that the picture they are pointed to is one they show, and that a browser at the same address gets the app.

const CRAWLERS = {
  facebook: 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  whatsapp: 'WhatsApp/2.23.20.0 A',
  'whatsapp via meta': 'facebookexternalhit/1.1 WhatsApp/2.23.20.0',
  x: 'Twitterbot/1.0',
} as const;

const storyPath = `/noticia/${seed.flood.id}/${storySlug(seed.flood.title)}`;

function metaContent(html: string, key: string): string | null {
  const match = new RegExp(`<meta (?:property|name)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)">`).exec(html);
  return match?.[1]?.replace(/&amp;/g, '&') ?? null;
}

/** What a crawler gets for a shared story: the page, its tags and the picture they name. */
async function crawlerChecks(baseUrl: string): Promise<void> {
  for (const [crawler, userAgent] of Object.entries(CRAWLERS)) {
    // Shared links are often the bare id: the crawler follows one redirect to the readable address.
    const response = await fetch(`${baseUrl}/noticia/${seed.flood.id}`, { headers: { 'User-Agent': userAgent } });
    expect(response.status, crawler).toBe(200);
    expect(response.url, crawler).toBe(`${baseUrl}${storyPath}`);
    const html = await response.text();
    expect(metaContent(html, 'og:title'), crawler).toBe(seed.flood.title);
    expect(metaContent(html, 'og:type'), crawler).toBe('article');
    expect(metaContent(html, 'og:url'), crawler).toBe(`${baseUrl}${storyPath}`);
    expect(metaContent(html, 'og:image:width'), crawler).toBe('1200');
    expect(metaContent(html, 'og:image:height'), crawler).toBe('630');
    expect(metaContent(html, 'twitter:card'), crawler).toBe('summary_large_image');

    const imageUrl = metaContent(html, 'og:image');
    expect(imageUrl, crawler).toMatch(new RegExp(`^${baseUrl}/`));
    const image = await fetch(imageUrl!, { headers: { 'User-Agent': userAgent } });
    expect(image.status, crawler).toBe(200);
    expect(image.headers.get('content-type'), crawler).toBe('image/jpeg');
    const bytes = Buffer.from(await image.arrayBuffer());
    // WhatsApp drops pictures over about 300 KB and shows no WebP.
    expect(bytes.length, crawler).toBeLessThan(300 * 1024);
    const { format, width, height } = await sharp(bytes).metadata();
    expect({ format, width, height }, crawler).toEqual({ format: 'jpeg', width: 1200, height: 630 });
  }
}

describe('stories that travel', () => {
  const browser = useBrowser();

  describe('link previews', () => {
    it('a crawler reads the story’s own title, summary and a JPEG picture it can show', async () => {
      await crawlerChecks(app().baseUrl);
    });

    it('a browser at the same address gets the working app, and the share buttons carry the readable address', async () => {
      const page = await browser.newPage('phone');
      await page.goto(`/noticia/${seed.flood.id}`);
      await page.getByRole('heading', { level: 1, name: seed.flood.title }).waitFor();
      expect(new URL(page.url()).pathname).toBe(storyPath);
      const readable = encodeURIComponent(`${app().baseUrl}${storyPath}`);
      const share = page.getByRole('region', { name: 'Compartilhe esta notícia' }).first();
      expect(await share.getByRole('link', { name: /WhatsApp/ }).getAttribute('href')).toContain(readable);
      expect(await share.getByRole('link', { name: /Facebook/ }).getAttribute('href')).toContain(readable);
    });

    it('the feeds and the sitemap name stories by their readable address', async () => {
      const { baseUrl } = app();
      const rss = await (await fetch(`${baseUrl}/rss.xml`)).text();
      expect(rss).toContain(`<link>${baseUrl}${storyPath}</link>`);
      const sitemap = await (await fetch(`${baseUrl}/sitemap-stories-1.xml`)).text();
      expect(sitemap).toContain(`<loc>${baseUrl}${storyPath}</loc>`);
      const robots = await (await fetch(`${baseUrl}/robots.txt`)).text();
      expect(robots).toContain(`Sitemap: ${baseUrl}/sitemap.xml`);
    });
  });

  // npm start (production: its own secret, administrator and SITE_URL, no demo seed) is proven by the deploy suite:
  // e2e/deploy/node-host.e2e.ts and e2e/deploy/single-machine.e2e.ts run the same crawler checks against it.
});
