// The runs of one page in one form factor, reduced to one row: the median of each number taken separately (so a
// row's LCP and TBT may come from different runs).
import { perCategory, type CategoryId, type FormFactor, type Measurement, type PageNumbers } from './lighthouse-run.ts';
import type { PageId } from './pages.ts';

export interface Row extends PageNumbers {
  page: PageId;
  path: string;
  formFactor: FormFactor;
  runs: Measurement[];
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** A category's median score over the runs that scored it; null when none did. */
function medianScore(runs: Measurement[], category: CategoryId): number | null {
  const scored = runs.map((run) => run.scores[category]).filter((score) => score !== null);
  return scored.length > 0 ? Math.round(median(scored)) : null;
}

export function summarize(page: PageId, path: string, formFactor: FormFactor, runs: Measurement[]): Row {
  const of = (pick: (run: Measurement) => number) => median(runs.map(pick));
  return {
    page,
    path,
    formFactor,
    runs,
    scores: perCategory((category) => medianScore(runs, category)),
    fcpMs: of((run) => run.fcpMs),
    lcpMs: of((run) => run.lcpMs),
    cls: of((run) => run.cls),
    tbtMs: of((run) => run.tbtMs),
    scriptBytes: of((run) => run.scriptBytes),
    totalBytes: of((run) => run.totalBytes),
  };
}
