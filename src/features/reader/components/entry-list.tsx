import type { ReactNode } from 'react';

interface EntryListProps<T> {
  entries: T[];
  /** Said instead of the list when there are none, in pt-BR ('Nenhuma vaga aberta no momento.'). */
  empty: string;
  /** The list's spacing between entries. */
  className: string;
  children: (entry: T) => ReactNode;
}

/** A community list (jobs, obituaries) as one list item per entry, or a line saying there are none. */
export function EntryList<T extends { id: string }>({ entries, empty, className, children }: EntryListProps<T>) {
  if (entries.length === 0) {
    return <p className="py-12 text-center text-lg font-semibold text-slate-900">{empty}</p>;
  }
  return (
    <ul className={className}>
      {entries.map((entry) => (
        <li key={entry.id}>{children(entry)}</li>
      ))}
    </ul>
  );
}
