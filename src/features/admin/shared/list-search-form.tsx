import type { ReactNode } from 'react';
import { Form } from 'react-router';
import { Search } from 'lucide';
import { Icon } from '../../../components/ui/icon';
import { secondaryButton } from '../../../components/ui/buttons';

/**
 * An admin list's search box: a GET form, so the query lands in the address (`?q=`) and the list's loader runs it;
 * `children` adds further filters (the status select). Keyed by the current query so Back shows what was searched.
 */
export function ListSearchForm({ q, resetKey, children }: { q: string; resetKey?: string; children?: ReactNode }) {
  return (
    <Form method="get" role="search" className="flex flex-wrap items-end gap-3" key={resetKey ?? q}>
      <label className="flex min-w-56 flex-1 flex-col gap-1 text-sm font-medium text-slate-700">
        Buscar
        <input
          type="search"
          name="q"
          defaultValue={q}
          className="rounded-md border border-slate-300 px-3 py-2 text-sm font-normal text-slate-900"
        />
      </label>
      {children}
      <button type="submit" className={secondaryButton}>
        <Icon node={Search} className="h-4 w-4" />
        Buscar
      </button>
    </Form>
  );
}
