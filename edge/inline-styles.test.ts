import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineStyleHashes } from './inline-styles.ts';

const source = (css: string) => `'sha256-${createHash('sha256').update(css).digest('base64')}'`;

describe('inlineStyleHashes', () => {
  it("names each of the head's inline stylesheets by the sha256 of its text, as browsers check it", async () => {
    const html = '<html><head><style>a{color:red}</style><style>\n.b{}\n</style></head><body></body></html>';
    expect(await inlineStyleHashes(html)).toEqual([source('a{color:red}'), source('\n.b{}\n')]);
  });

  it('allows nothing in the body, and nothing for a page without inline styles', async () => {
    expect(await inlineStyleHashes('<html><head></head><body><style>x{}</style></body></html>')).toEqual([]);
    expect(await inlineStyleHashes('<html><head><link rel="stylesheet" href="/a.css"></head><body></body></html>')).toEqual([]);
    expect(await inlineStyleHashes('<style>x{}</style> and no head')).toEqual([]);
  });

  it('leaves a style with attributes (a development nonce) to its nonce', async () => {
    expect(await inlineStyleHashes('<html><head><style nonce="abc">x{}</style></head></html>')).toEqual([]);
  });
});
