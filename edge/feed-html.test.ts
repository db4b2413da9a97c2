import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from '../src/lib/rich-text/sanitize.ts';
import { sanitizeWithoutDom } from '../src/lib/rich-text/sanitize-without-dom.ts';
import type { RichTextSanitizer } from '../src/lib/rich-text/rich-text-sanitizer.ts';
import { readableBodyWithAdBreak } from '../src/features/reader/article/readable-body.ts';
import { sanitizeFeedHtml } from './feed-html.ts';

// The DOM-free sanitiser (src/lib/rich-text/sanitize-without-dom.ts) as the feeds call it, and its agreement with
// DOMPurify's (decision 0050): the server renders a story with the one, the browser's in-app navigation with the other.

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
    // A tag cut off by the end of the body is no tag (as a browser reads it); the paragraph is closed.
    ['<p>unclosed <b', '<p>unclosed </p>'],
    ['<ol start="1 onclick=alert(1)"><li>x</li></ol>', '<ol><li>x</li></ol>'],
    ['x\u0000y\u0008z', 'xyz'],
  ])('makes %s inert', (input, expected) => {
    expect(sanitizeFeedHtml(input)).toBe(expected);
  });

  it.each([
    // Scripts and styles, however they are written.
    ['<p>a<script type="module">import("//evil.example/x.js")</script>b</p>', '<p>ab</p>'],
    ['<scr<script>ipt>alert(1)</script>', 'ipt&gt;alert(1)'],
    ['<p style="background:url(javascript:alert(1))">x</p><style>@import "//evil.example/x.css";</style>', '<p>x</p>'],
    // Every event handler, on an allowed element or not.
    ['<a href="https://ok.example" onclick="alert(1)" onfocus=alert(2) autofocus>x</a>', '<a href="https://ok.example" target="_blank" rel="noopener noreferrer nofollow">x</a>'],
    ['<blockquote onmouseover="alert(1)"><p ONCLICK="alert(2)">c</p></blockquote>', '<blockquote><p>c</p></blockquote>'],
    ['<details open ontoggle=alert(1)><summary>s</summary>t</details>', 'st'],
    // Addresses that run code, hidden by entities, tabs or case.
    ['<a href="jav&#x09;ascript:alert(1)">x</a>', '<a target="_blank" rel="noopener noreferrer nofollow">x</a>'],
    ['<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>', '<a target="_blank" rel="noopener noreferrer nofollow">x</a>'],
    ['<a href="vbscript:msgbox(1)">x</a><a href="ftp://files.example/a">y</a>', '<a target="_blank" rel="noopener noreferrer nofollow">x</a><a target="_blank" rel="noopener noreferrer nofollow">y</a>'],
    // Frames, plug-ins, forms and media: gone with what they hold.
    ['<iframe src="https://www.youtube.com/embed/x" allowfullscreen>v</iframe><p>depois</p>', '<p>depois</p>'],
    ['<object data="x.swf"><param name="a" value="b"><embed src="x.swf"></object>z', 'z'],
    ['<form action="https://evil.example"><input name="senha"><select><option>o</option></select><textarea>t</textarea><button>Enviar</button></form>', 'Enviar'],
    ['<video src="x.mp4" poster="y.jpg"><p>v</p></video><audio src="x.mp3">a</audio>w', 'w'],
    ['<math><mi>x</mi></math><template><p>t</p></template>k', 'k'],
    // Whatever would change the page around it.
    ['<base href="https://evil.example/"><meta http-equiv="refresh" content="0;url=https://evil.example"><link rel="stylesheet" href="x.css">L', 'L'],
    ['<p class="x" id="y" data-a="1" aria-hidden="true" lang="en" dir="rtl" title="t">p</p>', '<p>p</p>'],
  ])('drops %s', (input, expected) => {
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

describe('one rule set, two engines: the same body comes out of both sanitisers as the same HTML', () => {
  const HOSTED = 'https://abcdefghijklmnopqrst.supabase.co/storage/v1/object/public/publications/0b7a/original-1600w.jpg';
  const SITE = 'https://portoferreiranoticias.com.br';
  const imageOrigins = [SITE];

  // DOMPurify as the browser runs it, in a DOM (jsdom's here: Node has none).
  const window = new JSDOM('').window;
  const inDom: RichTextSanitizer = (html, options) => sanitizeRichText(html, { ...options, window });

  it.each([
    // What the editor writes (src/features/admin/editor): text, headings, lists, quotes, code, links and figures.
    ['text', '<p>Olá <strong>mundo</strong> &amp; <em>cia</em>: it\'s "aspas", a&nbsp;b, &eacute;, &lt;tag&gt; e 1 &gt; 0</p>'],
    ['structure', '<h2>T</h2><h3>S</h3><h4>s</h4><ul><li><p>a</p></li></ul><ol start="3"><li><p>b</p></li></ol><blockquote><p>c</p></blockquote><hr><p>x<br>y</p>'],
    ['code', '<pre><code>const a = 1 &lt; 2;\n  b</code></pre><p><code>x</code> <s>y</s> <u>z</u> <b>b</b> <i>i</i></p>'],
    ['links', '<p><a href="https://example.com/?a=1&amp;b=2" target="_blank" rel="noopener noreferrer nofollow">l</a> <a href="mailto:a@b.com">m</a> <a href="tel:+551935810000">t</a></p>'],
    ['a figure', `<figure><img src="${HOSTED}" alt="Praça &amp; &quot;Matriz&quot;" width="1600" height="900"><figcaption>Foto: Ana</figcaption></figure>`],
    ['a relative image', '<p>a<img src="/storage/v1/object/public/publications/a/original-800w.png" alt="">b</p>'],
    ['a caption alone', '<figure><figcaption>Foto: Ana</figcaption></figure>'],
    // What the allow-list refuses or rewrites.
    ['a foreign image', '<figure><img src="https://evil.example/x.jpg" alt="x"><figcaption>Foto: Ana</figcaption></figure><p>depois</p>'],
    ['a foreign image in a refused element', '<figure><span><img src="https://evil.example/x.jpg"></span><figcaption>Foto</figcaption></figure><p>depois</p>'],
    ['a foreign image in a paragraph of a figure', '<figure><p><img src="https://evil.example/x.jpg"></p><figcaption>Foto</figcaption></figure>'],
    ['image attributes', `<img src="${HOSTED}" src="https://evil.example/x.jpg" srcset="x 2x" onerror=alert(1) width="100%" height=9 alt="a">`],
    ['link attributes', '<a target="_self" href="https://example.com" rel="opener" title="t">l</a><a href="/rel">r</a><a href="ftp://x">f</a>'],
    ['list starts', '<ol start="1 onclick=alert(1)"><li>x</li></ol><ol start="-2"><li>y</li></ol>'],
    ['other elements', '<h1>T</h1><h5>F</h5><div><span class="c">d</span></div><table><tr><td>c</td></tr></table>'],
    ['scripts', '<script>alert(1)</script><p onclick="alert(1)">ok</p><SCRIPT SRC=//evil.example/x.js></SCRIPT>'],
    ['styles', '<p style="color:red">x</p><style>p{color:red}</style>'],
    ['javascript: links', '<a href="javascript:alert(1)">x</a><a href="java&#115;cript:alert(1)">y</a><a href=" JaVaScRiPt:alert(1)">z</a>'],
    ['embedded content', '<iframe src="https://evil.example">i</iframe><object data="x"><embed src="y"></object><video src="v"><p>v</p></video>w'],
    ['forms', '<form action="/x"><input name="a"><select><option>o</option></select><textarea><p>t</p></textarea><button>b</button></form>'],
    ['foreign content', '<svg><script>alert(1)</script><circle onload=alert(2)></svg><math><mi>x</mi></math>after'],
    ['mutation tricks', '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>'],
    ['misnesting', '<b><i>x</b></i><p>a<p>b<ul><li>a<li>b</ul>'],
    ['a cut-off tag', '<p>unclosed <b'],
    ['plain text', 'a < b > c & d'],
    // What the story page reads in the sanitised body: its top-level paragraphs and its images' sources.
    ['paragraphs around a picture', `<p>Um.</p><figure><img src="${HOSTED}" alt="a < b > &quot;c&quot;" width="1600" height="900"><figcaption>Foto</figcaption></figure><p title="x">Dois <a href="https://example.com/">l</a>.</p><ul><li><p>i</p></li></ul><p>Três.</p>`],
    ['a caption naming a tag', `<p>Um.</p><p>Dois.</p><figure><img src="/storage/v1/object/public/publications/b/original-800w.png" alt="<img src=x onerror=alert(1)>"><figcaption>&lt;p&gt;</figcaption></figure>`],
  ])('%s', (_, body) => {
    expect(sanitizeWithoutDom(body, { imageOrigins })).toBe(inDom(body, { imageOrigins }));
    // And so does the story page's body made from it: the same responsive images and the same place for the advert.
    expect(readableBodyWithAdBreak(body, SITE, sanitizeWithoutDom)).toEqual(readableBodyWithAdBreak(body, SITE, inDom));
  });
});
