// Responsive renditions of an uploaded or seeded image, recognised from its stored URL alone (docs/product.md §16).
//
// An image with renditions lives in a folder of its own, under a unique name (a UUID for uploads, a slug for seeds):
//   <folder>/original-<W>w.<ext>     the file as the editor chose it; W is its displayed width in pixels
//   <folder>/<w>.webp                one per width of renditionWidths(W), so never wider than the original
//   <folder>/og.jpg                  1200×630, centre-cropped, at most 300 KB: link previews (WhatsApp shows no WebP)
// A browser that cannot encode WebP makes JPEG renditions instead, and says so in the original's name:
//   <folder>/original-<W>w-jpeg.<ext> with <folder>/<w>.jpg beside it.
// Anything else (uploads from before renditions, GIFs, tiny images, external news images) has no renditions and is
// shown as it is. Changing RENDITION_WIDTHS changes which files a name promises: give such a change a new name pattern.

/** Target widths of the srcset renditions, narrowest first. */
export const RENDITION_WIDTHS = [480, 960, 1600] as const;
export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;
/** WhatsApp drops a preview image above about 300 KB. */
export const OG_MAX_BYTES = 300 * 1024;

export type RenditionFormat = 'webp' | 'jpeg';

const EXTENSION_BY_FORMAT: Record<RenditionFormat, string> = { webp: 'webp', jpeg: 'jpg' };

/**
 * The widths made for an original `originalWidth` px wide: each target capped at the original's width, duplicates
 * dropped (800 → 480, 800; 1000 → 480, 960, 1000; 2400 → 480, 960, 1600). Empty below the narrowest target: such an
 * image is small already, and a preview blown up from it would be a blur.
 */
export function renditionWidths(originalWidth: number): number[] {
  const width = Math.floor(originalWidth);
  if (!(width >= RENDITION_WIDTHS[0])) return [];
  return [...new Set(RENDITION_WIDTHS.map((target) => Math.min(target, width)))];
}

/** Whether an image of this width gets renditions at all. */
export function takesRenditions(originalWidth: number): boolean {
  return renditionWidths(originalWidth).length > 0;
}

export interface RenditionNames {
  original: string;
  /** One per width of renditionWidths, narrowest first. */
  renditions: { width: number; name: string }[];
  og: string;
}

/**
 * The object names of an image with renditions, relative to its bucket (or to its seed directory).
 * `extension` is the original's, without the dot.
 */
export function renditionNames(folder: string, originalWidth: number, extension: string, format: RenditionFormat): RenditionNames {
  const widths = renditionWidths(originalWidth);
  if (widths.length === 0) throw new RangeError(`An image ${originalWidth} px wide takes no renditions`);
  const formatTag = format === 'jpeg' ? '-jpeg' : '';
  return {
    original: `${folder}/original-${Math.floor(originalWidth)}w${formatTag}.${extension.toLowerCase()}`,
    renditions: widths.map((width) => ({ width, name: `${folder}/${width}.${EXTENSION_BY_FORMAT[format]}` })),
    og: `${folder}/og.jpg`,
  };
}

export interface ImageRenditions {
  /** For `srcset`: every rendition with its real width, narrowest first. */
  srcSet: string;
  /** The 1200×630 JPEG for og:image. */
  og: string;
  /** The widest rendition's width. */
  maxWidth: number;
}

/**
 * An original under the convention, in our own storage (Supabase's public object route, hosted or local, in a folder
 * below its bucket) or among the seed images in public/ (a same-origin path below /images/). An external news image
 * whose name happens to look alike must not get a srcset of files that do not exist.
 */
const OWN_ORIGINAL =
  /^(?:\/images|(?:https?:\/\/[^/]+)?\/storage\/v1\/object\/public\/[^/]+)(?:\/[^/]+)*\/[^/]+\/original-([1-9]\d{0,4})w(-jpeg)?\.[a-z0-9]{1,5}$/;

/** The renditions an image URL (image_url, photo_url, a seed path) has, or null when it has none. */
export function imageRenditions(url: string | null | undefined): ImageRenditions | null {
  const path = url?.split(/[?#]/, 1)[0] ?? '';
  const match = OWN_ORIGINAL.exec(path);
  if (!match) return null;
  const widths = renditionWidths(Number(match[1]));
  if (widths.length === 0) return null;
  const folder = path.slice(0, path.lastIndexOf('/'));
  const extension = EXTENSION_BY_FORMAT[match[2] ? 'jpeg' : 'webp'];
  return {
    srcSet: widths.map((width) => `${folder}/${width}.${extension} ${width}w`).join(', '),
    og: `${folder}/og.jpg`,
    maxWidth: widths[widths.length - 1] ?? 0,
  };
}

// `sizes` for the reader's images: the CSS width each image is laid out at (Tailwind's sm 640, lg 1024 and
// max-w-7xl 1280 px; the main column's px-4 takes 32 px). Slight overestimates (scrollbar, card borders) are fine.

/** ArticleCard in ArticleGrid across the main column (topic, search): 1, 2, 3 columns with gap-6 (24 px). */
export const CARD_SIZES = '(min-width: 1280px) 400px, (min-width: 1024px) calc((100vw - 80px) / 3), (min-width: 640px) calc((100vw - 56px) / 2), calc(100vw - 32px)';

/**
 * ArticleCard in the home page's left column: from lg the column is the main column less the 20rem side column
 * and its 2rem gap (100vw - 384px, 896 px at most), shared by three cards.
 */
export const HOME_CARD_SIZES = '(min-width: 1280px) 283px, (min-width: 1024px) calc((100vw - 432px) / 3), (min-width: 640px) calc((100vw - 56px) / 2), calc(100vw - 32px)';

/**
 * FeaturedStory: a 500 px tall box in the home's left column, filled with object-cover. Where the box is narrower
 * than a 16:9 picture 500 px tall (889 px), the picture is scaled to the box's height, so that is the width it needs.
 */
export const HERO_SIZES = '(min-width: 1024px) 896px, (min-width: 921px) calc(100vw - 32px), 889px';

/** ArticleView's picture: the max-w-3xl (768 px) article column, 16:9. */
export const ARTICLE_SIZES = '(min-width: 800px) 768px, calc(100vw - 32px)';

/** The obituary list's 128 px round portrait. */
export const OBITUARY_PHOTO_SIZES = '128px';
