import type { CampaignReport } from '../../../services/ad-campaigns';
import { AD_SPACE_LABELS, CAMPAIGN_STATE_LABELS, clickThroughRate, formatClickThroughRate, formatCount } from '../../../lib/ad-figures';
import { formatDate } from '../../../lib/dates';
import { paths } from '../../../lib/paths';
import { ReaderNotFound } from '../components/reader-not-found';
import { useDocumentMeta } from '../components/use-document-meta';

export const AD_REPORT_TITLE = 'Relatório da campanha';

/** The advertiser's figures, as the newsroom's admin shows them, read-only and without sign-in. */
export function AdReportView({ report }: { report: CampaignReport }) {
  useDocumentMeta(`${AD_REPORT_TITLE}: ${report.advertiser}`);
  const totals = [
    { label: 'Impressões', value: formatCount(report.impressions) },
    { label: 'Cliques', value: formatCount(report.clicks) },
    { label: 'Taxa de cliques (CTR)', value: formatClickThroughRate(report.clickThroughRate) },
  ];
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

      <section aria-labelledby="totais-titulo">
        <h2 id="totais-titulo" className="sr-only">
          Totais
        </h2>
        <dl className="grid gap-4 sm:grid-cols-3">
          {totals.map(({ label, value }) => (
            <div key={label} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
              <dt className="text-sm text-slate-600">{label}</dt>
              <dd className="mt-1 text-2xl font-bold text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="dias-titulo" className="space-y-3">
        <h2 id="dias-titulo" className="text-xl font-bold text-slate-900">
          Por dia
        </h2>
        {report.days.length === 0 ? (
          <p className="text-slate-700">Nenhuma impressão ou clique registrado até agora.</p>
        ) : (
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
            <table className="w-full text-left text-sm">
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  <th scope="col" className="px-4 py-2 font-semibold">Dia</th>
                  <th scope="col" className="px-4 py-2 text-right font-semibold">Impressões</th>
                  <th scope="col" className="px-4 py-2 text-right font-semibold">Cliques</th>
                  <th scope="col" className="px-4 py-2 text-right font-semibold">CTR</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {report.days.map((day) => (
                  <tr key={day.day}>
                    <th scope="row" className="px-4 py-2 font-normal text-slate-900">{formatDate(day.day)}</th>
                    <td className="px-4 py-2 text-right tabular-nums">{formatCount(day.impressions)}</td>
                    <td className="px-4 py-2 text-right tabular-nums">{formatCount(day.clicks)}</td>
                    <td className="px-4 py-2 text-right tabular-nums">{formatClickThroughRate(clickThroughRate(day.impressions, day.clicks))}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

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
