import { useState, type Dispatch, type SetStateAction } from 'react';
import { awaitedLater } from './deferred';
import { isEmptyFilter, useDebounced } from './paged-list';
import { NO_FILTER, type ListFilter } from './search-filters';

/** What a filtered list shows: the filters it was asked for, its first page under them, and which request it is. */
export interface FilteredRequest<P> {
  filter: ListFilter;
  page: P;
  /** Counts the requests, so a list keyed by it starts over with each one. */
  request: number;
}

/**
 * A list page's filters when the server applies them: the fields change as the reader types, the list asks once
 * typing pauses. Without filters the list is `unfiltered` (what the page's loader gave); `retry` asks again at once
 * under the list's own filters, since it keeps its own request rather than the loader's.
 */
export function useServerFilter<U, T>(unfiltered: U, load: (filter: ListFilter) => Promise<T>) {
  const [filter, setFilter] = useState(NO_FILTER);
  const [shown, setShown] = useState<FilteredRequest<U | Promise<T>>>({ filter: NO_FILTER, page: unfiltered, request: 0 });

  const ask = useDebounced((next: ListFilter) =>
    setShown((current) => ({
      filter: next,
      page: isEmptyFilter(next) ? unfiltered : awaitedLater(load(next)),
      request: current.request + 1,
    })),
  );
  const onChange: Dispatch<SetStateAction<ListFilter>> = (update) => {
    const next = typeof update === 'function' ? update(filter) : update;
    setFilter(next);
    ask(next);
  };
  const retry = () =>
    setShown((current) => ({ ...current, page: awaitedLater(load(current.filter)), request: current.request + 1 }));

  return { filter, onChange, shown, retry };
}
