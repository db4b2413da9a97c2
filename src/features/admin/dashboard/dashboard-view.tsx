import { Link } from 'react-router';
import { Briefcase, ClipboardCheck, FileCheck2, FilePen, Flower2, Inbox, Megaphone } from 'lucide';
import { Icon, type IconNode } from '../../../components/ui/icon';
import type { DashboardSummary } from '../../../services/dashboard';
import type { RunningCampaign } from '../../../services/ad-campaigns';
import { AD_SPACE_LABELS } from '../../../lib/ad-figures';
import { formatDate } from '../../../lib/dates';
import { paths } from '../../../lib/paths';
import { TitledSection } from '../../../components/ui/titled-section';

interface Stat {
  label: string;
  /** Null: not this role's work (docs/decisions/0037), and not shown. */
  value: number | null;
  to: string;
  icon: IconNode;
}

/**
 * docs/product.md dashboard: the counts and the five most read publications. A reporter's (`newsroom` false) shows
 * its stories and its review queue only, each leading to a screen it may use.
 */
export function DashboardView({ summary, newsroom = true }: { summary: DashboardSummary; newsroom?: boolean }) {
  const stats: Stat[] = [
    { label: 'Publicações publicadas', value: summary.publishedPublications, to: paths.admin.publications(), icon: FileCheck2 },
    { label: newsroom ? 'Rascunhos' : 'Meus rascunhos', value: summary.draftPublications, to: paths.admin.publications(), icon: FilePen },
    {
      label: newsroom ? 'Aguardando revisão' : 'Minhas em revisão',
      value: summary.inReview,
      to: newsroom ? paths.admin.review() : paths.admin.publications(),
      icon: ClipboardCheck,
    },
    { label: 'Obituários', value: summary.obituaries, to: paths.admin.obituaries(), icon: Flower2 },
    { label: 'Vagas', value: summary.jobs, to: paths.admin.jobs(), icon: Briefcase },
    { label: 'Pedidos de mídia kit', value: summary.mediaKitRequests, to: paths.admin.mediaKit(), icon: Megaphone },
    { label: 'Sugestões de pauta novas', value: summary.newTips, to: paths.admin.tips(), icon: Inbox },
  ];
  return (
    <div className="space-y-8">
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 xl:grid-cols-4">
        {stats.flatMap((stat) => (stat.value === null ? [] : [{ ...stat, value: stat.value }])).map(({ label, value, to, icon }) => (
          <li key={label}>
            <Link to={to} className="flex h-full flex-col rounded-lg border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-600">
              <Icon node={icon} className="h-5 w-5 text-brand-700" />
              <span className="mt-3 text-3xl font-bold text-slate-900">{value}</span>
              <span className="mt-1 text-sm text-slate-700">{label}</span>
            </Link>
          </li>
        ))}
      </ul>
      <TitledSection
        id="most-read-heading"
        title="Mais lidas"
        className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
        headingClassName="text-lg font-semibold text-slate-900"
      >
        {summary.mostRead.length === 0 ? (
          <p className="mt-3 text-slate-600">Nenhuma publicação publicada ainda.</p>
        ) : (
          <ol className="mt-3 divide-y divide-slate-200">
            {summary.mostRead.map((publication, index) => (
              <li key={publication.id} className="flex items-center gap-3 py-3 sm:gap-4">
                <span className="w-8 text-lg font-bold text-brand-700">{String(index + 1).padStart(2, '0')}</span>
                <div className="min-w-0 flex-1">
                  {newsroom ? (
                    <Link to={paths.admin.publicationEdit(publication.id)} className="font-medium text-slate-900 hover:text-brand-700 hover:underline">
                      {publication.title}
                    </Link>
                  ) : (
                    // A reporter edits only its own drafts: the story's page is where it reads a published one.
                    <Link to={paths.article(publication.id, publication.title)} className="font-medium text-slate-900 hover:text-brand-700 hover:underline">
                      {publication.title}
                    </Link>
                  )}
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
      </TitledSection>
      {summary.runningCampaigns && <RunningCampaigns campaigns={summary.runningCampaigns} today={summary.today} />}
    </div>
  );
}

/** YYYY-MM-DD, `days` after `day` (calendar arithmetic: no clock, no zone). */
export function dayAfter(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, (date ?? 1) + days)).toISOString().slice(0, 10);
}

/** What advertising is on the site today, and which campaigns end within the week (today and the 6 days after). */
function RunningCampaigns({ campaigns, today }: { campaigns: readonly RunningCampaign[]; today: string }) {
  const weekEnd = dayAfter(today, 6);
  const endingThisWeek = campaigns.filter((campaign) => campaign.ends_on <= weekEnd).length;
  return (
    <section aria-labelledby="running-ads-heading" className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="running-ads-heading" className="text-lg font-semibold text-slate-900">
          Anúncios no ar
        </h2>
        <Link to={paths.admin.ads()} className="text-sm font-medium text-brand-700 hover:underline">
          Ver todas as campanhas
        </Link>
      </div>
      {campaigns.length === 0 ? (
        <p className="mt-3 text-slate-600">Nenhuma campanha no ar hoje.</p>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-700">
            {campaigns.length === 1 ? '1 campanha no ar' : `${campaigns.length} campanhas no ar`}
            {' · '}
            {endingThisWeek === 0 ? 'nenhuma termina esta semana' : endingThisWeek === 1 ? '1 termina esta semana' : `${endingThisWeek} terminam esta semana`}
          </p>
          <ul className="mt-3 divide-y divide-slate-200">
            {campaigns.map((campaign) => (
              <li key={campaign.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-3">
                <Link to={paths.admin.adCampaign(campaign.id)} className="font-medium text-slate-900 hover:text-brand-700 hover:underline">
                  {campaign.advertiser}
                </Link>
                <span className="text-sm text-slate-600">{AD_SPACE_LABELS[campaign.space]}</span>
                <span className="ml-auto text-sm text-slate-700">
                  {campaign.ends_on <= weekEnd && (
                    <span className="mr-2 inline-flex rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
                      Termina esta semana
                    </span>
                  )}
                  até {formatDate(campaign.ends_on)}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
