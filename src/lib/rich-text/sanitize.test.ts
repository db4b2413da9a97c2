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
