/** @jsxRuntime automatic @jsxImportSource react */
// (The pragma: the edge handler renders this outside Vite, under npm start's tsx and wrangler's bundler, which read no tsconfig for it.)
import { useState, type ImgHTMLAttributes } from 'react';
import type { NewsArticle } from '../../../services/news/news-article';
import { DEFAULT_IMAGE, articleImageSource } from '../../../lib/article-image';
import { imageRenditions } from '../../../lib/image-renditions';

interface ArticleImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt' | 'width' | 'height' | 'srcSet' | 'sizes'> {
  src: string;
  alt: string;
  width: number;
  height: number;
  /**
   * The width the image is laid out at (src/lib/image-renditions.ts: CARD_SIZES, HERO_SIZES, ...). With it, an image
   * that has renditions gets a srcset of them; without it, or for an image without renditions, only `src`.
   */
  sizes?: string;
  /** The page's largest image (LCP): loaded at once and before other images. */
  priority?: boolean;
}

/** The element-timing name of the page's lead image. */
const LEAD_IMAGE_TIMING = 'lead-image';

// The Element Timing attribute (https://wicg.github.io/element-timing/), which React's types do not list yet.
declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- merging needs the interface's own type parameter.
  interface ImgHTMLAttributes<T> {
    elementtiming?: string | undefined;
  }
}

/**
 * An image with explicit dimensions (no layout shift) that shows the default image when its own fails
 * (docs/product.md §19), and its smaller renditions where it has them.
 */
export function ArticleImage({ src, alt, width, height, sizes, priority = false, loading, fetchPriority, ...rest }: ArticleImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = failedSrc === src;
  const shown = failed ? DEFAULT_IMAGE : src;
  // After a failure the srcset goes too, or the browser would keep choosing from it over the default image.
  const renditions = sizes && !failed ? imageRenditions(src) : null;
  return (
    <img
      {...rest}
      // srcSet and sizes before src: a browser that sees src alone first may start fetching the full-size file.
      srcSet={renditions?.srcSet}
      sizes={renditions ? sizes : undefined}
      src={shown}
      alt={alt}
      width={width}
      height={height}
      loading={loading ?? (priority ? 'eager' : 'lazy')}
      fetchPriority={fetchPriority ?? (priority ? 'high' : undefined)}
      // Reported when on screen: the boot script starts the app after that frame (src/boot.ts).
      elementtiming={priority ? LEAD_IMAGE_TIMING : undefined}
      // The lead image is decoded for the frame that first shows the page (it has arrived by then: preloaded, high
      // priority); 'async' would let that frame go without it and paint it in a later one. The rest need not block a frame.
      decoding={priority ? 'sync' : 'async'}
      onError={() => {
        // The default image is the last resort: never loop on it.
        if (shown !== DEFAULT_IMAGE) setFailedSrc(src);
      }}
    />
  );
}

/**
 * A news article's picture: its own image, else its category's (docs/product.md §16), described by the newsroom's
 * alternative text where it gave one, else by the title (older stories, external news).
 */
export function NewsArticleImage({ article, ...rest }: Omit<ArticleImageProps, 'src' | 'alt'> & { article: NewsArticle }) {
  const alt = (article.imageUrl && article.imageAlt?.trim()) || article.title;
  return <ArticleImage src={articleImageSource(article)} alt={alt} {...rest} />;
}
