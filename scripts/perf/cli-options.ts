// npm run perf [-- --ci] [--worker] [--runs N] [--pages home,article] [--json out.json]
import { parseArgs } from 'node:util';
import { READER_PAGES, type ReaderPage } from './pages.ts';

export interface Options {
  /** One mobile run per page, no baseline, only the checks that do not depend on the machine's speed. */
  ci: boolean;
  /** The pages under the Cloudflare Worker (`wrangler dev`) instead of `vite preview`. */
  worker: boolean;
  runs: number;
  pages: ReaderPage[];
  jsonFile: string | undefined;
}

const DEFAULT_RUNS = 3;

const isReaderPage = (name: string): name is ReaderPage => (READER_PAGES as readonly string[]).includes(name);

export function parseOptions(args: string[]): Options {
  const { values } = parseArgs({
    args,
    options: {
      ci: { type: 'boolean', default: false },
      worker: { type: 'boolean', default: false },
      runs: { type: 'string' },
      pages: { type: 'string' },
      json: { type: 'string' },
    },
    strict: true,
  });
  if (values.ci && values.runs !== undefined) throw new Error('--ci always does one run per page; drop --runs');
  const runs = values.ci ? 1 : Number(values.runs ?? DEFAULT_RUNS);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a whole number ≥ 1, got "${values.runs}"`);
  const names = values.pages ? values.pages.split(',').map((name) => name.trim()).filter(Boolean) : [...READER_PAGES];
  const unknown = names.filter((name) => !isReaderPage(name));
  if (unknown.length > 0) throw new Error(`unknown page ${unknown.join(', ')}; pages: ${READER_PAGES.join(', ')}`);
  return { ci: values.ci, worker: values.worker, runs, pages: names.filter(isReaderPage), jsonFile: values.json };
}
