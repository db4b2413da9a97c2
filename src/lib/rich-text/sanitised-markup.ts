// Sanitised rich text read without a DOM. Both sanitisers (sanitize.ts, sanitize-without-dom.ts) write one form:
// lower-case tag names, attribute values double-quoted with `"` and `&` escaped, text with `<` escaped, no comments.
// So a tag is found by one pattern that takes each quoted value whole (a `<` or `>` inside one is no tag), and
// anything else is not their output: readers of it then leave the HTML as it is.

/** One tag of sanitised HTML: where it is, its name, whether it closes, its attributes as written (` a="v"`…). */
export interface MarkupTag {
  start: number;
  end: number;
  name: string;
  closing: boolean;
  attributes: string;
}

const TAG = /<(\/?)([a-z][a-z0-9]*)((?:\s+[a-z][a-z0-9-]*(?:="[^"]*")?)*)\s*\/?>/y;

/** The allow-list's elements that have no end tag. */
export const VOID_ELEMENTS: ReadonlySet<string> = new Set(['br', 'hr', 'img']);

/** The tags of sanitised HTML in order; null when `html` is not in the sanitisers' form. */
export function markupTags(html: string): MarkupTag[] | null {
  const tags: MarkupTag[] = [];
  for (let at = html.indexOf('<'); at >= 0; at = html.indexOf('<', at)) {
    TAG.lastIndex = at;
    const match = TAG.exec(html);
    if (!match) return null;
    tags.push({ start: at, end: TAG.lastIndex, name: match[2]!, closing: match[1] === '/', attributes: match[3]! });
    at = TAG.lastIndex;
  }
  return tags;
}

/** An attribute's value as the sanitisers wrote it (escaped), or undefined. */
export function attributeValue(attributes: string, name: string): string | undefined {
  return new RegExp(`\\s${name}="([^"]*)"`).exec(attributes)?.[1];
}
