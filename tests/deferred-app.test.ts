import { describe, expect, it } from 'vitest';
import { deferAppScripts } from '../server/deferred-app-plugin';

const BUILT = [
  '<head><link rel="stylesheet" crossorigin href="/assets/index-a.css">',
  '<script type="module" crossorigin src="/assets/index-b.js"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/jsx-runtime-c.js">',
  '<link rel="modulepreload" crossorigin href="/assets/env-d.js"></head>',
].join('');

describe('deferAppScripts', () => {
  it('leaves only the boot script, which names the app entry and its imports', () => {
    const html = deferAppScripts(BUILT, 'assets/boot-e.js');
    expect(html).toBe(
      '<head><link rel="stylesheet" crossorigin href="/assets/index-a.css">' +
        '<script type="module" crossorigin fetchpriority="low" src="/assets/boot-e.js" data-app="/assets/index-b.js" ' +
        'data-preload="/assets/jsx-runtime-c.js /assets/env-d.js"></script></head>',
    );
    expect(html).not.toContain('modulepreload');
  });

  it('keeps the stylesheet, which the first paint needs', () => {
    expect(deferAppScripts(BUILT, 'assets/boot-e.js')).toContain('rel="stylesheet"');
  });

  it('changes nothing in a page already deferred', () => {
    const once = deferAppScripts(BUILT, 'assets/boot-e.js');
    expect(deferAppScripts(once, 'assets/boot-e.js')).toBe(once);
  });
});
