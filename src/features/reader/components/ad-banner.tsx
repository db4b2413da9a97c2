import { Link } from 'react-router';
import { paths } from '../../../lib/paths';

const HEIGHTS = { small: 'h-[120px]', medium: 'h-[250px]', large: 'h-[400px]' } as const;

/** docs/product.md §2 ad placeholder: 120, 250 or 400 px high; 'Saiba mais' opens the advertising page. */
export function AdBanner({ size }: { size: keyof typeof HEIGHTS }) {
  return (
    <aside
      aria-label="Publicidade"
      className={`${HEIGHTS[size]} flex flex-col items-center justify-center gap-3 rounded-lg border border-dashed border-slate-300 bg-slate-100 px-4 text-center`}
    >
      <p className="text-sm font-semibold uppercase tracking-wide text-slate-600">Espaço Publicitário</p>
      <Link
        to={paths.advertising()}
        className="rounded-md bg-brand-800 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
      >
        Saiba mais
      </Link>
    </aside>
  );
}
