import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './sanitize';

describe('sanitizeRichText', () => {
  it.each([
    ['<p>Olá <strong>mundo</strong></p>', '<p>Olá <strong>mundo</strong></p>'],
    ['<p onclick="alert(1)">x</p>', '<p>x</p>'],
    ['<script>alert(1)</script><p>ok</p>', '<p>ok</p>'],
    ['<img src=x onerror="alert(1)">', ''],
    ['<iframe src="https://evil.example"></iframe>', ''],
    ['<h1>T</h1>', 'T'],
    ['<p style="color:red">x</p>', '<p>x</p>'],
    ['<ol start="3" onclick="alert(1)"><li>a</li></ol><ol start="3x"><li>b</li></ol>', '<ol start="3"><li>a</li></ol><ol><li>b</li></ol>'],
    ['<form><textarea>t</textarea><select><option>o</option></select><object><embed></object></form>x', 'x'],
  ])('keeps only the allow-list: %s', (input, expected) => {
    expect(sanitizeRichText(input)).toBe(expected);
  });

  it.each(['https://example.com', 'http://example.com', 'mailto:a@b.com', 'tel:+551935810000'])(
    'keeps %s links and opens them safely',
    (href) => {
      expect(sanitizeRichText(`<a href="${href}">l</a>`)).toBe(
        `<a href="${href}" target="_blank" rel="noopener noreferrer nofollow">l</a>`,
      );
    },
  );

  it.each(['javascript:alert(1)', 'data:text/html,<b>x</b>', 'vbscript:x', '/relative', 'ftp://x.org'])(
    'drops the href of %s',
    (href) => {
      expect(sanitizeRichText(`<a href="${href}">l</a>`)).toBe(
        '<a target="_blank" rel="noopener noreferrer nofollow">l</a>',
      );
    },
  );

  it('returns an empty string for empty input', () => {
    expect(sanitizeRichText(null)).toBe('');
    expect(sanitizeRichText('')).toBe('');
  });
});

describe('images inside the body (docs/product.md §12)', () => {
  const HOSTED = 'https://abcdefghijklmnopqrst.supabase.co/storage/v1/object/public/publications/0b7a/original-1600w.jpg';
  const LOCAL = 'http://localhost:3000/storage/v1/object/public/publications/0b7a/original-1600w.jpg';
  const RELATIVE = '/storage/v1/object/public/publications/0b7a/original-1600w.jpg';
  const figure = (src: string, extra = '') =>
    `<figure><img src="${src}" alt="Praça da Matriz" width="1600" height="900"${extra}><figcaption>Foto: Ana Lima</figcaption></figure>`;

  it.each([HOSTED, LOCAL, RELATIVE])('keeps an image from our storage with its alt, size and credit: %s', (src) => {
    expect(sanitizeRichText(figure(src))).toBe(figure(src));
  });

  it('keeps the configured origins only, besides hosted projects and relative paths', () => {
    const src = 'https://img.example.com/storage/v1/object/public/publications/a/original-800w.png';
    expect(sanitizeRichText(`<img src="${src}" alt="x">`)).toBe('');
    expect(sanitizeRichText(`<img src="${src}" alt="x">`, { imageOrigins: ['https://img.example.com'] })).toBe(`<img src="${src}" alt="x">`);
  });

  it.each([
    ['another site', 'https://evil.example/storage/v1/object/public/publications/a.jpg'],
    ['a look-alike host', 'https://abcdefghijklmnopqrst.supabase.co.evil.example/storage/v1/object/public/publications/a.jpg'],
    ['another bucket', 'https://abcdefghijklmnopqrst.supabase.co/storage/v1/object/public/obituaries/a.jpg'],
    ['a protocol-relative address', '//evil.example/storage/v1/object/public/publications/a.jpg'],
    ['a climb out of the bucket', '/storage/v1/object/public/publications/../private/a.jpg'],
    ['a query string', '/storage/v1/object/public/publications/a.jpg?x=1'],
    ['javascript:', 'javascript:alert(1)'],
    ['data:', 'data:image/png;base64,iVBORw0KGgo='],
  ])('drops an image from %s, with its figure', (_, src) => {
    expect(sanitizeRichText(`${figure(src)}<p>depois</p>`)).toBe('<p>depois</p>');
    expect(sanitizeRichText(`<p>a<img src="${src}" alt="x">b</p>`)).toBe('<p>ab</p>');
  });

  it('drops srcset, event handlers, styles and non-numeric sizes from a kept image', () => {
    expect(
      sanitizeRichText(`<img src="${RELATIVE}" srcset="https://evil.example/x.jpg 2x" sizes="100vw" onerror="alert(1)" onload="alert(2)" style="x" width="100%" height="9" loading="eager" alt="a">`),
    ).toBe(`<img src="${RELATIVE}" height="9" alt="a">`);
  });

  it('keeps image attributes on images only', () => {
    expect(sanitizeRichText('<p width="3" alt="x" src="/storage/v1/object/public/publications/a.jpg">t</p>')).toBe('<p>t</p>');
  });

  it('keeps a figure and its caption', () => {
    expect(sanitizeRichText('<figure><figcaption>Foto: Ana</figcaption></figure>')).toBe('<figure><figcaption>Foto: Ana</figcaption></figure>');
  });
});
