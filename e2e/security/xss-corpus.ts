// The stored-XSS corpus (e2e/security/stored-xss.e2e.ts): each payload, if it ever ran, would call window.__xss(<its number>).
// Script tags, every common event handler, javascript:/data:/vbscript: addresses, SVG, srcdoc, object/embed, meta
// refresh, base, style tricks, forms, mutation-XSS shapes and encoded or mixed-case variants.

export interface XssVector {
  n: number;
  name: string;
  html: string;
}

const RAW: [string, (marker: string) => string][] = [
  ['script tag', (x) => `<script>${x}</script>`],
  ['script with data: source, upper case', (x) => `<SCRIPT SRC=data:text/javascript,${x}></SCRIPT>`],
  ['img onerror', (x) => `<img src=x onerror=${x}>`],
  ['IMG javascript: source', (x) => `<IMG SRC="javascript:${x}">`],
  ['svg onload', (x) => `<svg onload=${x}>`],
  ['svg use of a data: document', (x) => `<svg><use href="data:image/svg+xml,<svg id='a' xmlns='http://www.w3.org/2000/svg'><image href='1' onerror='${x}'/></svg>#a"/></svg>`],
  ['body onload', (x) => `<body onload=${x}>`],
  ['mouse, click and focus handlers', (x) => `<div onmouseover="${x}" onclick="${x}" onfocus="${x}" tabindex=1 autofocus>passe</div>`],
  ['details ontoggle', (x) => `<details open ontoggle=${x}><summary>s</summary></details>`],
  ['input autofocus onfocus', (x) => `<input autofocus onfocus=${x}>`],
  ['video source onerror', (x) => `<video><source onerror="${x}"></video>`],
  ['audio onerror', (x) => `<audio src=x onerror=${x}>`],
  ['svg animate onbegin', (x) => `<svg><animate onbegin=${x} attributeName=x dur=1s>`],
  ['custom element onfocusin', (x) => `<xss id=x tabindex=1 onfocusin=${x}></xss>`],
  ['javascript: link', (x) => `<a href="javascript:${x}">js</a>`],
  ['mixed-case javascript: link', (x) => `<a href="JaVaScRiPt:${x}">js</a>`],
  ['entity-encoded javascript: link', (x) => `<a href="&#106;&#x61;vascript:${x}">js</a>`],
  ['javascript: split by a tab entity', (x) => `<a href="java&#x09;script:${x}">js</a>`],
  ['javascript: after spaces', (x) => `<a href="  javascript:${x}">js</a>`],
  ['data: text/html link', (x) => `<a href="data:text/html,<script>${x}</script>">data</a>`],
  ['vbscript: link', () => `<a href="vbscript:msgbox(1)">vb</a>`],
  ['svg xlink:href javascript:', (x) => `<svg><a xlink:href="javascript:${x}"><text x="9" y="9">svg</text></a></svg>`],
  ['iframe javascript: source', (x) => `<iframe src="javascript:${x}"></iframe>`],
  ['iframe srcdoc', (x) => `<iframe srcdoc="<script>parent.${x}</script>"></iframe>`],
  ['object data', (x) => `<object data="javascript:${x}"></object>`],
  ['embed data: source', (x) => `<embed src="data:text/html,<script>${x}</script>">`],
  ['meta refresh', (x) => `<meta http-equiv="refresh" content="0;url=javascript:${x}">`],
  ['base href', (x) => `<base href="javascript:${x}//">`],
  ['style url(javascript:)', (x) => `<p style="background:url(javascript:${x})">css</p>`],
  ['style expression()', (x) => `<div style="width:expression(${x})">ie</div>`],
  ['style @import', (x) => `<style>@import 'javascript:${x}';</style>`],
  ['form action', (x) => `<form action="javascript:${x}"><button>ok</button></form>`],
  ['button formaction', (x) => `<button formaction="javascript:${x}">ir</button>`],
  ['noscript mutation', (x) => `<noscript><p title="</noscript><img src=x onerror=${x}>"></noscript>`],
  ['svg/style mutation', (x) => `<svg></p><style><a title="</style><img src onerror=${x}>">`],
  ['math namespace confusion', (x) => `<math><mtext><table><mglyph><style><img src=x onerror=${x}></style></mglyph></table></mtext></math>`],
  ['form/math namespace confusion', (x) => `<form><math><mtext></form><form><mglyph><svg><mtext><style><path id="</style><img onerror=${x} src>">`],
  ['nested templates', (x) => `<template><template><img src=x onerror=${x}></template></template>`],
  ['entity-encoded tag as text', (x) => `&lt;img src=x onerror=${x}&gt;`],
  ['attribute breakout', (x) => `"><img src=x onerror=${x}>`],
  ['comment and script breakout', (x) => `'--></style></script><svg onload=${x}>`],
  ['own-storage image with a handler', (x) => `<img src="/storage/v1/object/public/publications/x.png" onerror="${x}">`],
];

export const XSS_VECTORS: XssVector[] = RAW.map(([name, make], index) => ({ n: index + 1, name, html: make(`__xss(${index + 1})`) }));

/** Vectors packed into strings of at most `limit` characters, in order, each vector whole (one that alone is too long is left out). */
export function packed(vectors: readonly XssVector[], limit: number): string[] {
  const chunks: string[] = [];
  let current = '';
  for (const { html } of vectors) {
    if (html.length > limit) continue;
    if (current && current.length + 1 + html.length > limit) {
      chunks.push(current);
      current = '';
    }
    current = current ? `${current} ${html}` : html;
  }
  if (current) chunks.push(current);
  return chunks;
}

/** Hostile values for the URL fields, which the database refuses (one rule, migration 20261123170000). */
export const HOSTILE_YOUTUBE_URLS = [
  'javascript:__xss(101)//https://youtu.be/dQw4w9WgXcQ',
  'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
  'https://evil.example/?next=https://youtu.be/dQw4w9WgXcQ',
  'https://www.youtube.com@evil.example/watch?v=dQw4w9WgXcQ',
  'data:text/html,<script>__xss(102)</script>',
];

export const HOSTILE_IMAGE_URLS = [
  'javascript:__xss(111)',
  'https://img.example/a.png" onerror="__xss(112)',
  'https://img.example/a.png);background:url(javascript:__xss(113)',
  'data:image/svg+xml,<svg onload=__xss(114)>',
  'https://user@evil.example/a.png',
  ' https://img.example/a b.png',
];
