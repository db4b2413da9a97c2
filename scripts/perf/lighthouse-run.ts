// One Lighthouse navigation of one URL in a fresh Chromium, reduced to the numbers and the failing audits the
// budgets and the report need.
import lighthouse, { type Flags, type Result } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { isFields, numberField, selectorOf, selectorsIn, stringField, tableItems } from './audit-details.ts';
import { launchChromium } from './chromium.ts';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type CategoryId = (typeof CATEGORIES)[number];
export type FormFactor = 'mobile' | 'desktop';

/** How many selectors of a failing audit's elements are kept: enough to find them, not a page of output. */
const SELECTORS_PER_AUDIT = 3;

export interface FailingAudit {
  category: CategoryId;
  id: string;
  title: string;
  displayValue: string | undefined;
  selectors: string[];
}

export interface LayoutShift {
  selector: string;
  score: number;
  causes: string[];
}

export interface Transfer {
  url: string;
  bytes: number;
}

/** A value for each category, every one named so that a new category does not compile until it has one. */
export function perCategory<T>(value: (category: CategoryId) => T): Record<CategoryId, T> {
  return {
    performance: value('performance'),
    accessibility: value('accessibility'),
    'best-practices': value('best-practices'),
    seo: value('seo'),
  };
}

/** The numbers the budgets judge: of one page load here, their medians over the runs in a summary's row. */
export interface PageNumbers {
  /** 0–100, null when Lighthouse could not score the category. */
  scores: Record<CategoryId, number | null>;
  fcpMs: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** Transfer sizes (bytes) of every request of the page load, from the network-requests audit. */
  scriptBytes: number;
  totalBytes: number;
}

export interface Measurement extends PageNumbers {
  scripts: Transfer[];
  lcpElement: string | undefined;
  failingAudits: FailingAudit[];
  layoutShifts: LayoutShift[];
  lighthouseVersion: string;
  userAgent: string;
  benchmarkIndex: number;
}

function metric(lhr: Result, id: string): number {
  const value = lhr.audits[id]?.numericValue;
  if (value === undefined) throw new Error(`${lhr.finalDisplayedUrl}: Lighthouse reported no ${id}`);
  return value;
}

/** Audits of the category that lost points (score < 1), skipping the report's hidden group (insights, raw data). */
function failingAudits(lhr: Result, category: CategoryId): FailingAudit[] {
  return (lhr.categories[category]?.auditRefs ?? [])
    .filter((ref) => ref.group !== 'hidden')
    .flatMap((ref) => {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 1) return [];
      const selectors = selectorsIn(audit.details).slice(0, SELECTORS_PER_AUDIT);
      return [{ category, id: audit.id, title: audit.title, displayValue: audit.displayValue, selectors }];
    });
}

/** Lighthouse 12 lists shifts in `layout-shifts`; `layout-shift-elements` is the name up to 11. */
function layoutShifts(lhr: Result): LayoutShift[] {
  const audit = lhr.audits['layout-shifts'] ?? lhr.audits['layout-shift-elements'];
  return tableItems(audit?.details).map((item) => ({
    selector: selectorOf(item.node) ?? '(no element recorded)',
    score: numberField(item, 'score'),
    causes: tableItems(item.subItems).map((cause) => {
      const where = selectorOf(cause.extra) ?? (isFields(cause.extra) ? stringField(cause.extra, 'value') : '');
      return [stringField(cause, 'cause'), where].filter(Boolean).join(': ');
    }),
  }));
}

function transfers(lhr: Result): { scripts: Transfer[]; totalBytes: number } {
  const requests = tableItems(lhr.audits['network-requests']?.details);
  const scripts = requests
    .filter((request) => request.resourceType === 'Script')
    .map((request) => ({ url: stringField(request, 'url'), bytes: numberField(request, 'transferSize') }));
  const totalBytes = requests.reduce((sum, request) => sum + numberField(request, 'transferSize'), 0);
  return { scripts, totalBytes };
}

function toMeasurement(lhr: Result): Measurement {
  const score = (category: CategoryId) => {
    const value = lhr.categories[category]?.score;
    return value === null || value === undefined ? null : Math.round(value * 100);
  };
  const { scripts, totalBytes } = transfers(lhr);
  return {
    scores: perCategory(score),
    fcpMs: metric(lhr, 'first-contentful-paint'),
    lcpMs: metric(lhr, 'largest-contentful-paint'),
    cls: metric(lhr, 'cumulative-layout-shift'),
    tbtMs: metric(lhr, 'total-blocking-time'),
    scriptBytes: scripts.reduce((sum, script) => sum + script.bytes, 0),
    totalBytes,
    scripts,
    lcpElement: selectorsIn(lhr.audits['largest-contentful-paint-element']?.details)[0],
    failingAudits: CATEGORIES.flatMap((category) => failingAudits(lhr, category)),
    layoutShifts: layoutShifts(lhr),
    lighthouseVersion: lhr.lighthouseVersion,
    userAgent: lhr.environment.hostUserAgent,
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

export async function runLighthouse(url: string, formFactor: FormFactor): Promise<Measurement> {
  const chromium = await launchChromium();
  try {
    const flags: Flags = { port: chromium.port, logLevel: 'error', onlyCategories: [...CATEGORIES] };
    // Mobile is Lighthouse's default config (simulated slow 4G, 4× CPU slowdown); desktop is its desktop preset.
    const result = await lighthouse(url, flags, formFactor === 'desktop' ? desktopConfig : undefined);
    if (!result) throw new Error(`${url}: Lighthouse returned no result`);
    const { runtimeError } = result.lhr;
    if (runtimeError) throw new Error(`${url}: Lighthouse ${runtimeError.code}: ${runtimeError.message}`);
    return toMeasurement(result.lhr);
  } finally {
    chromium.kill();
  }
}
