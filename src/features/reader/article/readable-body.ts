import { withResponsiveImages } from '../../../lib/rich-text/body-images';
import { ARTICLE_SIZES } from '../../../lib/image-renditions';
import { ownImageOrigins, sanitizeRichText } from '../../../lib/rich-text/sanitize';
import type { WindowLike } from 'dompurify';
import { paragraphBreak } from '../../../lib/rich-text/paragraph-break';

/**
 * A local story's stored HTML as readers get it: sanitised with the allow-list (images only from our own bucket at
 * `pageOrigin` or the configured project), its pictures responsive and lazy. Stored HTML is sanitised on save too;
 * sanitising again on the way out means no stored row can run script in a reader's page.
 */
export function readableBody(content: string, pageOrigin: string, window: WindowLike | null): string {
  return withResponsiveImages(sanitizeRichText(content, { imageOrigins: ownImageOrigins(pageOrigin), window }), ARTICLE_SIZES, window);
}

/** The paragraphs of a story above its 'Banner em Matéria' (decision 0030: after the second paragraph). */
export const PARAGRAPHS_BEFORE_AD = 2;

/** A story's readable body and where its advert goes in it (an offset into the HTML; null: after the body). */
export function readableBodyWithAdBreak(content: string, pageOrigin: string, window: WindowLike | null): { bodyHtml: string; adBreak: number | null } {
  const bodyHtml = readableBody(content, pageOrigin, window);
  return { bodyHtml, adBreak: paragraphBreak(bodyHtml, PARAGRAPHS_BEFORE_AD, window) };
}
