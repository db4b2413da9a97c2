import { performance } from 'node:perf_hooks';

// How bench:scale times a query through the API: warm-up rounds, then SAMPLES requests one after another.

export const SAMPLES = 40;
export const WARMUP = 5;

export interface TimedQuery {
  name: string;
  run: () => PromiseLike<{ error: { message: string } | null }>;
}

export interface Timing {
  p50: number;
  p95: number;
}

export function percentile(sorted: number[], fraction: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

/**
 * Each warm-up round sends `parallel` requests at once (8 warm every pooled connection, each of which loads the text
 * search dictionaries once), then SAMPLES requests are timed in turn. A refused request stops the benchmark.
 */
export async function timeQuery(query: TimedQuery, parallel = 1): Promise<Timing> {
  for (let round = 0; round < WARMUP; round++) {
    const results = await Promise.all(Array.from({ length: parallel }, () => query.run()));
    for (const result of results) if (result.error) throw new Error(`${query.name}: ${result.error.message}`);
  }
  const samples: number[] = [];
  for (let n = 0; n < SAMPLES; n++) {
    const started = performance.now();
    const result = await query.run();
    samples.push(performance.now() - started);
    if (result.error) throw new Error(`${query.name}: ${result.error.message}`);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 0.5), p95: percentile(samples, 0.95) };
}
