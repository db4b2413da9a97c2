import { describe, expect, it } from 'vitest';
import { sanitizeFeedHtml } from './feed-html.ts';

describe('sanitizeFeedHtml', () => {
  it.each([
    ['<p>Olá <strong>mundo</strong> &amp; <em>cia</em></p>', '<p>Olá <strong>mundo</strong> &amp; <em>cia</em></p>'],
    ['<h2>T</h2><ul><li>a</li></ul><ol start="3"><li>b</li></ol><blockquote>c</blockquote><hr><br/>', '<h2>T</h2><ul><li>a</li></ul><ol start="3"><li>b</li></ol><blockquote>c</blockquote><hr><br>'],
    ['<a href="https://example.com/?a=1&amp;b=2">l</a>', '<a href="https://example.com/?a=1&amp;b=2" target="_blank" rel="noopener noreferrer nofollow">l</a>'],
    ['<a href="mailto:a@b.com" target="_self" rel="opener">m</a>', '<a href="mailto:a@b.com" target="_blank" rel="noopener noreferrer nofollow">m</a>'],
  ])('keeps the allow-list: %s', (input, expected) => {
    expect(sanitizeFeedHtml(input)).toBe(expected);
  });

  it.each([
    ['<script>alert(1)</script><p>ok</p>', '<p>ok</p>'],
    ['<SCRIPT SRC=//evil.example/x.js></SCRIPT>ok', 'ok'],
    ['<p onclick="alert(1)" style="x">x</p>', '<p>x</p>'],
    ['<img src=x onerror=alert(1)>', ''],
    ['<svg><script>alert(1)</script><circle onload=alert(2)></svg>after', 'after'],
    ['<iframe srcdoc="<script>alert(1)</script>"></iframe>', ''],
    ['<a href="javascript:alert(1)">x</a>', '<a target="_blank" rel="noopener noreferrer nofollow">x</a>'],
    ['<a href="java&#115;cript:alert(1)">x</a>', '<a target="_blank" rel="noopener noreferrer nofollow">x</a>'],
    ['<a href=" JaVaScRiPt:alert(1)">x</a>', '<a target="_blank" rel="noopener noreferrer nofollow">x</a>'],
    ['<a href="data:text/html,<script>alert(1)</script>">x</a>', '<a target="_blank" rel="noopener noreferrer nofollow">x</a>'],
    ['<a href="https://ok.example" onmouseover="alert(1)">x</a>', '<a href="https://ok.example" target="_blank" rel="noopener noreferrer nofollow">x</a>'],
    ['<p title="a>b" onclick=alert(1)>x</p>', '<p>x</p>'],
    ['<!--<script>alert(1)</script>--><p>x</p>', '<p>x</p>'],
    ['<![CDATA[<script>alert(1)</script>]]>x', 'x'],
    ['<style>p{background:url(javascript:alert(1))}</style>x', 'x'],
    ['<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>', ''],
    ['a < b > c & d', 'a &lt; b &gt; c &amp; d'],
    ['<p>unclosed <b', '<p>unclosed <b>'],
    ['<ol start="1 onclick=alert(1)"><li>x</li></ol>', '<ol><li>x</li></ol>'],
    ['x\u0000y\u0008z', 'xyz'],
  ])('makes %s inert', (input, expected) => {
    expect(sanitizeFeedHtml(input)).toBe(expected);
  });

  it('returns an empty string for no body', () => {
    expect(sanitizeFeedHtml(null)).toBe('');
    expect(sanitizeFeedHtml('')).toBe('');
  });

  describe('images inside the body', () => {
    const SITE = 'https://portoferreiranoticias.com.br';
    const HOSTED = 'https://abcdefghijklmnopqrst.supabase.co/storage/v1/object/public/publications/0b7a/original-1600w.jpg';
    const options = { imageOrigins: [SITE], baseUrl: `${SITE}/` };

    it('keeps an image from our storage with alt and size, and its figure and credit', () => {
      const html = `<figure><img src="${HOSTED}" alt="Praça &amp; &quot;Matriz&quot;" width="1600" height="900"><figcaption>Foto: Ana</figcaption></figure>`;
      expect(sanitizeFeedHtml(html, options)).toBe(html);
    });

    it("makes a relative source absolute on the site, and keeps the site's own origin", () => {
      expect(sanitizeFeedHtml('<img src="/storage/v1/object/public/publications/a/original-800w.png" alt="a">', options)).toBe(
        `<img src="${SITE}/storage/v1/object/public/publications/a/original-800w.png" alt="a">`,
      );
      expect(sanitizeFeedHtml(`<img src="${SITE}/storage/v1/object/public/publications/a.png">`, options)).toBe(
        `<img src="${SITE}/storage/v1/object/public/publications/a.png">`,
      );
    });

    it.each([
      'https://evil.example/storage/v1/object/public/publications/a.jpg',
      '//evil.example/storage/v1/object/public/publications/a.jpg',
      'javascript:alert(1)',
      'java&#115;cript:alert(1)',
      'data:image/png;base64,iVBORw0KGgo=',
      '/storage/v1/object/public/publications/../../x.jpg',
    ])('drops an image whose source is %s', (src) => {
      expect(sanitizeFeedHtml(`<p>a<img src="${src}" alt="x">b</p>`, options)).toBe('<p>ab</p>');
    });

    it('drops srcset, event handlers and odd sizes, and reads only the first src', () => {
      expect(
        sanitizeFeedHtml(`<img src="${HOSTED}" src="https://evil.example/x.jpg" srcset="https://evil.example/x.jpg 2x" onerror=alert(1) width="100%" height=9>`, options),
      ).toBe(`<img src="${HOSTED}" height="9">`);
      expect(sanitizeFeedHtml(`<img srcset="${HOSTED} 1x">`, options)).toBe('');
    });
  });
});
