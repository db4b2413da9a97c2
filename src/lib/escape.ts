// Every value the handler writes into HTML or XML passes through here: titles and descriptions are editors' text,
// and a title like `"><script>…` must stay text.

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text for an element's content or a quoted attribute value, in HTML and in XML alike. */
export function escapeMarkup(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);
}

/** XML 1.0 has no place for most control characters, even escaped: a feed with one is not well-formed. */
export function withoutXmlControls(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '');
}

/** Text for an element or attribute of a feed or sitemap. */
export function xmlText(value: string): string {
  return escapeMarkup(withoutXmlControls(value));
}

/**
 * JSON for a `<script type="application/ld+json">`: `<`, `>` and `&` as escapes, so no value can close the script
 * or open a comment, plus the two line separators that older parsers choke on.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** A body wrapped as CDATA: the only sequence that could end it is split across two sections. */
export function cdata(value: string): string {
  return `<![CDATA[${value.replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;
}
