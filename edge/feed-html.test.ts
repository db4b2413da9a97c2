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
});
