import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from '../src/lib/rich-text/sanitize.ts';

// Node has no DOM, and none was provided (src/lib/rich-text/html-window.ts): DOMPurify alone would return its input.
describe('rich text sanitised where there is no DOM', () => {
  it('gives nothing rather than the HTML unsanitised', () => {
    expect(sanitizeRichText('<p>Texto</p><img src=x onerror="alert(1)"><script>alert(2)</script>')).toBe('');
  });
});
