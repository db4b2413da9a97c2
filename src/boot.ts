// Every built page's one script, written into its head (server/deferred-app-plugin.ts): it starts the app once the page
// has loaded and its content is on screen, then runs the app's chunks one per task. Each part is there because
// `npm run perf` measured the page without it (docs/decisions/0047-the-browser-start-kept-to-what-is-measured.md).
// Every control a reader reaches before the app works without it (0022). No imports: this file is the whole of what
// a page runs first.

/** A page whose load waits on something slow (an image from another host) still gets its app, this long after. */
const LONGEST_WAIT_MS = 3_000;
/** How long the boot waits, once the page has loaded, for the browser to report a paint (hidden pages never paint). */
const PAINT_REPORT_WAIT_MS = 1_000;

function loaded(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    window.addEventListener('load', () => resolve(), { once: true });
    setTimeout(resolve, LONGEST_WAIT_MS);
  });
}

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
 * `load` can come before the first paint and the lead image's (src/features/reader/components/article-image.tsx marks
 * it): an image decodes apart from the frame that loaded it. Started then, the app's requests are among what the lead
 * image waited for, which doubled Lighthouse's mobile LCP in some runs.
 */
async function contentPainted(): Promise<void> {
  await reported('paint', (entry) => entry.name === 'first-contentful-paint');
  if (document.querySelector('img[elementtiming="lead-image"]')) {
    await reported('element', (entry) => (entry as PerformanceEntry & { identifier?: string }).identifier === 'lead-image');
  }
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

async function start(script: HTMLScriptElement, app: string): Promise<void> {
  // The admin panel's page (an empty #root) has nothing to paint before its app.
  if (document.getElementById('root')?.hasChildNodes()) {
    await loaded();
    await contentPainted();
  }
  const imports = (script.dataset.preload ?? '').split(' ').filter(Boolean);
  // The entry's imports download beside it, not one after another once it has been read.
  for (const file of imports) {
    document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href: file }));
  }
  // A module runs as it is imported: one per task keeps React DOM, React Router and the app each a task of its own.
  for (const file of imports) {
    await import(/* @vite-ignore */ file);
    await nextTask();
  }
  await import(/* @vite-ignore */ app);
}

const script = document.querySelector<HTMLScriptElement>('script[data-app]');
if (script?.dataset.app) void start(script, script.dataset.app);
