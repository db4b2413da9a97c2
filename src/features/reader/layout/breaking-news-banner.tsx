/** @jsxRuntime automatic @jsxImportSource react */
// (The pragma: the edge handler renders this outside Vite, under npm start's tsx and wrangler's bundler, which read no tsconfig for it.)
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { BreakingNews } from '../../../services/breaking-news';
import { paths } from '../../../lib/paths';
import { Deferred, type Later } from '../components/deferred';

// Breaking news ('Plantão', docs/product.md §3, decision 0034): a strip under the masthead of every reader page,
// linking to the urgent story, until its end time.

/** The reader layout's loader data (route id `reader`; breaking-news-data.ts loads it). */
export interface ReaderLayoutData {
  breakingNews: Later<BreakingNews | null>;
}

/**
 * The slot's opening tag, as React renders it. The build prerenders the slot empty; a server host's render of the page
 * has the running banner in it (decision 0048), so the banner is in the HTML and nothing moves.
 */
export const BREAKING_NEWS_SLOT = '<div data-breaking-news="">';

/** The banner itself; the edge handler renders this same component into a built page's slot. */
export function BreakingNewsBanner({ news }: { news: BreakingNews }) {
  return (
    <section aria-label="Plantão" className="bg-red-700 text-white">
      <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-2">
        <span className="shrink-0 rounded bg-white px-2 py-0.5 text-xs font-bold uppercase tracking-wide text-red-800">
          Plantão
        </span>
        <Link to={paths.article(news.id, news.title)} className="line-clamp-2 min-w-0 font-semibold leading-snug underline-offset-2 hover:underline">
          {news.title}
        </Link>
      </div>
    </section>
  );
}

/** True once `until` has passed, on the reader's clock; it turns true at that instant while the page stays open. */
function useEnded(until: string | null): boolean {
  const [endedAt, setEndedAt] = useState<string | null>(null);
  useEffect(() => {
    if (until === null) return;
    // At most 24 hours ahead (the database's limit): well within a timer's range. Already past: the next task.
    const timer = setTimeout(() => setEndedAt(until), Math.max(0, Date.parse(until) - Date.now()));
    return () => clearTimeout(timer);
  }, [until]);
  return until !== null && endedAt === until;
}

function RunningBanner({ news }: { news: BreakingNews | null }) {
  // The first render matches the HTML (the server saw it running); a page kept past the end drops it right after.
  const ended = useEnded(news?.urgentUntil ?? null);
  return news && !ended ? <BreakingNewsBanner news={news} /> : null;
}

/** The banner's slot: empty without a running story, so it takes no room. */
export function BreakingNewsSlot({ news }: { news: Later<BreakingNews | null> }) {
  return (
    <div data-breaking-news="">
      <Deferred promise={news} fallback={null} errorElement={null}>
        {(value) => <RunningBanner news={value} />}
      </Deferred>
    </div>
  );
}
