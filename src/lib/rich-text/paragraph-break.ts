import type { WindowLike } from 'dompurify';
import { htmlWindow } from './html-window';

/**
 * Where a story's body can take a block of its own (the 'Banner em Matéria') after its first `paragraphs` paragraphs:
 * the offset in `html` just past the `paragraphs`-th paragraph at the top level, so the page renders the two halves
 * around the block from the one string it already has. Null when the body has fewer such paragraphs, nothing after
 * them, or no DOM to read it with: the block then goes after the whole body.
 */
export function paragraphBreak(html: string, paragraphs: number, window?: WindowLike | null): number | null {
  const document = htmlWindow(window)?.document;
  if (!document || paragraphs < 1) return null;
  const whole = document.createElement('template');
  whole.innerHTML = html;
  const nodes = [...whole.content.childNodes];
  let seen = 0;
  const last = nodes.findIndex((node) => node.nodeName === 'P' && ++seen === paragraphs);
  if (last < 0) return null;
  const before = document.createElement('template');
  before.content.append(...nodes.slice(0, last + 1).map((node) => node.cloneNode(true)));
  const head = before.innerHTML;
  // The body is the DOM's own serialisation (it was sanitised in one), so its first nodes serialise to its start;
  // anything else is left whole rather than cut mid-element.
  if (!html.startsWith(head) || html.slice(head.length).trim() === '') return null;
  return head.length;
}
