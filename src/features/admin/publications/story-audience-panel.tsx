import { useEffect, useState } from 'react';
import type { StoryAudience } from '../../../services/audience';
import { formatCount, formatDepth, formatShare, sourceLabel } from '../../../lib/audience-figures';

type PanelState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; figures: StoryAudience };

/**
 * The story form's 'Audiência' panel (issue 38): the story's views, readers, read depth and top sources over the last
 * 30 days. Shown to Administradores and Editores only (the database refuses anyone else); it asks once when the form
 * opens, beside the form's own data, so a slow answer never holds the form back.
 */
export function StoryAudiencePanel({ load }: { load: () => Promise<StoryAudience> }) {
  const [state, setState] = useState<PanelState>({ status: 'loading' });
  useEffect(() => {
    let cancelled = false;
    load().then(
      (figures) => {
        if (!cancelled) setState({ status: 'ready', figures });
      },
      (error: unknown) => {
        console.error(error);
        if (!cancelled) setState({ status: 'failed' });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [load]);

  return (
    <section aria-labelledby="audiencia-materia-titulo" className="mb-6 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="audiencia-materia-titulo" className="text-base font-semibold text-slate-900">
        Audiência nos últimos 30 dias
      </h2>
      {state.status === 'loading' && <p className="mt-2 text-sm text-slate-700">Carregando os números…</p>}
      {state.status === 'failed' && <p className="mt-2 text-sm text-red-800">Não foi possível carregar a audiência desta matéria.</p>}
      {state.status === 'ready' && <Figures figures={state.figures} />}
    </section>
  );
}

function Figures({ figures }: { figures: StoryAudience }) {
  if (figures.views === 0) return <p className="mt-2 text-sm text-slate-700">Nenhuma leitura registrada nos últimos 30 dias.</p>;
  const items: [string, string][] = [
    ['Visualizações', formatCount(figures.views)],
    ['Leitores únicos', formatCount(figures.readers)],
    ['Leitura média', formatDepth(figures, figures.views)],
    ['Leram até o fim', formatShare(figures.read100, figures.views)],
  ];
  return (
    <>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {items.map(([term, value]) => (
          <div key={term}>
            <dt className="text-xs font-medium text-slate-700">{term}</dt>
            <dd className="text-lg font-bold text-slate-900 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {figures.sources.length > 0 && (
        <p className="mt-3 text-sm text-slate-700">
          <span className="font-medium">Principais fontes:</span>{' '}
          {figures.sources.map((source) => `${sourceLabel(source.source)} (${formatCount(source.views)})`).join(', ')}
        </p>
      )}
    </>
  );
}
