import { Link } from 'react-router';
import { Briefcase, FileCheck2, FilePen, Flower2, Megaphone } from 'lucide';
import { Icon, type IconNode } from '../../../components/ui/icon';
import type { DashboardSummary } from '../../../services/dashboard';
import { formatDate } from '../../../lib/dates';
import { paths } from '../../../lib/paths';

interface Stat {
  label: string;
  value: number;
  to: string;
  icon: IconNode;
}

/** docs/product.md dashboard: the counts and the five most read publications. */
export function DashboardView({ summary }: { summary: DashboardSummary }) {
  const stats: Stat[] = [
    { label: 'Publicações publicadas', value: summary.publishedPublications, to: paths.admin.publications(), icon: FileCheck2 },
    { label: 'Rascunhos', value: summary.draftPublications, to: paths.admin.publications(), icon: FilePen },
    { label: 'Obituários', value: summary.obituaries, to: paths.admin.obituaries(), icon: Flower2 },
    { label: 'Vagas', value: summary.jobs, to: paths.admin.jobs(), icon: Briefcase },
    { label: 'Pedidos de mídia kit', value: summary.mediaKitRequests, to: paths.admin.mediaKit(), icon: Megaphone },
  ];
  return (
    <div className="space-y-8">
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5">
        {stats.map(({ label, value, to, icon }) => (
          <li key={label}>
            <Link to={to} className="flex h-full flex-col rounded-lg border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-600">
              <Icon node={icon} className="h-5 w-5 text-brand-700" />
              <span className="mt-3 text-3xl font-bold text-slate-900">{value}</span>
              <span className="mt-1 text-sm text-slate-700">{label}</span>
            </Link>
          </li>
        ))}
      </ul>
      <section aria-labelledby="most-read-heading" className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <h2 id="most-read-heading" className="text-lg font-semibold text-slate-900">
          Mais lidas
        </h2>
        {summary.mostRead.length === 0 ? (
          <p className="mt-3 text-slate-600">Nenhuma publicação publicada ainda.</p>
        ) : (
          <ol className="mt-3 divide-y divide-slate-200">
            {summary.mostRead.map((publication, index) => (
              <li key={publication.id} className="flex items-center gap-3 py-3 sm:gap-4">
                <span className="w-8 text-lg font-bold text-brand-700">{String(index + 1).padStart(2, '0')}</span>
                <div className="min-w-0 flex-1">
                  <Link to={paths.admin.publicationEdit(publication.id)} className="font-medium text-slate-900 hover:text-brand-700 hover:underline">
                    {publication.title}
                  </Link>
                  <p className="text-xs text-slate-600">
                    {publication.topics?.name ?? '-'} · {formatDate(publication.published_at)}
                    <span className="sm:hidden"> · {publication.views.toLocaleString('pt-BR')} visualizações</span>
                  </p>
                </div>
                <span className="hidden whitespace-nowrap text-sm text-slate-700 sm:inline">
                  {publication.views.toLocaleString('pt-BR')} {publication.views === 1 ? 'visualização' : 'visualizações'}
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
