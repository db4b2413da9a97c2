/**
 * A sanitiser of stored rich text by the allow-list (allow-list.ts): DOMPurify's in the browser and the editor
 * (sanitize.ts), sanitize-html's where there is no DOM (sanitize-without-dom.ts). Both give the same HTML for the same
 * body (edge/feed-html.test.ts), in the form sanitised-markup.ts reads.
 */
export type RichTextSanitizer = (html: string | null | undefined, options: { imageOrigins: readonly string[] }) => string;
