import { imageRenditions } from '../image-renditions';
import { htmlWindow } from './html-window';
import type { WindowLike } from 'dompurify';

// The body stores an image as src, alt, width and height only (decision 0007); what readers need beyond that is
// derived here, at render time, from the src's renditions (decision 0010) so stored HTML never names a rendition.

/**
 * Sanitised body HTML with its images made for reading: `srcset`/`sizes` where the src has renditions, lazy loading
 * and async decoding. Their width and height (kept by the sanitiser) reserve the space, so nothing shifts.
 */
export function withResponsiveImages(html: string, sizes: string, window?: WindowLike | null): string {
  const document = htmlWindow(window)?.document;
  if (!html.includes('<img') || !document) return html;
  const template = document.createElement('template');
  template.innerHTML = html;
  for (const img of template.content.querySelectorAll('img')) {
    const renditions = imageRenditions(img.getAttribute('src'));
    if (renditions) {
      img.setAttribute('srcset', renditions.srcSet);
      img.setAttribute('sizes', sizes);
    }
    img.setAttribute('loading', 'lazy');
    img.setAttribute('decoding', 'async');
  }
  return template.innerHTML;
}
