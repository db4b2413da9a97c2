import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Metric } from 'web-vitals';
import { depthReached, startAudience, type AudienceBrowser, type NavigationSource } from './audience-beacon';

// The browser's side of the audience (decision 0052) in jsdom: which beacons a visit sends and when. web-vitals is the
// one stand-in (jsdom measures no paint): its callbacks are handed the figures a browser would report.

const vitals = vi.hoisted(() => ({ listeners: new Map<string, (metric: Metric) => void>() }));
vi.mock('web-vitals', () => ({
  onLCP: (listener: (metric: Metric) => void) => vitals.listeners.set('LCP', listener),
  onINP: (listener: (metric: Metric) => void) => vitals.listeners.set('INP', listener),
  onCLS: (listener: (metric: Metric) => void) => vitals.listeners.set('CLS', listener),
}));

const STORY = '22222222-2222-4222-8222-000000000001';
let sent: Record<string, unknown>[];
let clock: number;
let visibility: DocumentVisibilityState;
let stop: (() => void) | undefined;

function browser(): AudienceBrowser {
  return {
    window,
    document,
    sendBeacon: (url, body) => {
      expect(url).toBe('/api/audiencia');
      sent.push(JSON.parse(body) as Record<string, unknown>);
      return true;
    },
    now: () => clock,
  };
}

function setVisibility(state: DocumentVisibilityState): void {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
}

/** A router stand-in: the test moves it as React Router would after a client-side navigation. */
function fakeRouter() {
  const listeners: ((state: { location: { pathname: string } }) => void)[] = [];
  const router: NavigationSource & { go(path: string): void } = {
    state: { location: { pathname: window.location.pathname } },
    subscribe(listener) {
      listeners.push(listener);
      return () => undefined;
    },
    go(path) {
      window.history.pushState(null, '', path);
      for (const listener of listeners) listener({ location: { pathname: path } });
    },
  };
  return router;
}

/** The story's text, placed `top` px below the viewport's top and `height` px tall. */
function storyText(top: number, height: number): void {
  const text = document.createElement('div');
  text.setAttribute('data-story-text', '');
  text.getBoundingClientRect = () => new DOMRect(0, top, 600, height);
  document.body.append(text);
}

beforeEach(() => {
  sent = [];
  clock = 0;
  visibility = 'visible';
  vitals.listeners.clear();
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  Object.defineProperty(document, 'referrer', { configurable: true, get: () => 'https://l.facebook.com/' });
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 390 });
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: 800 });
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => setTimeout(() => callback(0), 0));
  document.body.replaceChildren();
});

afterEach(() => {
  stop?.();
  stop = undefined;
  vi.unstubAllGlobals();
});

describe('the audience beacon', () => {
  it('sends one view for the page: its story, the source from the referrer, the device from the viewport', () => {
    window.history.replaceState(null, '', `/noticia/${STORY}/feira?utm_campaign=junho`);
    stop = startAudience(browser(), null);
    expect(sent).toEqual([
      { kind: 'view', path: `/noticia/${STORY}/feira`, page_type: 'article', publication_id: STORY, source: 'facebook', source_host: '', campaign: 'junho', device: 'mobile' },
    ]);
  });

  it('sends nothing on the admin, on a token page or on not-found', () => {
    for (const path of ['/admin/publications', '/anuncios/relatorio/segredo', '/nada/aqui']) {
      window.history.replaceState(null, '', path);
      startAudience(browser(), null)();
    }
    expect(sent).toEqual([]);
  });

  it('when the page is hidden: the new depth marks of the story’s text and the visible seconds, then only what is new', async () => {
    window.history.replaceState(null, '', `/noticia/${STORY}`);
    storyText(400, 800); // the viewport's bottom (800) is at half the text
    stop = startAudience(browser(), null);
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    clock = 42_000;
    setVisibility('hidden');
    expect(sent[1]).toMatchObject({ kind: 'leave', page_type: 'article', publication_id: STORY, depth: 50, depth_before: 0, visible_seconds: 42 });
    // Hidden time does not count; back and read to the end.
    clock = 100_000;
    setVisibility('visible');
    clock = 110_000;
    document.querySelector('[data-story-text]')!.getBoundingClientRect = () => new DOMRect(0, -100, 600, 800);
    window.dispatchEvent(new Event('pagehide'));
    expect(sent[2]).toMatchObject({ kind: 'leave', depth: 100, depth_before: 50, visible_seconds: 10 });
    // Nothing new, nothing sent.
    window.dispatchEvent(new Event('pagehide'));
    expect(sent).toHaveLength(3);
  });

  it('a client-side navigation ends the visit and counts the next page as a view from the site itself', () => {
    window.history.replaceState(null, '', '/');
    const router = fakeRouter();
    stop = startAudience(browser(), router);
    clock = 5_000;
    router.go('/topic/local');
    expect(sent.map((beacon) => [beacon.kind, beacon.path, beacon.source])).toEqual([
      ['view', '/', 'facebook'],
      ['leave', '/', 'facebook'],
      ['view', '/topic/local', 'direct'],
    ]);
    expect(sent[1]).toMatchObject({ depth: 0, depth_before: 0, visible_seconds: 5 });
  });

  it('sends the document’s Web Vitals once, when it is first hidden', () => {
    window.history.replaceState(null, '', '/');
    stop = startAudience(browser(), null);
    vitals.listeners.get('LCP')!({ name: 'LCP', value: 1834.6 } as Metric);
    vitals.listeners.get('CLS')!({ name: 'CLS', value: 0.04321 } as Metric);
    setVisibility('hidden');
    setVisibility('visible');
    setVisibility('hidden');
    expect(sent.filter((beacon) => beacon.kind === 'vitals')).toEqual([{ kind: 'vitals', page_type: 'home', device: 'mobile', lcp: 1835, cls: 0.0432 }]);
  });

  it('a prerendered page counts only once it is shown', () => {
    window.history.replaceState(null, '', '/');
    Object.defineProperty(document, 'prerendering', { configurable: true, value: true });
    stop = startAudience(browser(), null);
    expect(sent).toEqual([]);
    document.dispatchEvent(new Event('prerenderingchange'));
    expect(sent.map((beacon) => beacon.kind)).toEqual(['view']);
    Object.defineProperty(document, 'prerendering', { configurable: true, value: false });
  });
});

describe('depthReached', () => {
  it('is the deepest quarter of the text above the viewport’s bottom', () => {
    expect(depthReached(new DOMRect(0, 900, 0, 1000), 800)).toBe(0);
    expect(depthReached(new DOMRect(0, 500, 0, 1000), 800)).toBe(25);
    expect(depthReached(new DOMRect(0, -100, 0, 1000), 800)).toBe(75);
    expect(depthReached(new DOMRect(0, 0, 0, 700), 800)).toBe(100);
  });
});
