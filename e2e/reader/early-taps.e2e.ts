import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../support/browser.ts';
import { BOOT_SIGNALS } from '../../server/deferred-app-plugin.ts';

/** What the page recorded of one tap: when it came, and when the app had hydrated the page (performance.now()). */
interface TapTiming {
  tappedAt: number;
  hydratedAt: number;
}

/**
 * Opens `path` and taps `button` once, `delay` ms after the boot script starts importing the app (it adds the app's
 * modulepreloads just before, src/boot.ts): as the delay grows, the tap lands before the app runs, while it hydrates
 * the page, then after it has.
 */
async function tapWhileStarting(page: Page, path: string, button: string, delay: number): Promise<TapTiming> {
  await page.addInitScript(
    ({ button, delay, hydratedEvent }) => {
      const timing = { tappedAt: -1, hydratedAt: -1 };
      Object.assign(window, { __tapTiming: timing });
      document.addEventListener(hydratedEvent, () => (timing.hydratedAt = performance.now()), { once: true });
      const observer = new MutationObserver(() => {
        if (!document.querySelector('link[rel="modulepreload"]')) return;
        observer.disconnect();
        setTimeout(() => {
          timing.tappedAt = performance.now();
          const named = (candidate: HTMLElement) => (candidate.getAttribute('aria-label') ?? candidate.textContent?.trim()) === button;
          [...document.querySelectorAll<HTMLElement>('button')].find(named)?.click();
        }, delay);
      });
      observer.observe(document, { childList: true, subtree: true });
    },
    { button, delay, hydratedEvent: BOOT_SIGNALS.APP_HYDRATED_EVENT },
  );
  await page.goto(path);
  await page.waitForFunction(() => {
    const timing = (window as unknown as { __tapTiming: TapTiming }).__tapTiming;
    return timing.tappedAt >= 0 && timing.hydratedAt >= 0;
  });
  return page.evaluate(() => (window as unknown as { __tapTiming: TapTiming }).__tapTiming);
}

/** A slow phone (4× CPU, like Lighthouse's mobile profile), so the page takes long enough to hydrate to tap into. */
async function slowDown(page: Page): Promise<void> {
  const session = await page.context().newCDPSession(page);
  await session.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/**
 * Taps the button on fresh pages at growing delays (`step` ms apart) until a tap lands after the page has hydrated,
 * checking each page with `answered`; returns every tap's timing.
 */
async function sweepTheStart(
  openPage: () => Promise<Page>,
  path: string,
  button: string,
  step: number,
  answered: (page: Page) => Promise<void>,
): Promise<TapTiming[]> {
  const timings: TapTiming[] = [];
  for (let delay = 0; !timings.some((timing) => timing.tappedAt > timing.hydratedAt) && delay < 3_000; delay += step) {
    const page = await openPage();
    await slowDown(page);
    timings.push(await tapWhileStarting(page, path, button, delay));
    await answered(page);
    await page.close();
  }
  return timings;
}

describe('a reader who taps a button while the page is still starting', () => {
  const browser = useBrowser();

  it("opens the phone menu exactly once, whenever 'Abrir menu' was tapped: before the app ran, while it hydrated, after", async () => {
    const timings = await sweepTheStart(() => browser.newPage('phone'), '/', 'Abrir menu', 20, async (page) => {
      // Lost, the menu would stay closed; answered twice, it would open and close again.
      await page.getByRole('navigation', { name: 'Editorias' }).getByRole('link').first().waitFor();
      expect(await page.getByRole('button', { name: 'Fechar menu' }).getAttribute('aria-expanded')).toBe('true');
    });
    // The taps covered the whole start: several before the page had hydrated, the last after.
    expect(timings.filter((timing) => timing.tappedAt < timing.hydratedAt).length).toBeGreaterThan(3);
    expect(timings.at(-1)!.tappedAt).toBeGreaterThan(timings.at(-1)!.hydratedAt);
  }, 180_000);

  it("opens the 'Solicitar Mídia Kit' dialog whenever it was tapped", async () => {
    const timings = await sweepTheStart(() => browser.newPage('desktop'), '/anuncie', 'Solicitar Mídia Kit', 100, async (page) => {
      await page.getByRole('dialog', { name: 'Solicitar Mídia Kit' }).getByLabel('Nome').waitFor();
    });
    expect(timings.filter((timing) => timing.tappedAt < timing.hydratedAt).length).toBeGreaterThan(1);
  }, 180_000);
});
