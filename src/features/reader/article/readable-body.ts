import { withResponsiveImages } from '../../../lib/rich-text/body-images';
import { ARTICLE_SIZES } from '../../../lib/image-renditions';
import { ownImageOrigins, sanitizeRichText } from '../../../lib/rich-text/sanitize';
import type { WindowLike } from 'dompurify';

/**
 * A local story's stored HTML as readers get it: sanitised with the allow-list (images only from our own bucket at
 * `pageOrigin` or the configured project), its pictures responsive and lazy. Stored HTML is sanitised on save too;
 * sanitising again on the way out means no stored row can run script in a reader's page.
 */
export function readableBody(content: string, pageOrigin: string, window: WindowLike | null): string {
  return withResponsiveImages(sanitizeRichText(content, { imageOrigins: ownImageOrigins(pageOrigin), window }), ARTICLE_SIZES, window);
}
