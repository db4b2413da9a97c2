import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ErrorAlert } from '../../../components/ui/alert-message';
import { secondaryButton } from '../../../components/ui/buttons';
import { useHydrated } from '../../../lib/use-hydrated';
import type { ListFilter } from './search-filters';

/** One page of a list and where the next starts; null after the last page. */
export interface ListPage<T, C> {
  items: T[];
  next: C | null;
}

/** How long the filters wait after the last keystroke before asking the server. */
export const FILTER_DEBOUNCE_MS = 300;

export function isEmptyFilter({ search, date }: ListFilter): boolean {
  return !search.trim() && !date;
}

/** Calls `action` once `ms` have passed without another call; a pending call is dropped when the page goes away. */
export function useDebounced<Args extends unknown[]>(action: (...args: Args) => void, ms = FILTER_DEBOUNCE_MS) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (...args: Args) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => action(...args), ms);
  };
}

interface LoadMoreListProps<T, C> {
  first: ListPage<T, C>;
  loadMore: (after: C) => Promise<ListPage<T, C>>;
  /** Renders every item shown so far (the first page, then each page loaded after it). */
  children: (items: T[]) => ReactNode;
}

/** A list with 'Carregar mais' under it: each page is added to what is shown, until the last one. */
export function LoadMoreList<T, C>({ first, loadMore, children }: LoadMoreListProps<T, C>) {
  const [more, setMore] = useState<T[]>([]);
  const [next, setNext] = useState(first.next);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  // Loading more is the app's: in the server's HTML the button shows, disabled, until the app has started.
  const hydrated = useHydrated();

  function onLoadMore() {
    if (!next || loading) return;
    setLoading(true);
    setFailed(false);
    loadMore(next).then(
      (page) => {
        setMore((shown) => [...shown, ...page.items]);
        setNext(page.next);
        setLoading(false);
      },
      (error: unknown) => {
        console.error('Loading the next page failed', error);
        setFailed(true);
        setLoading(false);
      },
    );
  }

  return (
    <>
      {children([...first.items, ...more])}
      {failed && <ErrorAlert>Não foi possível carregar mais. Tente novamente.</ErrorAlert>}
      {next && (
        <div className="flex justify-center pt-4">
          <button type="button" className={secondaryButton} onClick={onLoadMore} disabled={loading || !hydrated} aria-busy={loading}>
            {loading ? 'Carregando...' : 'Carregar mais'}
          </button>
        </div>
      )}
    </>
  );
}
