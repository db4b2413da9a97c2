import { describe, expect, it } from 'vitest';
import { withPreactSuspenseMarkers } from './suspense-markers';

describe('withPreactSuspenseMarkers', () => {
  it("renames React's boundary markers to Preact's, nested ones too", () => {
    expect(withPreactSuspenseMarkers('<main><!--$--><h1>A</h1><!--$--><p>B</p><!--/$--><!--/$--></main>')).toBe(
      '<main><!--$s--><h1>A</h1><!--$s--><p>B</p><!--/$s--><!--/$s--></main>',
    );
  });

  it("leaves React's text separators and the page's text alone", () => {
    const html = '<p>Preço: R$ 10<!-- -->,00</p><p>&lt;!--$--&gt;</p>';
    expect(withPreactSuspenseMarkers(html)).toBe(html);
  });
});
