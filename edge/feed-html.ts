import sanitizeHtml from 'sanitize-html';
import { ALLOWED_TAGS, ATTRIBUTES_BY_TAG, DROPPED_WITH_CONTENT, keptAttributes } from '../src/lib/rich-text/allow-list';
import { withoutXmlControls } from '../src/lib/escape';

// A story's body in the feeds, through the rich-text allow-list (src/lib/rich-text/allow-list.ts), the one the page's
// sanitiser applies. The engine is sanitize-html: it needs no DOM (DOMPurify does, and answers its input unchanged
// without one), so it runs on Node and in the Worker alike. Its output holds only allowed tags with the attributes
// keptAttributes() returned, every value re-escaped, and text with its markup escaped.

export interface FeedHtmlOptions {
  /** Origins whose publications bucket is ours besides hosted projects (the site's own, where the local backend answers). */
  imageOrigins?: readonly string[];
  /** Where a relative image source is made absolute: feed readers have no page to resolve it against. */
  baseUrl?: string;
}

const ALLOWED = new Set<string>(ALLOWED_TAGS);

/** What a refused image becomes: a name outside the allow-list, so sanitize-html writes nothing of it. */
const REFUSED = 'refused-by-allow-list';

/** A story's body reduced to the rich-text allow-list, as HTML safe to embed in a feed. */
export function sanitizeFeedHtml(html: string | null | undefined, options: FeedHtmlOptions = {}): string {
  if (!html) return '';
  // The open elements' names, to know an image's parent: a refused image's figure goes with it, as on the page. Its
  // parent there is its nearest allowed ancestor (DOMPurify moves a refused element's content up into its parent).
  const open: string[] = [];
  const figures: { refusedImage: boolean }[] = [];
  let closingFigure: { refusedImage: boolean } | undefined;

  const clean = sanitizeHtml(withoutXmlControls(html), {
    allowedTags: [...ALLOWED_TAGS],
    allowedAttributes: Object.fromEntries(Object.entries(ATTRIBUTES_BY_TAG).map(([tag, names]) => [tag, [...names]])),
    // keptAttributes() has checked every address already; these are sanitize-html's own, as strict.
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesAppliedToAttributes: ['href', 'src'],
    allowProtocolRelative: false,
    nonTextTags: [...DROPPED_WITH_CONTENT],
    disallowedTagsMode: 'discard',
    onOpenTag(name) {
      open.push(name);
      if (name === 'figure') figures.push({ refusedImage: false });
    },
    onCloseTag(name) {
      open.pop();
      if (name === 'figure') closingFigure = figures.pop();
    },
    transformTags: {
      '*': (tagName, attribs) => {
        const kept = keptAttributes(tagName, attribs, options.imageOrigins);
        if (kept === null) {
          // The image is the last open element; a figure among the others is the innermost open one.
          const parent = open.slice(0, -1).findLast((name) => ALLOWED.has(name));
          if (parent === 'figure') figures.at(-1)!.refusedImage = true;
          return { tagName: REFUSED, attribs: {} };
        }
        if (tagName === 'img' && kept.src?.startsWith('/') && options.baseUrl) kept.src = new URL(kept.src, options.baseUrl).href;
        return { tagName, attribs: kept };
      },
    },
    // Called as an element closes, right after onCloseTag: a figure whose image was refused goes with its caption.
    exclusiveFilter: (frame) => frame.tag === 'figure' && closingFigure?.refusedImage === true,
  });
  // The page's serialiser (the DOM's) writes void elements as `<br>` and a no-break space as `&nbsp;`; so do the feeds.
  // ` />` can only end a tag here: text and attribute values come out with every `>` escaped.
  return clean.replace(/ \/>/g, '>').replace(/\u00a0/g, '&nbsp;');
}
