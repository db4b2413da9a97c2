import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { toSaoPauloInput } from '../../src/lib/dates.ts';
import { adminApiClient, publishLocalStory, type PublishedStory } from '../support/api.ts';
import { app, screenshot, accessibilityViolations, useBrowser } from '../support/browser.ts';
import { row, signInAsAdmin } from '../admin/admin-fixtures.ts';

// Breaking news ('Plantão', docs/decisions/0034): an editor marks a published story urgent until a time shortly
// ahead; every reader page carries the banner in the HTML it is served (rendered by the server, or written by the edge
// handler into a page served as built) without moving anything; at the end time it goes by itself.

/** How long the journey's mark lasts: enough for the checks below on a busy two-core machine. */
const URGENT_FOR_MS = 60_000;

let story: PublishedStory | null = null;

afterEach(async () => {
  // Nothing of this journey may hang over another's pages.
  if (!story) return;
  const client = await adminApiClient();
  await client.from('publications').delete().eq('id', story.id);
  story = null;
});

/** The page's HTML as the server answers it, before any script runs. */
async function servedHtml(path: string): Promise<string> {
  const response = await fetch(new URL(path, app().baseUrl));
  expect(response.status, path).toBe(200);
  return response.text();
}

/** The banner's region in the served HTML, or null. */
function bannerIn(html: string): string | null {
  return /<div data-breaking-news="">(<section aria-label="Plantão"[\s\S]*?<\/section>)<\/div>/.exec(html)?.[1] ?? null;
}

/** Records the page's layout shifts from its first paint, as first-paint.e2e.ts does. */
async function recordShifts(page: Page): Promise<void> {
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
}

describe('breaking news', () => {
  const browser = useBrowser();

  it('an urgent story gets a banner on every reader page, in the HTML and without a shift, until its end time', async () => {
    story = await publishLocalStory(await adminApiClient(), 'Temporal derruba árvores e interdita a Avenida Padre Anchieta', {
      description: 'Defesa Civil pede que moradores evitem o centro.',
      content: '<p>Ventos de 80 km/h atingiram a cidade.</p>',
    });
    const { id, title, path } = story;

    // The editor marks it urgent on its form, until a time shortly ahead (the field takes seconds too).
    const admin = await browser.newPage('desktop');
    await signInAsAdmin(admin);
    await admin.goto(`/admin/publications/${id}/edit`);
    const field = admin.getByLabel('Urgente até (horário de São Paulo)');
    await field.waitFor();
    // A past time is refused beside the field, and what was typed stays.
    const past = toSaoPauloInput(new Date(Date.now() - 3_600_000));
    await field.fill(past);
    await admin.getByRole('button', { name: 'Marcar como urgente' }).click();
    await admin.getByText('Escolha uma data e hora no futuro (horário de São Paulo)').waitFor();
    expect(await field.inputValue()).toBe(past);

    const end = new Date(Date.now() + URGENT_FOR_MS);
    await field.fill(`${toSaoPauloInput(end)}:${String(end.getUTCSeconds()).padStart(2, '0')}`);
    await admin.getByRole('button', { name: 'Marcar como urgente' }).click();
    await admin.getByText(/^Plantão no ar até \d\d\/\d\d\/\d{4} \d\d:\d\d \(horário de São Paulo\)\.$/).waitFor();
    await admin.getByRole('button', { name: 'Encerrar plantão' }).waitFor();
    await screenshot(admin, 'breaking-news-form-1280');
    await admin.setViewportSize({ width: 390, height: 844 });
    await screenshot(admin, 'breaking-news-form-390');

    // The list says which story is urgent and until when.
    await admin.goto(`/admin/publications?q=${encodeURIComponent(title)}`);
    await row(admin, title).getByText(/^Urgente até \d\d\/\d\d\/\d{4} \d\d:\d\d$/).filter({ visible: true }).first().waitFor();

    // In the HTML the server answers: a page rendered with its data (the home page, a topic, a story) and a page
    // served as built, whose banner the edge handler writes in (the advertising page).
    for (const page of ['/', '/topic/local', '/anuncie', path]) {
      const banner = bannerIn(await servedHtml(page));
      expect(banner, page).not.toBeNull();
      expect(banner, page).toContain(`href="${path}"`);
    }

    // In the browser, at a phone's and a desktop's width: in place before the app starts, so nothing moves.
    for (const viewport of ['phone', 'desktop'] as const) {
      for (const page of ['/topic/local', '/anuncie']) {
        const reader = await browser.newPage(viewport);
        await recordShifts(reader);
        await reader.goto(page);
        const region = reader.getByRole('region', { name: 'Plantão' });
        await region.getByRole('link', { name: title }).waitFor();
        await reader.waitForLoadState('networkidle');
        await reader.waitForTimeout(500);
        expect(await reader.evaluate(() => (window as unknown as { shifts: string[] }).shifts), `${viewport} ${page}`).toEqual([]);
        if (page === '/topic/local') {
          expect(await accessibilityViolations(reader), viewport).toEqual([]);
          await screenshot(reader, `breaking-news-${viewport === 'phone' ? 390 : 1280}`);
        }
      }
    }

    // The banner opens the story.
    const reader = await browser.newPage('phone');
    await reader.goto('/obituarios');
    await reader.getByRole('region', { name: 'Plantão' }).getByRole('link', { name: title }).click();
    await reader.waitForURL((url) => url.pathname === path);
    await reader.getByRole('heading', { name: title, level: 1 }).waitFor();

    // At its end it goes: from the page left open, and from every page served after it.
    const left = end.getTime() - Date.now();
    expect(left, 'the journey took longer than the mark lasts').toBeGreaterThan(0);
    await reader.getByRole('region', { name: 'Plantão' }).waitFor({ state: 'detached', timeout: left + 10_000 });
    for (const page of ['/', '/topic/local', '/anuncie', path]) {
      expect(bannerIn(await servedHtml(page)), page).toBeNull();
    }
    const after = await browser.newPage('desktop');
    await after.goto('/topic/local');
    await after.getByRole('heading', { name: 'Porto Ferreira', level: 1 }).waitFor();
    await after.waitForLoadState('networkidle');
    expect(await after.getByRole('region', { name: 'Plantão' }).count()).toBe(0);
    await screenshot(after, 'breaking-news-ended-1280');
  }, 180_000);
});
