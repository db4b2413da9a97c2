import type { CampaignReport } from '../../../services/ad-campaigns';
import { AD_SPACE_LABELS, CAMPAIGN_STATE_LABELS } from '../../../lib/ad-figures';
import { CampaignFiguresView } from '../../../components/ads/campaign-figures';
import { formatDate } from '../../../lib/dates';
import { paths } from '../../../lib/paths';
import { ReaderNotFound } from '../components/reader-not-found';
import { useDocumentMeta } from '../components/use-document-meta';

export const AD_REPORT_TITLE = 'Relatório da campanha';

/** The advertiser's figures, as the newsroom's admin shows them, read-only and without sign-in. */
export function AdReportView({ report }: { report: CampaignReport }) {
  useDocumentMeta(`${AD_REPORT_TITLE}: ${report.advertiser}`);
  return (
    <article className="mx-auto max-w-3xl space-y-8">
      <header className="space-y-2">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{AD_REPORT_TITLE}</p>
        <h1 className="font-serif text-3xl font-bold text-slate-900">{report.advertiser}</h1>
        <dl className="grid gap-x-6 gap-y-1 text-slate-700 sm:grid-cols-[auto_1fr]">
          <dt className="font-semibold text-slate-900">Espaço</dt>
          <dd>{AD_SPACE_LABELS[report.space]}</dd>
          <dt className="font-semibold text-slate-900">Período</dt>
          <dd>
            {formatDate(report.startsOn)} a {formatDate(report.endsOn)}
          </dd>
          <dt className="font-semibold text-slate-900">Situação</dt>
          <dd>{CAMPAIGN_STATE_LABELS[report.state]}</dd>
        </dl>
      </header>

      <CampaignFiguresView figures={report} />

      <p className="text-sm text-slate-600">
        Uma impressão conta quando ao menos metade do anúncio fica visível na tela por um segundo; um clique, quando o
        leitor segue o link. Cada leitor conta no máximo uma vez por hora, robôs de busca não contam, e nenhum cookie ou
        dado pessoal é guardado. Dias em horário de Brasília.
      </p>
    </article>
  );
}

export function AdReportNotFound() {
  return (
    <ReaderNotFound
      title="Relatório não encontrado"
      message="Este link de relatório não existe ou foi revogado pela redação. Peça um novo link à equipe comercial."
      back={{ to: paths.advertising(), label: 'Anuncie conosco' }}
    />
  );
}

export function AdReportSkeleton() {
  return (
    <div className="mx-auto max-w-3xl animate-pulse space-y-6" aria-busy="true" aria-label="Carregando o relatório">
      <div className="h-8 w-2/3 rounded bg-slate-200" />
      <div className="grid gap-4 sm:grid-cols-3">
        <div className="h-20 rounded bg-slate-200" />
        <div className="h-20 rounded bg-slate-200" />
        <div className="h-20 rounded bg-slate-200" />
      </div>
      <div className="h-40 rounded bg-slate-200" />
    </div>
  );
}
