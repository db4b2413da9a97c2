import { describe, expect, it } from 'vitest';
import { deferAppScripts } from '../server/deferred-app-plugin';

const built =
  '<head><script type="module" crossorigin src="/assets/index-a1.js"></script>\n' +
  '    <link rel="modulepreload" crossorigin href="/assets/react-dom-b2.js">\n' +
  '    <link rel="modulepreload" crossorigin href="/assets/env-c3.js">\n' +
  '<link rel="stylesheet" crossorigin href="/assets/index.css"></head><body><div id="root"></div></body>';

describe("a built page's scripts (server/deferred-app-plugin.ts)", () => {
  it('become the boot script alone, written into the page, which names the entry and its imports for after the page has loaded', () => {
    const html = deferAppScripts(built, 'start();\n');
    expect(html).toBe(
      '<head><script type="module" data-app="/assets/index-a1.js" data-preload="/assets/react-dom-b2.js /assets/env-c3.js">start();</script>\n' +
        '    <link rel="stylesheet" crossorigin href="/assets/index.css"></head><body><div id="root"></div></body>',
    );
    // A page already deferred (a second prerender run) stays as it is.
    expect(deferAppScripts(html, 'start();')).toBe(html);
  });

  it('refuses a boot whose code would end its script element early', () => {
    expect(() => deferAppScripts(built, 'const end = "</script>";')).toThrow(/cannot be written into a page/);
  });
});
