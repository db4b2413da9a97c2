import sanitizeHtml from 'sanitize-html';
import { ALLOWED_TAGS, ATTRIBUTES_BY_TAG, DROPPED_WITH_CONTENT, keptAttributes } from './allow-list';
import { withoutXmlControls } from '../escape';

// Stored rich text through the allow-list (allow-list.ts) where there is no DOM: the server's render of a reader page
// and the feeds, on Node and in the Worker alike (decision 0050). The engine is sanitize-html, pure JavaScript on
// htmlparser2; DOMPurify needs a DOM and answers its input unchanged without one. Its output holds only allowed tags
// with the attributes keptAttributes() returned, every value re-escaped and double-quoted, and text with its markup
// escaped: the form body-images.ts and paragraph-break.ts read (sanitised-markup.ts). It is DOMPurify's output for
// the same body (sanitize.ts, which the browser and the editor use): edge/feed-html.test.ts feeds both the same bodies.

export interface SanitizeWithoutDomOptions {
  /** Origins whose publications bucket is ours besides hosted projects and relative paths (see isOwnStorageImage). */
  imageOrigins?: readonly string[];
  /** Where a relative image source is made absolute (the feeds: a feed reader has no page to resolve it against). */
  baseUrl?: string;
}

const ALLOWED = new Set<string>(ALLOWED_TAGS);

/** What a refused image becomes: a name outside the allow-list, so sanitize-html writes nothing of it. */
const REFUSED = 'refused-by-allow-list';

/** Rich-text HTML reduced to the allow-list, without a DOM. */
export function sanitizeWithoutDom(html: string | null | undefined, options: SanitizeWithoutDomOptions = {}): string {
  if (!html) return '';
  // The open elements' names, to know an image's parent: a refused image's figure goes with it, as in DOMPurify's
  // hook. Its parent there is its nearest allowed ancestor (DOMPurify moves a refused element's content up).
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
  // The DOM's serialiser writes void elements as `<br>` and a no-break space as `&nbsp;`; so does this one.
  // ` />` can only end a tag here: text and attribute values come out with every `>` escaped.
  return clean.replace(/ \/>/g, '>').replace(/\u00a0/g, '&nbsp;');
}
