import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CARD_SIZES } from '../../../lib/image-renditions';
import { DEFAULT_IMAGE } from '../../../lib/article-image';
import { ArticleImage } from './article-image';

const WITH_RENDITIONS = '/images/seed/ciclovia/original-800w.webp';

describe('ArticleImage', () => {
  it('offers the renditions an image has, at the sizes given, with explicit dimensions', () => {
    render(<ArticleImage src={WITH_RENDITIONS} alt="Ciclovia" width={640} height={360} sizes={CARD_SIZES} />);
    const image = screen.getByRole('img', { name: 'Ciclovia' });
    expect(image).toHaveAttribute('src', WITH_RENDITIONS);
    expect(image).toHaveAttribute('srcset', '/images/seed/ciclovia/480.webp 480w, /images/seed/ciclovia/800.webp 800w');
    expect(image).toHaveAttribute('sizes', CARD_SIZES);
    expect(image).toHaveAttribute('width', '640');
    expect(image).toHaveAttribute('height', '360');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).not.toHaveAttribute('fetchpriority');
    expect(image).toHaveAttribute('decoding', 'async');
  });

  it('gives no srcset without sizes, nor to an image without renditions', () => {
    const { rerender } = render(<ArticleImage src={WITH_RENDITIONS} alt="Foto" width={640} height={360} />);
    expect(screen.getByRole('img')).not.toHaveAttribute('srcset');
    rerender(<ArticleImage src="https://cdn.example.com/a.jpg" alt="Foto" width={640} height={360} sizes={CARD_SIZES} />);
    expect(screen.getByRole('img')).not.toHaveAttribute('srcset');
    expect(screen.getByRole('img')).not.toHaveAttribute('sizes');
  });

  it('loads the LCP image at once and first when asked, and decodes it for the frame that first shows the page', () => {
    render(<ArticleImage src={WITH_RENDITIONS} alt="Destaque" width={1200} height={500} priority />);
    const image = screen.getByRole('img');
    expect(image).toHaveAttribute('loading', 'eager');
    expect(image).toHaveAttribute('fetchpriority', 'high');
    expect(image).toHaveAttribute('decoding', 'sync');
  });

  it('falls back to the default image, without the srcset, when its own fails', () => {
    render(<ArticleImage src={WITH_RENDITIONS} alt="Ciclovia" width={640} height={360} sizes={CARD_SIZES} />);
    const image = screen.getByRole('img');
    fireEvent.error(image);
    expect(image).toHaveAttribute('src', DEFAULT_IMAGE);
    expect(image).not.toHaveAttribute('srcset');
    // An empty sizes is no sizes (preact/compat empties the property rather than removing the attribute).
    expect(image.getAttribute('sizes') ?? '').toBe('');
    // The default image failing too is the end: no loop.
    fireEvent.error(image);
    expect(image).toHaveAttribute('src', DEFAULT_IMAGE);
  });
});
