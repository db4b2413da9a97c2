import { describe, expect, it } from 'vitest';
import { paragraphBreak } from './paragraph-break';

const cut = (html: string, paragraphs = 2) => {
  const at = paragraphBreak(html, paragraphs);
  return at === null ? null : [html.slice(0, at), html.slice(at)];
};

describe('paragraphBreak', () => {
  it('cuts a body just after its second paragraph', () => {
    expect(cut('<p>Um.</p><p>Dois.</p><p>Três.</p>')).toEqual(['<p>Um.</p><p>Dois.</p>', '<p>Três.</p>']);
  });

  it('counts only top-level paragraphs, past headings, figures and quotes', () => {
    const html = '<h2>Título</h2><p>Um.</p><blockquote><p>Citação.</p></blockquote><figure><img src="/a.png" alt="a"></figure><p>Dois <strong>fortes</strong>.</p><ul><li>Item</li></ul>';
    expect(cut(html)).toEqual([
      '<h2>Título</h2><p>Um.</p><blockquote><p>Citação.</p></blockquote><figure><img src="/a.png" alt="a"></figure><p>Dois <strong>fortes</strong>.</p>',
      '<ul><li>Item</li></ul>',
    ]);
  });

  it('leaves a body with fewer paragraphs, or nothing after them, whole', () => {
    expect(cut('<p>Só um.</p>')).toBeNull();
    expect(cut('<p>Um.</p><p>Dois.</p>')).toBeNull();
    expect(cut('<p>Um.</p><p>Dois.</p>\n')).toBeNull();
    expect(cut('')).toBeNull();
  });

  it('keeps entities and attributes exactly as the body has them', () => {
    const html = '<p>A &amp; B</p><p><a href="https://example.com/?a=1&amp;b=2">link</a></p><p>Fim</p>';
    expect(cut(html)).toEqual(['<p>A &amp; B</p><p><a href="https://example.com/?a=1&amp;b=2">link</a></p>', '<p>Fim</p>']);
  });

  it('reads a quoted value whole, even one that looks like a tag (a serialiser may leave `<` and `>` in it)', () => {
    const html = '<p><img src="/a.png" alt="</p><p>x"></p><p>Dois.</p><p>Três.</p>';
    expect(cut(html)).toEqual(['<p><img src="/a.png" alt="</p><p>x"></p><p>Dois.</p>', '<p>Três.</p>']);
  });

  it('leaves HTML that is not the DOM’s own serialisation whole rather than cut it wrongly', () => {
    expect(cut("<P CLASS='x'>Um.</P><p>Dois.</p><p>Três.</p>")).toBeNull();
    expect(cut('<p>Um.</p><!-- c --><p>Dois.</p><p>Três.</p>')).toBeNull();
    expect(cut('<p>Um.<p>Dois.</p><p>Três.</p>')).toBeNull();
  });
});
