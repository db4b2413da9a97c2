import { Link } from 'react-router';
import { secondaryButton } from './buttons';

interface PagerProps {
  /** What the page is ('Página 2 de 14 · 327 publicações'). */
  summary: string;
  /** The previous page's address, or null on the first page. */
  previousHref: string | null;
  /** The next page's address, or null on the last page. */
  nextHref: string | null;
}

/** A list's page navigation: where the reader is, and the 'Anterior' / 'Próxima' links where there is such a page. */
export function Pager({ summary, previousHref, nextHref }: PagerProps) {
  return (
    <nav aria-label="Paginação" className="flex flex-wrap items-center justify-between gap-3 py-2">
      <p className="text-sm text-slate-600">{summary}</p>
      <div className="flex gap-2">
        {previousHref !== null && (
          <Link to={previousHref} rel="prev" className={secondaryButton}>
            Anterior
          </Link>
        )}
        {nextHref !== null && (
          <Link to={nextHref} rel="next" className={secondaryButton}>
            Próxima
          </Link>
        )}
      </div>
    </nav>
  );
}

/** 'Página 2 de 14 · 327 publicações'; without a total, 'Página 2'. `noun` is [singular, plural]. */
export function pageSummary(page: number, pageSize: number, total: number | null, noun: readonly [string, string]): string {
  if (total === null) return `Página ${page}`;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return `Página ${page} de ${pages} · ${total} ${total === 1 ? noun[0] : noun[1]}`;
}
