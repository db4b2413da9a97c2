// The lead story ('Manchete', docs/product.md §4, docs/decisions/0014) reaches the home page in its HTML: the edge
// handler renders the hero for it in place of the prerendered sample (src/render/lead-story-html.ts) and makes it the
// home route's data in the page's data block, which the page hydrates with.

/** The attribute that marks the hero's element in the HTML (the edge replaces that element). */
export const LEAD_STORY_MARKER = 'data-lead-story';
