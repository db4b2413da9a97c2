/** @jsxRuntime automatic @jsxImportSource react */
// (The pragma: the edge handler renders this outside Vite, under npm start's tsx and wrangler's bundler, which read no tsconfig for it.)
import { Link } from 'react-router';
import type { NewsArticle } from '../../../services/news/news-article';
import { HERO_SIZES } from '../../../lib/image-renditions';
import { NewsArticleImage } from '../components/article-image';
import { articleLink } from '../components/article-link';
import { LEAD_STORY_MARKER } from './lead-story-data';
import { DemoBadge } from '../components/demo-badge';
import { SponsoredLabel } from '../components/sponsored-label';

/** docs/product.md §2 featured banner: 500 px hero with category badge, title and description; the whole banner opens the story. */
export function FeaturedStory({ article }: { article: NewsArticle }) {
  const link = articleLink(article);
  // The marker lets the edge handler put the lead story in place of the prerendered sample (lead-story-data.ts).
  const marker = { [LEAD_STORY_MARKER]: '' };
  return (
    <article
      {...marker}
      className="relative h-[500px] overflow-hidden rounded-lg bg-slate-800 focus-within:ring-2 focus-within:ring-brand-600 focus-within:ring-offset-2"
    >
      <NewsArticleImage article={article} width={1200} height={500} sizes={HERO_SIZES} priority className="absolute inset-0 h-full w-full object-cover" />
      <div className="absolute inset-0 bg-gradient-to-t from-slate-950/95 via-slate-950/60 to-transparent" />
      <div className="absolute inset-x-0 bottom-0 space-y-3 p-6 text-white sm:p-8">
        <span className="inline-block rounded bg-accent px-3 py-1 text-xs font-semibold uppercase tracking-wide text-white">
          {article.category}
        </span>
        <DemoBadge article={article} className="ml-2" />
        <SponsoredLabel article={article} className="ml-2 inline-block px-2 py-1 text-xs" />
        <h2 className="font-serif text-2xl font-bold leading-tight sm:text-4xl">
          <Link to={link.to} state={link.state} className="outline-none after:absolute after:inset-0 hover:underline">
            {article.title}
          </Link>
        </h2>
        <p className="line-clamp-3 max-w-3xl text-sm text-slate-100 sm:text-base">{article.description}</p>
      </div>
    </article>
  );
}

/** The hero's place while a lead story loads (a visit after the first): the same size, so nothing moves. */
export function FeaturedStorySkeleton() {
  return <div role="status" aria-label="Carregando manchete" className="h-[500px] animate-pulse rounded-lg bg-slate-200" />;
}
