// The first script of every built page (server/deferred-app-plugin.ts): it starts the app once the page has loaded
// and the frame after has painted (docs/decisions/0027-app-starts-after-the-page.md). A reader page paints from its
// HTML alone and every control on it works before the app (links, the search form, the phone menu's popover), so
// the app's code need not share the connection with the lead image, nor the main thread with the first paint.
// `npm run dev` loads the app directly, for HMR. No imports: this file is the whole of what a page runs first.

/** A page whose load waits on something slow (an image from another host) still gets its app, this long after. */
const LONGEST_WAIT_MS = 3_000;

function loaded(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    window.addEventListener('load', () => resolve(), { once: true });
    setTimeout(resolve, LONGEST_WAIT_MS);
  });
}

/** How long the boot waits, once the page has loaded, for the browser to report a paint (hidden pages never paint). */
const PAINT_REPORT_WAIT_MS = 1_000;

/** Once the browser reports a performance entry of this type that `matches`; at once where it reports none. */
function reported(type: 'paint' | 'element', matches: (entry: PerformanceEntry) => boolean): Promise<void> {
  if (!PerformanceObserver.supportedEntryTypes.includes(type)) return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new PerformanceObserver((list) => {
      if (list.getEntries().some(matches)) done();
    });
    const done = () => {
      observer.disconnect();
      resolve();
    };
    observer.observe({ type, buffered: true });
    setTimeout(done, PAINT_REPORT_WAIT_MS);
  });
}

/**
 * The page's first paint, and its lead image's (src/features/reader/components/article-image.tsx marks it): `load`
 * can come before either is on screen (an image decodes apart from the frame that loaded it), and the app's work
 * should not be among what they waited for.
 */
async function contentPainted(): Promise<void> {
  await reported('paint', (entry) => entry.name === 'first-contentful-paint');
  if (document.querySelector('img[elementtiming="lead-image"]')) {
    await reported('element', (entry) => (entry as PerformanceEntry & { identifier?: string }).identifier === 'lead-image');
  }
}

/** After the next frame is on screen; at once in a hidden tab, where no frame comes until the reader looks. */
function painted(): Promise<void> {
  if (document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

function preload(file: string): void {
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.href = file;
  document.head.append(link);
}

/** A task of its own for what comes next: the browser paints and answers input in between. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

const listed = (files = '') => files.split(' ').filter(Boolean);

const PRELOADS_PER_TASK = 3;

async function start(script: HTMLScriptElement): Promise<void> {
  const { app, preload: preloads, steps } = script.dataset;
  if (!app) throw new Error('boot: the page names no app (data-app)');
  // The admin panel's page (an empty #root) has nothing to paint before its app.
  if (document.getElementById('root')?.hasChildNodes()) {
    await loaded();
    await contentPainted();
    await painted();
  }
  // The entry's own imports download beside it, not after it has been read. A modulepreload link costs about a
  // millisecond to add (several on a phone): a few per task.
  const files = listed(preloads);
  for (let first = 0; first < files.length; first += PRELOADS_PER_TASK) {
    for (const file of files.slice(first, first + PRELOADS_PER_TASK)) preload(file);
    await nextTask();
  }
  // Each module runs as it is imported: one import per task keeps each of them short (React DOM alone is tens of
  // milliseconds on a phone).
  for (const file of listed(steps)) {
    await import(/* @vite-ignore */ file);
    await nextTask();
  }
  await import(/* @vite-ignore */ app);
}

const script = document.querySelector<HTMLScriptElement>('script[data-app]');
if (script) void start(script);
