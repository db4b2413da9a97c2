// The lead story ('Manchete', docs/product.md §4, docs/decisions/0014) reaches the home page in its HTML: the home
// page's render on a server host has it as the hero, and the route's hydration data names it (decision 0048).

/** The attribute that marks the hero's element in the HTML (the edge replaces that element). */
export const LEAD_STORY_MARKER = 'data-lead-story';
