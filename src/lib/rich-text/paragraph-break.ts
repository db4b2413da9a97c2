import { markupTags, VOID_ELEMENTS } from './sanitised-markup';

/**
 * Where a story's body can take a block of its own (the 'Banner em Matéria') after its first `paragraphs` paragraphs:
 * the offset in `html` just past the `paragraphs`-th paragraph at the top level, so the page renders the two halves
 * around the block from the one string it already has. Null when the body has fewer such paragraphs, nothing after
 * them, or is not a sanitiser's output (sanitised-markup.ts): the block then goes after the whole body. Read without
 * a DOM, so the server's render places it on every host (decision 0050).
 */
export function paragraphBreak(html: string, paragraphs: number): number | null {
  const tags = paragraphs < 1 ? null : markupTags(html);
  if (!tags) return null;
  const open: string[] = [];
  let seen = 0;
  for (const tag of tags) {
    if (!tag.closing) {
      if (!VOID_ELEMENTS.has(tag.name)) open.push(tag.name);
      continue;
    }
    // Balanced, as a serialiser writes it; anything else is left whole rather than cut mid-element.
    if (open.pop() !== tag.name) return null;
    if (open.length === 0 && tag.name === 'p' && ++seen === paragraphs) return html.slice(tag.end).trim() === '' ? null : tag.end;
  }
  return null;
}
