import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, Plus } from 'lucide';
import { Icon } from '../../../components/ui/icon';
import { site } from '../../../config/site';
import { primaryButton } from '../../../components/ui/buttons';

/** A screen's title, with an optional back arrow (docs/product.md §2 forms) and actions on the right (e.g. 'Nova Vaga'). */
export function PageHeader({ title, backTo, actions }: { title: string; backTo?: string; actions?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
      <title>{`${title} | Painel | ${site.name}`}</title>
      <div className="flex items-center gap-2">
        {backTo && (
          <Link
            to={backTo}
            aria-label="Voltar"
            title="Voltar"
            className="inline-flex h-9 w-9 items-center justify-center rounded-md text-slate-700 hover:bg-slate-200"
          >
            <Icon node={ArrowLeft} className="h-5 w-5" />
          </Link>
        )}
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      </div>
      {actions && <div className="flex items-center gap-2">{actions}</div>}
    </div>
  );
}

/** The header's link to a create form ('Nova Publicação', 'Novo Obituário', ...). */
export function NewItemLink({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} className={primaryButton}>
      <Icon node={Plus} className="h-4 w-4" />
      {label}
    </Link>
  );
}
