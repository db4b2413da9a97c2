import { onCLS, onINP, onLCP, type Metric } from 'web-vitals';
import { matchPage } from '../route-table';
import {
  AUDIENCE_BEACON_PATH,
  deviceClass,
  isAudiencePageType,
  MAX_VISIBLE_SECONDS,
  READ_DEPTHS,
  type AudienceBeacon,
  type AudiencePage,
  type ReadDepth,
} from '../../lib/audience';
import { visitSource } from '../../lib/audience-sources';

// The reader's side of the audience (issue 38, docs/decisions/0052-audience-beacon.md). main.tsx loads this module
// on the reader's first engagement or 5 s after the start, and never when the browser sends Global Privacy Control:
// it is outside the first load. One beacon per page view (client-side navigations too), then, each time the page is hidden, what the visit
// read of a story's text and how long it was visible, and once per document its Web Vitals. Everything goes to the
// site's own /api/audiencia by navigator.sendBeacon: no cookie, nothing kept in the browser, no third party.

/** What the module needs of the browser: the real one in main.tsx, a stand-in in the tests. */
export interface AudienceBrowser {
  window: Window;
  document: Document;
  /** navigator.sendBeacon, bound; false when the browser would not queue it. */
  sendBeacon: (url: string, body: string) => boolean;
  now: () => number;
}

/** The router's part the module listens to (React Router's data router). */
export interface NavigationSource {
  readonly state: { readonly location: { readonly pathname: string } };
  subscribe(listener: (state: { location: { pathname: string } }) => void): () => void;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The page an address opens, as the audience counts it, or null (the admin, a token page, not-found). */
export function audiencePageAt(pathname: string): Pick<AudiencePage, 'path' | 'page_type' | 'publication_id'> | null {
  const page = matchPage(pathname);
  if (page.area !== 'reader' || !isAudiencePageType(page.id)) return null;
  const story = page.id === 'article' && page.params.id && UUID.test(page.params.id) ? page.params.id : undefined;
  return { path: pathname, page_type: page.id, ...(story ? { publication_id: story } : {}) };
}

/** The deepest mark of the story's text the viewport's bottom has reached (0 before its first quarter). */
export function depthReached(text: DOMRect, viewportHeight: number): ReadDepth {
  if (text.height <= 0) return 0;
  const read = (viewportHeight - text.top) / text.height;
  let reached: ReadDepth = 0;
  for (const mark of READ_DEPTHS) if (read >= mark / 100) reached = mark;
  return reached;
}

interface Visit {
  page: AudiencePage;
  depth: ReadDepth;
  reported: ReadDepth;
  visibleMs: number;
  visibleSince: number | null;
}

let startedInBrowser = false;

/**
 * Starts counting in the real browser, once however often main.tsx asks (its entry stays small: it only loads this
 * module, on the reader's first engagement or after 5 s, whichever comes first).
 */
export function startInBrowser(router: NavigationSource): void {
  if (startedInBrowser) return;
  startedInBrowser = true;
  startAudience({ window, document, sendBeacon: (url, body) => navigator.sendBeacon(url, body), now: () => performance.now() }, router);
}

/** Starts counting this document's visits. Returns a stop, for the tests. */
export function startAudience(browser: AudienceBrowser, router: NavigationSource | null): () => void {
  const { window: win, document: doc } = browser;
  const device = deviceClass(win.innerWidth);
  const send = (beacon: AudienceBeacon) => browser.sendBeacon(AUDIENCE_BEACON_PATH, JSON.stringify(beacon));
  const visible = () => doc.visibilityState === 'visible';
  let visit: Visit | null = null;

  function begin(pathname: string, referrer: string): void {
    const at = audiencePageAt(pathname);
    if (!at) {
      visit = null;
      return;
    }
    const source = visitSource({ pageUrl: win.location.href, referrer, userAgent: win.navigator.userAgent });
    const page: AudiencePage = { ...at, ...source, device };
    visit = { page, depth: 0, reported: 0, visibleMs: 0, visibleSince: visible() ? browser.now() : null };
    send({ kind: 'view', ...page });
    // After the page's render (a client-side navigation renders after this): a short story may be read whole already.
    win.requestAnimationFrame(() => win.setTimeout(measureDepth, 0));
  }

  /** Reports what is new of the visit: its new depth marks and its visible seconds since the last report. */
  function report(): void {
    if (!visit) return;
    const now = browser.now();
    if (visit.visibleSince !== null) {
      visit.visibleMs += now - visit.visibleSince;
      visit.visibleSince = visible() ? now : null;
    }
    const seconds = Math.min(MAX_VISIBLE_SECONDS, Math.round(visit.visibleMs / 1000));
    if (visit.depth === visit.reported && seconds === 0) return;
    send({ kind: 'leave', ...visit.page, depth: visit.depth, depth_before: visit.reported, visible_seconds: seconds });
    visit.reported = visit.depth;
    visit.visibleMs = 0;
  }

  function measureDepth(): void {
    if (!visit || visit.page.page_type !== 'article') return;
    const parts = doc.querySelectorAll('[data-story-text]');
    const first = parts[0];
    if (!first) return;
    // The text's extent: from its first part's top to its last part's bottom.
    const top = first.getBoundingClientRect().top;
    const bottom = parts[parts.length - 1]!.getBoundingClientRect().bottom;
    const reached = depthReached(new DOMRect(0, top, 0, bottom - top), win.innerHeight);
    if (reached > visit.depth) visit.depth = reached;
  }

  let scrollPending = false;
  const onScroll = () => {
    if (scrollPending) return;
    scrollPending = true;
    win.requestAnimationFrame(() => {
      scrollPending = false;
      measureDepth();
    });
  };

  // Web Vitals of this document's load, sent once when it is first hidden (the library's last word by then).
  const vitals: { lcp?: number; inp?: number; cls?: number } = {};
  const landing = audiencePageAt(win.location.pathname);
  let vitalsSent = false;
  const keep = (metric: Metric) => {
    const name = metric.name.toLowerCase();
    if (name === 'lcp' || name === 'inp' || name === 'cls') vitals[name] = name === 'cls' ? Number(metric.value.toFixed(4)) : Math.round(metric.value);
  };
  if (landing) {
    onLCP(keep, { reportAllChanges: true });
    onINP(keep, { reportAllChanges: true });
    onCLS(keep, { reportAllChanges: true });
  }
  function sendVitals(): void {
    if (vitalsSent || !landing || Object.keys(vitals).length === 0) return;
    vitalsSent = true;
    send({ kind: 'vitals', page_type: landing.page_type, device, ...vitals });
  }

  const onVisibility = () => {
    if (visible()) {
      if (visit && visit.visibleSince === null) visit.visibleSince = browser.now();
      return;
    }
    measureDepth();
    report();
    sendVitals();
  };
  const onPageHide = () => {
    measureDepth();
    report();
    sendVitals();
  };

  win.addEventListener('scroll', onScroll, { passive: true });
  win.addEventListener('resize', onScroll, { passive: true });
  doc.addEventListener('visibilitychange', onVisibility);
  win.addEventListener('pagehide', onPageHide);

  // A client-side navigation is a page view too: the visit before it ends (reported), the next begins; the site's
  // own page is its referrer, so it counts as direct unless its address carries UTM tags.
  let current = win.location.pathname;
  const unsubscribe = router?.subscribe((state) => {
    if (state.location.pathname === current) return;
    const previous = win.location.origin + current;
    current = state.location.pathname;
    measureDepth();
    report();
    begin(current, previous);
  });
  // A prerendered page (Speculation Rules) counts only once the reader actually opens it.
  const prerendering = (doc as Document & { prerendering?: boolean }).prerendering === true;
  const onActivated = () => begin(current, doc.referrer);
  if (prerendering) doc.addEventListener('prerenderingchange', onActivated, { once: true });
  else begin(current, doc.referrer);

  return () => {
    doc.removeEventListener('prerenderingchange', onActivated);
    unsubscribe?.();
    win.removeEventListener('scroll', onScroll);
    win.removeEventListener('resize', onScroll);
    doc.removeEventListener('visibilitychange', onVisibility);
    win.removeEventListener('pagehide', onPageHide);
  };
}
