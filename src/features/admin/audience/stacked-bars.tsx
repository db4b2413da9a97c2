// A small stacked bar chart in SVG (docs/decisions/0053): one bar per day, one colour per series, drawn by React
// like the rest of the screen, so the admin's chunk carries no charting library. The chart is a picture for sighted
// readers (aria-hidden): its numbers are the table the screen shows beside it, which screen readers read instead.

export interface StackedBar {
  label: string;
  /** Value per series key; a missing key is 0. */
  values: Record<string, number>;
}

export interface Series {
  key: string;
  label: string;
  color: string;
}

/** Drawn twice, at a phone's width and a desktop's, so its 11-unit labels stay about 11 px on either. */
const WIDTHS = { phone: 360, desktop: 720 } as const;
const HEIGHT = 220;
const AXIS = 28;
const TOP = 8;

/** A round upper bound for the axis: 1, 2 or 5 times a power of ten at or above the largest value. */
export function niceCeiling(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  return ([1, 2, 5, 10].map((step) => step * power).find((candidate) => candidate >= value) ?? 10 * power);
}

function Chart({ bars, series, width, className }: { bars: readonly StackedBar[]; series: readonly Series[]; width: number; className: string }) {
  const totals = bars.map((bar) => series.reduce((sum, entry) => sum + (bar.values[entry.key] ?? 0), 0));
  const ceiling = niceCeiling(Math.max(0, ...totals));
  const plotHeight = HEIGHT - AXIS - TOP;
  const slot = (width - AXIS) / Math.max(bars.length, 1);
  const barWidth = Math.max(2, Math.min(48, slot * 0.7));
  // Every label when they fit; on a month, one in every few so they never overlap (about 80 units each).
  const labelEvery = Math.max(1, Math.ceil(bars.length / (width / 80)));
  return (
    <svg viewBox={`0 0 ${width} ${HEIGHT}`} className={`h-auto w-full ${className}`} aria-hidden="true" focusable="false">
      <line x1={AXIS} y1={TOP + plotHeight} x2={width} y2={TOP + plotHeight} stroke="#94a3b8" />
      <text x={AXIS - 4} y={TOP + 10} textAnchor="end" fontSize="11" fill="#334155">
        {ceiling.toLocaleString('pt-BR')}
      </text>
      <text x={AXIS - 4} y={TOP + plotHeight} textAnchor="end" fontSize="11" fill="#334155">
        0
      </text>
      {bars.map((bar, index) => {
        const x = AXIS + index * slot + (slot - barWidth) / 2;
        let y = TOP + plotHeight;
        return (
          <g key={bar.label}>
            {series.map((entry) => {
              const value = bar.values[entry.key] ?? 0;
              if (value <= 0) return null;
              const height = (value / ceiling) * plotHeight;
              y -= height;
              return <rect key={entry.key} x={x} y={y} width={barWidth} height={height} fill={entry.color} />;
            })}
            {index % labelEvery === 0 && (
              <text x={x + barWidth / 2} y={HEIGHT - 8} textAnchor="middle" fontSize="11" fill="#334155">
                {bar.label}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}

export function StackedBars({ bars, series, title }: { bars: readonly StackedBar[]; series: readonly Series[]; title: string }) {
  return (
    <figure className="space-y-2">
      <Chart bars={bars} series={series} width={WIDTHS.phone} className="sm:hidden" />
      <Chart bars={bars} series={series} width={WIDTHS.desktop} className="hidden sm:block" />
      <figcaption className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700">
        <span className="sr-only">{title}: </span>
        {series.map((entry) => (
          <span key={entry.key} className="inline-flex items-center gap-1">
            <span aria-hidden="true" className="inline-block h-3 w-3 rounded-sm" style={{ backgroundColor: entry.color }} />
            {entry.label}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
