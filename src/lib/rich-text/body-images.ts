import { imageRenditions } from '../image-renditions';
import { escapeMarkup } from '../escape';
import { attributeValue, markupTags } from './sanitised-markup';

// The body stores an image as src, alt, width and height only (decision 0007); what readers need beyond that is
// derived here, at render time, from the src's renditions (decision 0010) so stored HTML never names a rendition.
// Read without a DOM (sanitised-markup.ts), so the server's render does this on every host (decision 0050).

/**
 * Sanitised body HTML with its images made for reading: `srcset`/`sizes` where the src has renditions, lazy loading
 * and async decoding. Their width and height (kept by the sanitiser) reserve the space, so nothing shifts.
 */
export function withResponsiveImages(html: string, sizes: string): string {
  const images = html.includes('<img') ? (markupTags(html)?.filter((tag) => tag.name === 'img') ?? []) : [];
  let made = '';
  let from = 0;
  for (const image of images) {
    // As written, escaped: a source from our storage (the only kind kept) has no character the sanitisers escape.
    const renditions = imageRenditions(attributeValue(image.attributes, 'src'));
    const responsive = renditions ? ` srcset="${escapeMarkup(renditions.srcSet)}" sizes="${escapeMarkup(sizes)}"` : '';
    made += `${html.slice(from, image.start)}<img${image.attributes}${responsive} loading="lazy" decoding="async">`;
    from = image.end;
  }
  return made + html.slice(from);
}
