import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from '../src/lib/rich-text/sanitize.ts';
import { sanitizeWithoutDom } from '../src/lib/rich-text/sanitize-without-dom.ts';
import { readableBodyWithAdBreak } from '../src/features/reader/article/readable-body.ts';
import { ARTICLE_SIZES } from '../src/lib/image-renditions.ts';

// Node has no DOM, and none is given here: the server's render and the feeds, on Node and in the Worker (decision 0050).
describe('rich text sanitised where there is no DOM', () => {
  const HOSTILE = '<p>Texto</p><img src=x onerror="alert(1)"><script>alert(2)</script>';

  it('DOMPurify gives nothing rather than the HTML unsanitised', () => {
    expect(sanitizeRichText(HOSTILE)).toBe('');
  });

  it('the DOM-free sanitiser applies the allow-list', () => {
    expect(sanitizeWithoutDom(HOSTILE)).toBe('<p>Texto</p>');
  });

  it("makes a story's body for reading: responsive lazy images and the advert's place after the second paragraph", () => {
    const image = '/storage/v1/object/public/publications/0b7a/original-1600w.jpg';
    const content = `<p>Um.</p><p onclick="alert(1)">Dois.</p><figure><img src="${image}" alt="Coreto" width="1600" height="900"></figure>`;
    const { bodyHtml, adBreak } = readableBodyWithAdBreak(content, 'https://portoferreiranoticias.com.br', sanitizeWithoutDom);
    const srcset = '/storage/v1/object/public/publications/0b7a/480.webp 480w, /storage/v1/object/public/publications/0b7a/960.webp 960w, /storage/v1/object/public/publications/0b7a/1600.webp 1600w';
    expect(bodyHtml).toBe(
      `<p>Um.</p><p>Dois.</p><figure><img src="${image}" alt="Coreto" width="1600" height="900" srcset="${srcset}" sizes="${ARTICLE_SIZES}" loading="lazy" decoding="async"></figure>`,
    );
    expect(bodyHtml.slice(0, adBreak ?? 0)).toBe('<p>Um.</p><p>Dois.</p>');
  });

  it('makes no body at all without a sanitiser (the build, which renders no story)', () => {
    expect(readableBodyWithAdBreak('<p>Um.</p><p>Dois.</p><p>Três.</p>', 'https://example.com', null)).toEqual({ bodyHtml: '', adBreak: null });
  });
});
