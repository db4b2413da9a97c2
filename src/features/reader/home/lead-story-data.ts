import type { NewsArticle } from '../../../services/news/news-article';

// The lead story ('Manchete', docs/product.md §4, docs/decisions/0014) reaches the home page in its HTML: the edge handler
// renders the hero for it in place of the prerendered sample and embeds the same article as a JSON data block, which
// the home loader reads so that hydration renders exactly what is on the page. A data block, not a script: it never
// runs, so a Content-Security-Policy without 'unsafe-inline' allows it.

/** The id of the `<script type="application/json">` block that carries the lead story. */
export const LEAD_STORY_DATA_ID = 'lead-story-data';

/** The attribute that marks the hero's element in the HTML (the edge replaces that element). */
export const LEAD_STORY_MARKER = 'data-lead-story';

/** The lead story the page's HTML carries; null when it carries none (the sample hero) or an unreadable one. */
export function leadStoryFromDocument(doc: Pick<Document, 'getElementById'> | undefined): NewsArticle | null {
  const block = doc?.getElementById(LEAD_STORY_DATA_ID);
  if (!block?.textContent) return null;
  try {
    // Written by the edge handler from a publication (src/render/lead-story-html.ts); only its shape is checked, and cheaply:
    // this module is part of the entry chunk.
    const parsed = JSON.parse(block.textContent) as Partial<NewsArticle> | null;
    return typeof parsed?.title === 'string' && typeof parsed.id === 'string' ? (parsed as NewsArticle) : null;
  } catch {
    return null;
  }
}
