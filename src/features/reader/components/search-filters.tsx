import { useId, useLayoutEffect, useRef, type ChangeEvent, type Dispatch, type SetStateAction } from 'react';
import { Search } from 'lucide';
import { Icon } from '../../../components/ui/icon';

/** What a list page's filters hold; what the text must match (a title, a name) is the page's filter function's. */
export interface ListFilter {
  search: string;
  /** YYYY-MM-DD, from the date field; empty means any day. */
  date: string;
}

export const NO_FILTER: ListFilter = { search: '', date: '' };

interface SearchFiltersProps {
  filter: ListFilter;
  onChange: Dispatch<SetStateAction<ListFilter>>;
  /** The search box's accessible name ('Buscar notícias'); its placeholder is the same text with '...'. */
  searchLabel: string;
  /** The visible label of the date field ('Data', 'Data do falecimento'). */
  dateLabel: string;
}

/** A list page's filters, applied in the browser as the reader types: a text search and one day. */
export function SearchFilters({ filter, onChange, searchLabel, dateLabel }: SearchFiltersProps) {
  const searchId = useId();
  const dateId = useId();
  const searchField = useRef<HTMLInputElement>(null);
  const dateField = useRef<HTMLInputElement>(null);
  // The page arrives with its filters in the server's HTML: what a reader typed before the app ran is in the fields
  // but not yet in the filter. Taken up as the app takes over the fields, before its next render would clear them.
  useLayoutEffect(() => {
    const typed = { search: searchField.current?.value ?? filter.search, date: dateField.current?.value ?? filter.date };
    if (typed.search !== filter.search || typed.date !== filter.date) onChange(typed);
    // Once, when the fields are taken over; later values are the app's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const change = (key: keyof ListFilter) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.target.value;
    onChange((current) => ({ ...current, [key]: value }));
  };
  return (
    <search className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:flex-row">
      <div className="relative flex-1">
        <label htmlFor={searchId} className="sr-only">
          {searchLabel}
        </label>
        <Icon node={Search} className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500" />
        <input
          ref={searchField}
          id={searchId}
          type="search"
          placeholder={`${searchLabel}...`}
          value={filter.search}
          onChange={change('search')}
          className="w-full rounded-md border border-slate-300 py-2 pl-9 pr-3 text-slate-900 placeholder:text-slate-500"
        />
      </div>
      {/* On a narrow phone the date field goes under its label, full width, rather than past the box's edge. */}
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={dateId} className="whitespace-nowrap text-sm font-medium text-slate-700">
          {dateLabel}
        </label>
        <input
          ref={dateField}
          id={dateId}
          type="date"
          value={filter.date}
          onChange={change('date')}
          className="min-w-0 flex-auto rounded-md border border-slate-300 px-3 py-2 text-slate-900 sm:flex-none"
        />
      </div>
    </search>
  );
}
