import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { withResponsiveImages } from '../../../lib/rich-text/body-images';
import { ARTICLE_SIZES } from '../../../lib/image-renditions';
import { buildArticle } from '../../../../tests/support/row-factories';
import { STAY } from '../../../../tests/support/back-target';
import { ArticleView } from './article-view';

// docs/product.md §6: the main image's alternative text and credit, and the pictures inside the text.

const FOLDER = 'https://abcdefghijklmnopqrst.supabase.co/storage/v1/object/public/publications/0b7a';
const INLINE = `${FOLDER}/original-1600w.jpg`;

describe("the story's images", () => {
  it("describe the main image with its alternative text and credit it 'Foto: <crédito>'", () => {
    render(
      <ArticleView
        article={buildArticle({ title: 'Feira', imageUrl: `${FOLDER}/original-1200w.jpg`, imageAlt: 'Barracas na praça', imageCredit: 'Ana Lima' })}
        shareUrl="https://example.com/x"
        back={STAY}
      />,
    );
    expect(screen.getByRole('img', { name: 'Barracas na praça' })).toHaveAttribute('src', `${FOLDER}/original-1200w.jpg`);
    expect(screen.getByText('Foto: Ana Lima')).toBeInTheDocument();
  });

  it('fall back to the title and the source for stories saved before those texts existed', () => {
    render(<ArticleView article={buildArticle({ title: 'Feira antiga', imageUrl: `${FOLDER}/a.jpg` })} shareUrl="https://example.com/x" back={STAY} />);
    expect(screen.getByRole('img', { name: 'Feira antiga' })).toBeInTheDocument();
    expect(screen.getByText('Foto: Porto Ferreira Notícias')).toBeInTheDocument();
  });

  it('show a picture inside the text responsive, lazy and with its size, and drop one from elsewhere', () => {
    const content =
      `<p>Antes</p><figure><img src="${INLINE}" alt="Coreto" width="1600" height="1000"><figcaption>Foto: Ana</figcaption></figure>` +
      '<figure><img src="https://evil.example/x.jpg" alt="Rastreador"></figure><p>Depois</p>';
    render(<ArticleView article={buildArticle({ content })} shareUrl="https://example.com/x" back={STAY} />);
    const image = screen.getByRole('img', { name: 'Coreto' });
    expect(image).toHaveAttribute('src', INLINE);
    expect(image).toHaveAttribute('srcset', `${FOLDER}/480.webp 480w, ${FOLDER}/960.webp 960w, ${FOLDER}/1600.webp 1600w`);
    expect(image).toHaveAttribute('sizes', ARTICLE_SIZES);
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('decoding', 'async');
    expect(image).toHaveAttribute('width', '1600');
    expect(image).toHaveAttribute('height', '1000');
    expect(screen.getByText('Foto: Ana')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Rastreador' })).not.toBeInTheDocument();
  });

  it('offer no srcset for a picture without renditions', () => {
    const html = withResponsiveImages('<img src="/storage/v1/object/public/publications/a.gif" alt="x">', ARTICLE_SIZES);
    expect(html).toBe('<img src="/storage/v1/object/public/publications/a.gif" alt="x" loading="lazy" decoding="async">');
    expect(withResponsiveImages('<p>sem imagem</p>', ARTICLE_SIZES)).toBe('<p>sem imagem</p>');
    // A value that names an image is text: only the element is made responsive.
    const named = '<img src="/storage/v1/object/public/publications/a.gif" alt="<img src=x>">';
    expect(withResponsiveImages(named, ARTICLE_SIZES)).toBe(named.replace('">', '" loading="lazy" decoding="async">'));
  });
});
