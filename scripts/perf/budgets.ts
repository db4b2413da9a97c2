// The budgets of the reader pages. The full mode checks them all; the CI mode only those that do not depend on the
// machine's speed (layout shift, the three non-performance categories), so a busy runner cannot fail it. CI holds the
// JavaScript bytes with scripts/check-bundle.ts instead, from the build output and per page, against the same 150 KB
// (React 19 in the browser, docs/decisions/0022-react-in-the-browser.md).
import type { CategoryId, FormFactor } from './lighthouse-run.ts';
import type { PageId } from './pages.ts';
import type { Row } from './summary.ts';

export type Mode = 'full' | 'ci';
export type Check = CategoryId | 'cls' | 'tbt' | 'lcp' | 'js';

export interface Miss {
  page: PageId;
  formFactor: FormFactor;
  check: Check;
  message: string;
}

export const BUDGETS = {
  performance: { mobile: 98, desktop: 100 },
  /** Accessibility, Best Practices and SEO. */
  otherScores: 100,
  cls: 0.02,
  tbtMs: 50,
  /** LCP at most this many times the static baseline's, same form factor, same run. */
  lcpOverBaseline: 1.3,
  /** First-load JavaScript goal, transfer size, KB of 1,024 bytes (as Lighthouse's KiB and check-bundle.ts). */
  scriptKb: 150,
} as const;

export const CATEGORY_TITLES: Record<CategoryId, string> = {
  performance: 'Performance',
  accessibility: 'Accessibility',
  'best-practices': 'Best Practices',
  seo: 'SEO',
};

export const kilobytes = (bytes: number) => bytes / 1024;

function rowMisses(row: Row, mode: Mode, baseline: Row | undefined): Omit<Miss, 'page' | 'formFactor'>[] {
  const misses: Omit<Miss, 'page' | 'formFactor'>[] = [];
  const scoreBudgets: [CategoryId, number][] = [
    ['accessibility', BUDGETS.otherScores],
    ['best-practices', BUDGETS.otherScores],
    ['seo', BUDGETS.otherScores],
  ];
  if (mode === 'full') scoreBudgets.unshift(['performance', BUDGETS.performance[row.formFactor]]);
  for (const [category, minimum] of scoreBudgets) {
    const score = row.scores[category];
    if (score === null) misses.push({ check: category, message: `${CATEGORY_TITLES[category]}: no score` });
    else if (score < minimum) misses.push({ check: category, message: `${CATEGORY_TITLES[category]} ${score} < ${minimum}` });
  }
  if (row.cls > BUDGETS.cls) misses.push({ check: 'cls', message: `CLS ${row.cls.toFixed(3)} > ${BUDGETS.cls}` });
  if (mode === 'full' && row.tbtMs > BUDGETS.tbtMs) {
    misses.push({ check: 'tbt', message: `TBT ${Math.round(row.tbtMs)} ms > ${BUDGETS.tbtMs} ms` });
  }
  if (mode === 'full' && baseline) {
    const limit = BUDGETS.lcpOverBaseline * baseline.lcpMs;
    if (row.lcpMs > limit) {
      const message = `LCP ${Math.round(row.lcpMs)} ms > ${Math.round(limit)} ms (${BUDGETS.lcpOverBaseline} × baseline ${Math.round(baseline.lcpMs)} ms)`;
      misses.push({ check: 'lcp', message });
    }
  }
  if (mode === 'full' && kilobytes(row.scriptBytes) > BUDGETS.scriptKb) {
    misses.push({ check: 'js', message: `first-load JS ${kilobytes(row.scriptBytes).toFixed(1)} KB > ${BUDGETS.scriptKb} KB` });
  }
  return misses;
}

/** Every budget miss of the reader pages' rows; the baseline row has no budget, it is the yardstick. */
export function findMisses(rows: Row[], mode: Mode): Miss[] {
  const baselineOf = (formFactor: FormFactor) => rows.find((row) => row.page === 'baseline' && row.formFactor === formFactor);
  return rows
    .filter((row) => row.page !== 'baseline')
    .flatMap((row) =>
      rowMisses(row, mode, baselineOf(row.formFactor)).map((miss) => ({ page: row.page, formFactor: row.formFactor, ...miss })),
    );
}
