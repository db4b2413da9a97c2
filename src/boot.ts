// The first script of every built page (server/deferred-app-plugin.ts): it starts the app once the page has loaded and
// painted (docs/decisions/0019). A reader page paints without JavaScript (prerendered or rendered with its data), so
// nothing waits for the app; meanwhile the stylesheet and the lead image get the connection and the main thread to
// themselves, which on a slow phone is what the reader sees first. `npm run dev` loads the app directly, for HMR.

/**
 * A page whose load waits on something slow (a video frame from another host) still gets its app: at most this long
 * after the boot script runs, which is once the HTML has been read.
 */
const LONGEST_WAIT_MS = 3_000;

/**
 * The page has loaded (true), or the reader has reached for it (a tap, a key) or the longest wait is over (false).
 */
function loadedOrWanted(): Promise<boolean> {
  if (document.readyState === 'complete') return Promise.resolve(true);
  return new Promise((resolve) => {
    window.addEventListener('load', () => resolve(true), { once: true });
    for (const type of ['pointerdown', 'keydown']) document.addEventListener(type, () => resolve(false), { once: true, capture: true });
    setTimeout(() => resolve(false), LONGEST_WAIT_MS);
  });
}

/**
 * Until the app has hydrated the page, a button cannot be trusted to answer a tap: before the app runs it does
 * nothing, and while the page hydrates its part may not be hydrated yet (Preact attaches a handler as it hydrates
 * the element), so the tap would be lost. Such a tap is held back from the page and the button marked (the last one
 * tapped); src/main.tsx taps it again once the page has hydrated, so 'Abrir menu' or 'Solicitar Mídia Kit' answer a
 * reader who was quick, exactly once. Links and forms work without the app and are never held.
 */
function holdEarlyTaps(): () => void {
  const hold = (event: Event) => {
    const button = event.target instanceof Element ? event.target.closest('button[type="button"]') : null;
    if (!(button instanceof HTMLElement)) return;
    event.stopImmediatePropagation();
    for (const marked of document.querySelectorAll(`[${EARLY_TAP_ATTRIBUTE}]`)) marked.removeAttribute(EARLY_TAP_ATTRIBUTE);
    button.setAttribute(EARLY_TAP_ATTRIBUTE, '');
  };
  // At the window's capture phase, before any element of the page sees the tap.
  window.addEventListener('click', hold, { capture: true });
  return () => window.removeEventListener('click', hold, { capture: true });
}

/** Resolves once the frame after `load` is on screen: a timer queued from requestAnimationFrame runs after it. */
function painted(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/**
 * How long the app waits, once the page has loaded, for the browser to report its paint (hidden pages never paint)
 * or its lead image on screen (it is, unless off screen).
 */
const PAINT_REPORT_WAIT_MS = 1_000;

/**
 * Resolves once the browser reports a performance entry of this type that `matches`, or after PAINT_REPORT_WAIT_MS;
 * at once where the browser reports no such entries.
 */
function reported(type: 'paint' | 'element', matches: (entry: PerformanceEntry) => boolean): Promise<void> {
  if (!PerformanceObserver.supportedEntryTypes.includes(type)) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect();
      resolve();
    };
    const observer = new PerformanceObserver((list) => {
      if (list.getEntries().some(matches)) done();
    });
    observer.observe({ type, buffered: true });
    setTimeout(done, PAINT_REPORT_WAIT_MS);
  });
}

/**
 * The page's first contentful paint: on a fast connection `load` can come before it, and the app's requests should
 * not be among what that paint waited for.
 */
const contentPainted = () => reported('paint', (entry) => entry.name === 'first-contentful-paint');

/**
 * Resolves once the page's lead image (src/features/reader/components/article-image.tsx: the one asked for at high
 * priority) is on screen: loaded is not yet shown, and the frame that shows it should come before the app's code,
 * not after it. Where the browser reports element timing (Chromium), that report; elsewhere, its decoding.
 */
function leadImageShown(): Promise<void> {
  const lead = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
  if (!lead) return Promise.resolve();
  const identifier = lead.getAttribute('elementtiming');
  if (!identifier || !PerformanceObserver.supportedEntryTypes.includes('element')) return lead.decode().catch(() => undefined);
  return reported('element', (entry) => (entry as PerformanceEntry & { identifier?: string }).identifier === identifier);
}

async function boot(script: HTMLScriptElement): Promise<void> {
  const app = script.dataset.app;
  if (!app) throw new Error('the boot script names no app entry (data-app)');
  const stopHolding = holdEarlyTaps();
  // A reader who reached for the page does not wait for its image.
  if (await loadedOrWanted()) await Promise.all([contentPainted(), leadImageShown()]);
  await painted();
  // The entry's own imports, fetched in parallel with it rather than one after another as the imports are read.
  for (const href of (script.dataset.preload ?? '').split(' ').filter(Boolean)) {
    document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href, crossOrigin: '' }));
  }
  // Until the app has hydrated the page, not only until it arrives: it first loads the page's modules and data.
  document.addEventListener(APP_HYDRATED_EVENT, stopHolding, { once: true });
  await import(/* @vite-ignore */ app);
}

const script = document.querySelector<HTMLScriptElement>('script[data-app]');
if (script) void boot(script);
