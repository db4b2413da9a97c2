import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from './inline-scripts.ts';

const source = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;

describe('inlineScriptHashes', () => {
  it("names each of the head's inline module scripts by the sha256 of its text, as browsers check it", async () => {
    const html =
      '<html><head><script type="module" data-app="/assets/index.js" data-steps="" data-preload="">boot()</script>' +
      '<script type="module">\nother()\n</script></head><body></body></html>';
    expect(await inlineScriptHashes(html)).toEqual([source('boot()'), source('\nother()\n')]);
  });

  it('allows nothing in the body, no data block, and nothing for a page without inline scripts', async () => {
    expect(await inlineScriptHashes('<html><head></head><body><script type="module">x()</script></body></html>')).toEqual([]);
    expect(await inlineScriptHashes('<html><head><script type="module" src="/a.js"></script></head><body></body></html>')).toEqual([]);
    expect(await inlineScriptHashes('<html><head><script type="application/ld+json">{}</script></head></html>')).toEqual([]);
    expect(await inlineScriptHashes('<html><head><script>classic()</script></head></html>')).toEqual([]);
    expect(await inlineScriptHashes('<script type="module">x()</script> and no head')).toEqual([]);
  });

  it('leaves a script with a development nonce to its nonce', async () => {
    expect(await inlineScriptHashes('<html><head><script type="module" nonce="abc">x()</script></head></html>')).toEqual([]);
  });
});
