import type { CampaignFigures } from '../../services/ad-campaigns';
import { clickThroughRate, formatClickThroughRate, formatCount } from '../../lib/ad-figures';
import { formatDate } from '../../lib/dates';
import { TitledSection } from '../ui/titled-section';

export const DAYS_CAPTION = 'Números da campanha por dia';

function Total({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-slate-900 tabular-nums">{value}</dd>
    </div>
  );
}

/**
 * A campaign's totals and its figures per day, as the newsroom's campaign page and the advertiser's report show them:
 * one view, so both read the same numbers the same way.
 */
export function CampaignFiguresView({ figures }: { figures: CampaignFigures }) {
  const totals = [
    { label: 'Impressões', value: formatCount(figures.impressions) },
    { label: 'Cliques', value: formatCount(figures.clicks) },
    { label: 'Taxa de cliques (CTR)', value: formatClickThroughRate(figures.clickThroughRate) },
  ];
  return (
    <>
      <section aria-labelledby="totais-titulo">
        <h2 id="totais-titulo" className="sr-only">
          Totais
        </h2>
        <dl className="grid gap-4 sm:grid-cols-3">
          {totals.map((total) => (
            <Total key={total.label} {...total} />
          ))}
        </dl>
      </section>

      <TitledSection id="dias-titulo" title="Por dia" className="space-y-3" headingClassName="text-xl font-bold text-slate-900">
        {figures.days.length === 0 ? (
          <p className="text-slate-700">Nenhuma impressão ou clique registrado até agora.</p>
        ) : (
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white" tabIndex={0} role="region" aria-label={DAYS_CAPTION}>
            <table className="w-full text-left text-xs sm:text-sm">
              <caption className="sr-only">{DAYS_CAPTION}</caption>
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  <th scope="col" className="px-2 py-2 sm:px-4 font-semibold">Dia</th>
                  <th scope="col" className="px-2 py-2 sm:px-4 text-right font-semibold">Impressões</th>
                  <th scope="col" className="px-2 py-2 sm:px-4 text-right font-semibold">Cliques</th>
                  <th scope="col" className="px-2 py-2 sm:px-4 text-right font-semibold">CTR</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {figures.days.map((day) => (
                  <tr key={day.day}>
                    <th scope="row" className="px-2 py-2 sm:px-4 font-normal text-slate-900">{formatDate(day.day)}</th>
                    <td className="px-2 py-2 sm:px-4 text-right tabular-nums">{formatCount(day.impressions)}</td>
                    <td className="px-2 py-2 sm:px-4 text-right tabular-nums">{formatCount(day.clicks)}</td>
                    <td className="px-2 py-2 sm:px-4 text-right tabular-nums">{formatClickThroughRate(clickThroughRate(day.impressions, day.clicks))}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </TitledSection>
    </>
  );
}
