// The printed report: one table row per page and form factor (the baseline first), the budget misses, then for each
// row that misses a budget or scores below 100 the audits behind it, so a developer sees what to fix.
import { BUDGETS, CATEGORY_TITLES, kilobytes, type Check, type Miss, type Mode } from './budgets.ts';
import { CATEGORIES, type CategoryId, type FailingAudit, type LayoutShift } from './lighthouse-run.ts';
import type { Row } from './summary.ts';

const HEADINGS = ['page', 'form', 'Perf', 'A11y', 'BP', 'SEO', 'FCP ms', 'LCP ms', 'CLS', 'TBT ms', 'JS KB', 'total KB'];

const score = (value: number | null) => (value === null ? '–' : String(value));

function cells(row: Row): string[] {
  return [
    row.page,
    row.formFactor,
    ...CATEGORIES.map((category) => score(row.scores[category])),
    Math.round(row.fcpMs).toString(),
    Math.round(row.lcpMs).toString(),
    row.cls.toFixed(3),
    Math.round(row.tbtMs).toString(),
    kilobytes(row.scriptBytes).toFixed(1),
    kilobytes(row.totalBytes).toFixed(1),
  ];
}

export function formatTable(rows: Row[]): string {
  const table = [HEADINGS, ...rows.map(cells)];
  const widths = HEADINGS.map((_, column) => Math.max(...table.map((line) => line[column]!.length)));
  // Text columns (page, form) align left, numbers right.
  const line = (values: string[]) =>
    values.map((value, column) => (column < 2 ? value.padEnd(widths[column]!) : value.padStart(widths[column]!))).join(' | ');
  const rule = widths.map((width) => '-'.repeat(width)).join('-|-');
  return [line(HEADINGS), rule, ...table.slice(1).map(line)].join('\n');
}

/** An audit that failed in some of a row's runs: in how many, and each distinct value it showed. */
interface RecurringAudit extends Omit<FailingAudit, 'displayValue'> {
  runs: number;
  displayValues: string[];
}

function recurringAudits(row: Row, category: CategoryId): RecurringAudit[] {
  const byId = new Map<string, RecurringAudit>();
  for (const audit of row.runs.flatMap((run) => run.failingAudits.filter((failing) => failing.category === category))) {
    const seen = byId.get(audit.id) ?? { ...audit, runs: 0, displayValues: [], selectors: [] };
    seen.runs += 1;
    if (audit.displayValue && !seen.displayValues.includes(audit.displayValue)) seen.displayValues.push(audit.displayValue);
    seen.selectors = [...new Set([...seen.selectors, ...audit.selectors])].slice(0, 3);
    byId.set(audit.id, seen);
  }
  return [...byId.values()];
}

/** Each shifting element once, with its largest shift score over the runs. */
function recurringShifts(row: Row): LayoutShift[] {
  const bySelector = new Map<string, LayoutShift>();
  for (const shift of row.runs.flatMap((run) => run.layoutShifts)) {
    const seen = bySelector.get(shift.selector);
    if (!seen) bySelector.set(shift.selector, { ...shift });
    else {
      seen.score = Math.max(seen.score, shift.score);
      seen.causes = [...new Set([...seen.causes, ...shift.causes])];
    }
  }
  return [...bySelector.values()].sort((a, b) => b.score - a.score);
}

const pathOf = (url: string) => {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
};

function auditLines(row: Row, category: CategoryId): string[] {
  const runs = row.runs.length;
  return recurringAudits(row, category).map((audit) => {
    const value = audit.displayValues.length ? ` (${audit.displayValues.join(' / ')})` : '';
    const often = runs > 1 && audit.runs < runs ? ` [${audit.runs}/${runs} runs]` : '';
    const where = audit.selectors.length ? `\n        at ${audit.selectors.join(' | ')}` : '';
    return `      ${audit.id}: ${audit.title}${value}${often}${where}`;
  });
}

/** Which categories' audits to list: those checked in this mode that scored below 100, or whose metric missed. */
function categoriesToExplain(row: Row, mode: Mode, checks: Set<Check>): CategoryId[] {
  return CATEGORIES.filter((category) => {
    if (category === 'performance') {
      if (mode === 'ci') return false;
      if (checks.has('tbt') || checks.has('lcp')) return true;
    }
    const value = row.scores[category];
    return value === null || value < 100;
  });
}

function rowFindings(row: Row, mode: Mode, misses: Miss[]): string[] {
  const checks = new Set(misses.map((miss) => miss.check));
  const lines: string[] = [];
  for (const category of categoriesToExplain(row, mode, checks)) {
    lines.push(`    ${CATEGORY_TITLES[category]} ${score(row.scores[category])}, audits below full score:`, ...auditLines(row, category));
  }
  if (row.cls > 0 || checks.has('cls')) {
    lines.push(`    layout shifts (CLS ${row.cls.toFixed(3)}; element, largest shift score, causes Lighthouse found):`);
    for (const shift of recurringShifts(row)) {
      const causes = shift.causes.length ? ` ← ${shift.causes.join('; ')}` : '';
      lines.push(`      ${shift.selector}  ${shift.score.toFixed(3)}${causes}`);
    }
  }
  if (checks.has('lcp')) {
    const elements = [...new Set(row.runs.map((run) => run.lcpElement ?? '(none recorded)'))];
    lines.push(`    LCP element: ${elements.join(' | ')}`);
  }
  if (checks.has('js')) {
    const scripts = [...(row.runs[0]?.scripts ?? [])].sort((a, b) => b.bytes - a.bytes);
    lines.push(`    scripts of the first load (transfer KB):`);
    lines.push(...scripts.map((script) => `      ${kilobytes(script.bytes).toFixed(1).padStart(6)}  ${pathOf(script.url)}`));
  }
  return lines;
}

export function formatMisses(misses: Miss[]): string {
  if (misses.length === 0) return 'Budget misses: none';
  return [`Budget misses (${misses.length}):`, ...misses.map((miss) => `  ${miss.page} ${miss.formFactor}: ${miss.message}`)].join('\n');
}

export function formatFindings(rows: Row[], misses: Miss[], mode: Mode): string {
  const sections = rows.flatMap((row) => {
    const own = misses.filter((miss) => miss.page === row.page && miss.formFactor === row.formFactor);
    const lines = rowFindings(row, mode, own);
    return lines.length ? [`  ${row.page} ${row.formFactor} (${row.path}):`, ...lines] : [];
  });
  return sections.length ? ['What to fix (audits below full score; selectors of the elements):', ...sections].join('\n') : '';
}

/** The baseline is a plain static page: anything short of a perfect score says the machine, not the app, is slow. */
export function baselineWarnings(rows: Row[]): string[] {
  return rows
    .filter((row) => row.page === 'baseline')
    .flatMap((row) => {
      const short = CATEGORIES.filter((category) => row.scores[category] !== 100);
      const problems = [
        ...short.map((category) => `${CATEGORY_TITLES[category]} ${score(row.scores[category])}`),
        ...(row.cls > 0 ? [`CLS ${row.cls.toFixed(3)}`] : []),
        ...(row.tbtMs > BUDGETS.tbtMs ? [`TBT ${Math.round(row.tbtMs)} ms`] : []),
      ];
      return problems.length
        ? [`warning: the static baseline (${row.formFactor}) scored ${problems.join(', ')}: the machine may be busy or the build stale`]
        : [];
    });
}
