/** @jsxRuntime automatic @jsxImportSource react */
// (The pragma: the edge handler renders this outside Vite, under npm start's tsx and wrangler's bundler, which read no tsconfig for it.)
import type { NewsArticle } from '../../../services/news/news-article';

// docs/product.md §12: a story paid for by a sponsor says so wherever a reader meets it. Words, not a colour alone, so a
// screen reader and a reader who cannot tell the colours apart get it too; amber as the demo badge, apart from the
// brand's colours that mark the newsroom's own labels.

const LABEL = 'Conteúdo patrocinado';
const COLOURS = 'rounded bg-amber-100 font-semibold text-amber-900';

type Sponsored = Pick<NewsArticle, 'sponsorName'>;

/**
 * On a card or in a list: the label alone, sized to sit in an existing line of text (by default the card's meta line,
 * where it must not shrink); `className` replaces that placement and padding.
 */
export function SponsoredLabel({ article, className = 'shrink-0 px-1' }: { article: Sponsored; className?: string }) {
  if (!article.sponsorName) return null;
  return <span className={`${COLOURS} ${className}`}>{LABEL}</span>;
}

/** On the story's page, by its date: the label with the sponsor's name. */
export function SponsorNotice({ article }: { article: Sponsored }) {
  if (!article.sponsorName) return null;
  return (
    <span className={`${COLOURS} px-2 py-0.5 text-xs ring-1 ring-amber-300`}>
      {/* One text node: the server's HTML carries the sentence whole, with no comment between its parts. */}
      {`${LABEL} por ${article.sponsorName}`}
    </span>
  );
}
