import { loadavg } from 'node:os';
import autocannon from 'autocannon';

// One address under the spike: autocannon at 32 connections for 10 s (each connection sends its next request as soon
// as the answer arrives: a crowd, not a trickle), after one request that checks the address answers 200 (and, with a
// render cache, warms it) and 3 s of the same load that are not counted: a server just started still compiles what
// the address runs (V8's optimising compiler; Postgres's WebAssembly functions on their first call under npm start's
// --wasm-lazy-compilation), which a site that has served for a minute has done (decision 0051).

export const CONNECTIONS = 32;
export const DURATION_S = 10;
export const WARM_UP_S = 3;

export interface SpikeAddress {
  name: string;
  path: string;
}

export interface SpikeRow extends SpikeAddress {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Connection errors (timeouts included: no answer within autocannon's 10 s) and answers other than 2xx. */
  errors: number;
  timeouts: number;
  /** The machine's 1-minute load average as the address's run ended (the machine is shared). */
  loadAverage: number;
}

/** Fails unless `path` answers 200: a benchmark of an error page measures nothing the issue asks about. */
export async function checkAnswers(baseUrl: string, path: string): Promise<string> {
  const response = await fetch(`${baseUrl}${path}`, { redirect: 'manual', signal: AbortSignal.timeout(30_000) });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}, not 200`);
  return body;
}

export async function spike(baseUrl: string, address: SpikeAddress): Promise<SpikeRow> {
  await checkAnswers(baseUrl, address.path);
  await autocannon({ url: `${baseUrl}${address.path}`, connections: CONNECTIONS, duration: WARM_UP_S });
  const result = await autocannon({ url: `${baseUrl}${address.path}`, connections: CONNECTIONS, duration: DURATION_S });
  return {
    ...address,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx,
    timeouts: result.timeouts,
    loadAverage: loadavg()[0] ?? Number.NaN,
  };
}

const whole = (value: number) => Math.round(value).toLocaleString('en-US');

/** The issue's table: the first row is the limit (the hashed stylesheet) every other row's req/s is a share of. */
export function spikeTable(rows: readonly SpikeRow[]): string {
  const limit = rows[0]?.requestsPerSecond ?? Number.NaN;
  return [
    '| address | path | req/s | p50 | p99 | errors | share of the limit | load avg (1 min) |',
    '|---|---|---|---|---|---|---|---|',
    ...rows.map((row, index) =>
      [
        index === 0 ? `${row.name} (the limit)` : row.name,
        `\`${row.path.length > 48 ? `${row.path.slice(0, 45)}...` : row.path}\``,
        whole(row.requestsPerSecond),
        `${whole(row.p50Ms)} ms`,
        `${whole(row.p99Ms)} ms`,
        row.timeouts > 0 ? `${row.errors} (${row.timeouts} timeouts)` : String(row.errors),
        (row.requestsPerSecond / limit).toFixed(2),
        row.loadAverage.toFixed(2),
      ].join(' | '),
    ).map((line) => `| ${line} |`),
  ].join('\n');
}
