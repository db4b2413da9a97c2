import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { AudiencePeriod, AudienceReport, GroupFigures, SourceDay, VitalFigures } from '../../../services/audience';
import { AUDIENCE_PERIODS } from '../../../services/audience';
import {
  deviceLabel,
  formatCount,
  formatDepth,
  formatShare,
  formatVital,
  METRIC_LABELS,
  pageTypeLabel,
  periodLabel,
  rateVital,
  RATING_LABELS,
  sourceLabel,
  type VitalRating,
} from '../../../lib/audience-figures';
import { formatDate } from '../../../lib/dates';
import { paths } from '../../../lib/paths';
import { TitledSection } from '../../../components/ui/titled-section';
import { FigureTable, type FigureColumn, type FigureRow } from './figure-table';
import { StackedBars, type Series } from './stacked-bars';

// The 'Audiência' screen's figures for one period (docs/decisions/0053): every section a table with 'Baixar CSV';
// the sources over time also a chart, whose numbers are its table.

const SOURCE_COLORS: Record<string, string> = {
  whatsapp: '#15803d',
  facebook: '#1d4ed8',
  instagram: '#be185d',
  x: '#0f172a',
  'google-search': '#b45309',
  'google-discover': '#7c3aed',
  'google-news': '#0e7490',
  search: '#a16207',
  digest: '#dc2626',
  campaign: '#4d7c0f',
  site: '#64748b',
  direct: '#94a3b8',
};

const heading = 'text-xl font-bold text-slate-900';

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="text-sm font-medium text-slate-700">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-slate-900 tabular-nums">{value}</dd>
      {note && <dd className="mt-1 text-xs text-slate-600">{note}</dd>}
    </div>
  );
}

export function PeriodSwitch({ period }: { period: AudiencePeriod }) {
  return (
    <nav aria-label="Período" className="flex flex-wrap gap-2">
      {AUDIENCE_PERIODS.map((days) => (
        <Link
          key={days}
          to={paths.admin.audience(days)}
          aria-current={days === period ? 'page' : undefined}
          className={`rounded-md border px-3 py-1.5 text-sm font-medium ${
            days === period ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'
          }`}
        >
          {periodLabel(days)}
        </Link>
      ))}
    </nav>
  );
}

function fileName(what: string, period: AudiencePeriod, today: string): string {
  return `audiencia-${what}-${period === 1 ? 'hoje' : `${period}-dias`}-${today}.csv`;
}

function Totals({ report, readersNow }: { report: AudienceReport; readersNow: ReactNode }) {
  const { totals } = report;
  return (
    <section aria-label="Resumo do período" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {readersNow}
      <dl className="contents">
        <Figure label="Visualizações" value={formatCount(totals.views)} />
        <Figure label="Leitores únicos" value={formatCount(totals.readers)} note="Somados dia a dia: o leitor não é seguido de um dia para o outro." />
        <Figure label="Leitura média das matérias" value={formatDepth(totals, totals.storyViews)} note={`${formatShare(totals.read100, totals.storyViews)} leram até o fim`} />
      </dl>
    </section>
  );
}

function TopStories({ report, today }: { report: AudienceReport; today: string }) {
  const columns: FigureColumn[] = [
    { header: 'Matéria' },
    { header: 'Visualizações', numeric: true },
    { header: 'Leitores únicos', numeric: true },
    { header: 'Leitura média', numeric: true },
    { header: 'Leram 25%', numeric: true },
    { header: 'Leram 50%', numeric: true },
    { header: 'Leram 75%', numeric: true },
    { header: 'Leram até o fim', numeric: true },
    { header: 'Principais fontes' },
  ];
  const rows: FigureRow[] = report.topStories.map((story) => {
    const sources = story.sources.map((source) => `${sourceLabel(source.source)} (${formatCount(source.views)})`).join(', ');
    return {
      key: story.publicationId,
      cells: [
        <Link key="title" to={paths.admin.publicationEdit(story.publicationId)} className="font-medium text-brand-700 underline">
          {story.title}
        </Link>,
        formatCount(story.views),
        formatCount(story.readers),
        formatDepth(story, story.views),
        formatShare(story.read25, story.views),
        formatShare(story.read50, story.views),
        formatShare(story.read75, story.views),
        formatShare(story.read100, story.views),
        sources,
      ],
      csv: [story.title, story.views, story.readers, formatDepth(story, story.views), story.read25, story.read50, story.read75, story.read100, sources],
    };
  });
  return (
    <TitledSection id="materias-titulo" title="Matérias mais lidas" className="space-y-3" headingClassName={heading}>
      <FigureTable caption="Matérias mais lidas no período" fileName={fileName('materias', report.period, today)} columns={columns} rows={rows} empty="Nenhuma matéria lida neste período." />
    </TitledSection>
  );
}

function Groups({ id, title, first, groups, what, report, today }: { id: string; title: string; first: string; groups: GroupFigures[]; what: string; report: AudienceReport; today: string }) {
  const columns: FigureColumn[] = [
    { header: first },
    { header: 'Matérias lidas', numeric: true },
    { header: 'Visualizações', numeric: true },
    { header: 'Leram até o fim', numeric: true },
  ];
  const rows: FigureRow[] = groups.map((group) => ({
    key: group.name,
    cells: [group.name, formatCount(group.stories), formatCount(group.views), formatShare(group.read100, group.views)],
    csv: [group.name, group.stories, group.views, group.read100],
  }));
  return (
    <TitledSection id={id} title={title} className="space-y-3" headingClassName={heading}>
      <FigureTable caption={`${title} no período`} fileName={fileName(what, report.period, today)} columns={columns} rows={rows} empty="Nenhuma matéria lida neste período." />
    </TitledSection>
  );
}

/** Days as rows, the period's sources as columns (most viewed first): the chart's numbers. */
export function sourcesByDay(days: readonly SourceDay[]): { sources: string[]; rows: { day: string; values: Record<string, number> }[] } {
  const totals = new Map<string, number>();
  const byDay = new Map<string, Record<string, number>>();
  for (const entry of days) {
    totals.set(entry.source, (totals.get(entry.source) ?? 0) + entry.views);
    const values = byDay.get(entry.day) ?? {};
    values[entry.source] = (values[entry.source] ?? 0) + entry.views;
    byDay.set(entry.day, values);
  }
  const sources = [...totals.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([source]) => source);
  const rows = [...byDay.entries()].sort((a, b) => a[0].localeCompare(b[0])).map(([day, values]) => ({ day, values }));
  return { sources, rows };
}

function Sources({ report, today }: { report: AudienceReport; today: string }) {
  const { sources, rows } = sourcesByDay(report.sources);
  const series: Series[] = sources.map((source) => ({ key: source, label: sourceLabel(source), color: SOURCE_COLORS[source] ?? '#475569' }));
  const columns: FigureColumn[] = [{ header: 'Dia' }, ...sources.map((source) => ({ header: sourceLabel(source), numeric: true }))];
  const tableRows: FigureRow[] = rows.map((row) => ({
    key: row.day,
    cells: [formatDate(row.day), ...sources.map((source) => formatCount(row.values[source] ?? 0))],
    csv: [row.day, ...sources.map((source) => row.values[source] ?? 0)],
  }));
  return (
    <TitledSection id="fontes-titulo" title="De onde vieram os leitores" className="space-y-3" headingClassName={heading}>
      {rows.length > 0 && (
        <StackedBars title="Visualizações por dia e fonte" series={series} bars={rows.map((row) => ({ label: formatDate(row.day).slice(0, 5), values: row.values }))} />
      )}
      <FigureTable caption="Visualizações por dia e fonte" fileName={fileName('fontes', report.period, today)} columns={columns} rows={tableRows} empty="Nenhuma visita registrada neste período." />
    </TitledSection>
  );
}

function Digest({ report, today }: { report: AudienceReport; today: string }) {
  const { digest } = report;
  const columns: FigureColumn[] = [{ header: 'Matéria' }, { header: 'Edição da newsletter' }, { header: 'Cliques', numeric: true }];
  const rows: FigureRow[] = digest.clicks.map((click) => ({
    key: `${click.campaign}:${click.publicationId ?? ''}`,
    cells: [click.title ?? 'Outras páginas', click.campaign || '—', formatCount(click.clicks)],
    csv: [click.title ?? 'Outras páginas', click.campaign, click.clicks],
  }));
  return (
    <TitledSection id="newsletter-titulo" title="Newsletter" className="space-y-3" headingClassName={heading}>
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Figure label="Envios" value={formatCount(digest.sends.sends)} />
        <Figure label="E-mails entregues" value={formatCount(digest.sends.sent)} note={`de ${formatCount(digest.sends.recipients)} destinatários`} />
        <Figure label="Cliques nas matérias" value={formatCount(digest.clicks.reduce((sum, click) => sum + click.clicks, 0))} />
        <Figure label="Descadastros" value={formatCount(digest.unsubscribes)} />
      </dl>
      <FigureTable caption="Cliques da newsletter por matéria" fileName={fileName('newsletter', report.period, today)} columns={columns} rows={rows} empty="Nenhum clique vindo da newsletter neste período." />
    </TitledSection>
  );
}

const RATING_TONES: Record<VitalRating, string> = {
  good: 'bg-green-100 text-green-900',
  'needs-improvement': 'bg-amber-100 text-amber-900',
  poor: 'bg-red-100 text-red-900',
};

function Vitals({ vitals, report, today }: { vitals: VitalFigures[]; report: AudienceReport; today: string }) {
  const columns: FigureColumn[] = [
    { header: 'Página' },
    { header: 'Dispositivo' },
    { header: 'Métrica' },
    { header: 'p75', numeric: true },
    { header: 'Avaliação' },
    { header: 'Visitas boas', numeric: true },
    { header: 'Amostras', numeric: true },
  ];
  const rows: FigureRow[] = vitals.map((vital) => {
    const rating = vital.p75 === null ? null : rateVital(vital.metric, vital.p75);
    return {
      key: `${vital.pageType}:${vital.device}:${vital.metric}`,
      cells: [
        pageTypeLabel(vital.pageType),
        deviceLabel(vital.device),
        METRIC_LABELS[vital.metric],
        formatVital(vital.metric, vital.p75),
        rating ? <span className={`inline-block rounded px-2 py-0.5 text-xs font-semibold ${RATING_TONES[rating]}`}>{RATING_LABELS[rating]}</span> : '—',
        formatShare(vital.good, vital.samples),
        formatCount(vital.samples),
      ],
      csv: [pageTypeLabel(vital.pageType), deviceLabel(vital.device), vital.metric, vital.p75 ?? '', rating ? RATING_LABELS[rating] : '', vital.good, vital.samples],
    };
  });
  return (
    <TitledSection id="velocidade-titulo" title="Velocidade para os leitores (Web Vitals)" className="space-y-3" headingClassName={heading}>
      <p className="text-sm text-slate-700">
        O valor que 75% das visitas alcançaram ou superaram (p75), medido nos aparelhos dos leitores. Bom: LCP até 2,5 s, INP até 200 ms, CLS até 0,1.
      </p>
      <FigureTable caption="Web Vitals por página e dispositivo" fileName={fileName('web-vitals', report.period, today)} columns={columns} rows={rows} empty="Nenhuma medição de velocidade neste período." />
    </TitledSection>
  );
}

export function AudienceFigures({ report, today, readersNow }: { report: AudienceReport; today: string; readersNow: ReactNode }) {
  return (
    <div className="space-y-8">
      <Totals report={report} readersNow={readersNow} />
      <TopStories report={report} today={today} />
      <div className="grid gap-8 xl:grid-cols-2">
        <Groups id="topicos-titulo" title="Tópicos" first="Tópico" groups={report.topics} what="topicos" report={report} today={today} />
        <Groups id="autores-titulo" title="Autores" first="Assinatura" groups={report.authors} what="autores" report={report} today={today} />
      </div>
      <Sources report={report} today={today} />
      <Digest report={report} today={today} />
      <Vitals vitals={report.vitals} report={report} today={today} />
    </div>
  );
}
