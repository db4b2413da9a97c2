// Plain text typed by the newsroom (a job's description) with its web addresses and e-mail addresses made links.
// Only http(s) and mailto links ever come out, so a "javascript:" or "data:" text stays text.

export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const LINKABLE = /\bhttps?:\/\/[^\s<>"']+|\bwww\.[^\s<>"']+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+/gi;
/** Sentence punctuation right after an address belongs to the sentence. */
const TRAILING = /[.,;:!?)\]]+$/;

function hrefFor(text: string): string | null {
  if (text.includes('@') && !/^https?:\/\//i.test(text) && !text.toLowerCase().startsWith('www.')) return `mailto:${text}`;
  const candidate = text.toLowerCase().startsWith('www.') ? `https://${text}` : text;
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(LINKABLE)) {
    const raw = match[0].replace(TRAILING, '');
    const href = hrefFor(raw);
    if (!href || raw === '') continue;
    const start = match.index;
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push({ kind: 'link', text: raw, href });
    last = start + raw.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}
