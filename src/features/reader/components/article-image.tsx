import { useState, type ImgHTMLAttributes } from 'react';
import type { NewsArticle } from '../../../services/news';
import { DEFAULT_IMAGE, articleImageSource } from '../../../lib/article-image';

interface ArticleImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt' | 'width' | 'height'> {
  src: string;
  alt: string;
  width: number;
  height: number;
}

/** An image with explicit dimensions (no layout shift) that shows the default image when its own fails (docs/product.md §19). */
export function ArticleImage({ src, alt, width, height, loading = 'lazy', ...rest }: ArticleImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const shown = failedSrc === src ? DEFAULT_IMAGE : src;
  return (
    <img
      {...rest}
      src={shown}
      alt={alt}
      width={width}
      height={height}
      loading={loading}
      decoding="async"
      onError={() => {
        // The default image is the last resort: never loop on it.
        if (shown !== DEFAULT_IMAGE) setFailedSrc(src);
      }}
    />
  );
}

/** A news article's picture: its own image, else its category's (docs/product.md §16), described by its title. */
export function NewsArticleImage({ article, ...rest }: Omit<ArticleImageProps, 'src' | 'alt'> & { article: NewsArticle }) {
  return <ArticleImage src={articleImageSource(article)} alt={article.title} {...rest} />;
}
