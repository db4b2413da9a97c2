import { ALLOWED_ATTRIBUTES, ALLOWED_TAGS, isAllowedLink, isImageDimension, isOwnStorageImage } from '../src/lib/rich-text/allow-list';

// The rich-text allow-list applied where there is no DOM (DOMPurify needs one): a story's body in the feeds. It
// rebuilds the HTML rather than editing it: every tag in the output is one this module wrote, from the allow-list,
// with attributes it re-escaped; everything else is text with its markup escaped. So no input, however malformed,
// can put a tag or an attribute of its own into a feed.

const ALLOWED = new Set<string>(ALLOWED_TAGS);
const ATTRIBUTES = new Set<string>(ALLOWED_ATTRIBUTES);
/** Elements whose content is not text for a reader: dropped whole, with what they contain. */
const DROPPED_WITH_CONTENT = new Set(['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript', 'textarea', 'title', 'xmp', 'svg', 'math', 'select', 'noembed', 'noframes']);
const VOID = new Set(['br', 'hr', 'img']);

/** A comment, a tag (with quoted attribute values that may hold `>`), a stray `<`, or a run of text. */
const TOKEN = /<!--[\s\S]*?(?:-->|$)|<!\[CDATA\[[\s\S]*?(?:]]>|$)|<[!?][^>]*>?|<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)(?:>|$)|<|[^<]+/g;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (entity, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return NAMED[name.toLowerCase()] ?? entity;
  });
}

function escapeText(value: string): string {
  // Text keeps its entities (`&amp;`, `&eacute;`) and loses every `<`, `>` and bare `&`.
  return value.replace(/&(?!#?[a-zA-Z0-9]+;)/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export interface FeedHtmlOptions {
  /** Origins whose publications bucket is ours besides hosted projects (the site's own, where the local backend answers). */
  imageOrigins?: readonly string[];
  /** Where a relative image source is made absolute: feed readers have no page to resolve it against. */
  baseUrl?: string;
}

/** An image's tag, or null when its source is not our own storage (then it is dropped, as the page's sanitiser does). */
function imageTag(attributes: Map<string, string>, options: FeedHtmlOptions): string | null {
  const src = attributes.get('src');
  if (src === undefined || !isOwnStorageImage(src, options.imageOrigins)) return null;
  const href = src.startsWith('/') && options.baseUrl ? new URL(src, options.baseUrl).href : src;
  const kept = [`src="${escapeAttribute(href)}"`];
  if (attributes.has('alt')) kept.push(`alt="${escapeAttribute(attributes.get('alt')!)}"`);
  for (const name of ['width', 'height']) {
    const value = attributes.get(name);
    if (value !== undefined && isImageDimension(value)) kept.push(`${name}="${value}"`);
  }
  return `<img ${kept.join(' ')}>`;
}

/** The first value of each allowed attribute, decoded (a browser, too, keeps the first of duplicates). */
function readAttributes(rawAttributes: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of rawAttributes.matchAll(ATTRIBUTE)) {
    const attribute = match[1]!.toLowerCase();
    if (!ATTRIBUTES.has(attribute) || attributes.has(attribute)) continue;
    attributes.set(attribute, decodeEntities(match[2] ?? match[3] ?? match[4] ?? '').trim());
  }
  return attributes;
}

function openingTag(name: string, rawAttributes: string, options: FeedHtmlOptions): string | null {
  const attributes = readAttributes(rawAttributes);
  if (name === 'img') return imageTag(attributes, options);
  const kept: string[] = [];
  const href = attributes.get('href');
  const start = attributes.get('start');
  if (href !== undefined && name === 'a' && isAllowedLink(href)) kept.push(`href="${escapeAttribute(href)}"`);
  if (start !== undefined && name === 'ol' && /^\d{1,6}$/.test(start)) kept.push(`start="${start}"`);
  // Links leave for another site as they do on the page.
  if (name === 'a') kept.push('target="_blank"', 'rel="noopener noreferrer nofollow"');
  return `<${name}${kept.map((attribute) => ` ${attribute}`).join('')}>`;
}

/** A story's body reduced to the rich-text allow-list, as HTML safe to embed in a feed. */
export function sanitizeFeedHtml(html: string | null | undefined, options: FeedHtmlOptions = {}): string {
  if (!html) return '';
  const out: string[] = [];
  let dropping: string | null = null;
  for (const match of html.replace(CONTROL, '').matchAll(TOKEN)) {
    const [token, slash, rawName, rawAttributes] = match;
    const name = rawName?.toLowerCase();
    if (dropping) {
      if (name === dropping && slash) dropping = null;
      continue;
    }
    if (!name) {
      // Comments, declarations and CDATA vanish; a stray `<` and plain text are text.
      if (!token.startsWith('<') || token === '<') out.push(escapeText(token));
      continue;
    }
    if (DROPPED_WITH_CONTENT.has(name)) {
      if (!slash && !/\/\s*$/.test(rawAttributes ?? '')) dropping = name;
      continue;
    }
    if (!ALLOWED.has(name)) continue;
    if (slash) {
      if (!VOID.has(name)) out.push(`</${name}>`);
    } else {
      const tag = name === 'br' || name === 'hr' ? `<${name}>` : openingTag(name, rawAttributes ?? '', options);
      if (tag) out.push(tag);
    }
  }
  return out.join('');
}
