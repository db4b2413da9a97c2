import { describe, expect, it } from 'vitest';
import { spikeTable, type SpikeRow } from '../scripts/bench-spike-load.ts';
import { readSpikeOptions } from '../scripts/bench-spike-options.ts';

// npm run bench:spike's own logic that runs no server: what its options select and the table it prints.

describe('bench:spike options', () => {
  it('serves from npm start on PGlite by default, and runs the spike', () => {
    expect(readSpikeOptions([])).toEqual({ host: 'node', soakMinutes: null, beacons: false });
  });

  it('takes --postgres or --worker, and --soak with its minutes either way', () => {
    expect(readSpikeOptions(['--postgres', '--soak', '20'])).toEqual({ host: 'postgres', soakMinutes: 20, beacons: false });
    expect(readSpikeOptions(['--soak=5', '--worker'])).toEqual({ host: 'worker', soakMinutes: 5, beacons: false });
  });

  it('takes --beacons (npm run bench:beacons) on any host, but not with --soak', () => {
    expect(readSpikeOptions(['--beacons'])).toEqual({ host: 'node', soakMinutes: null, beacons: true });
    expect(readSpikeOptions(['--postgres', '--beacons'])).toEqual({ host: 'postgres', soakMinutes: null, beacons: true });
    expect(() => readSpikeOptions(['--beacons', '--soak', '5'])).toThrow('choose one');
  });

  it('refuses two hosts, an unknown option and minutes out of range', () => {
    expect(() => readSpikeOptions(['--postgres', '--worker'])).toThrow('choose one');
    expect(() => readSpikeOptions(['--fast'])).toThrow('unknown option --fast');
    expect(() => readSpikeOptions(['--soak'])).toThrow('--soak takes whole minutes');
    expect(() => readSpikeOptions(['--soak', '0'])).toThrow('--soak takes whole minutes');
    expect(() => readSpikeOptions(['--soak', '2.5'])).toThrow('--soak takes whole minutes');
  });
});

describe('bench:spike table', () => {
  const row = (name: string, requestsPerSecond: number, extra: Partial<SpikeRow> = {}): SpikeRow => ({
    name,
    path: `/${name}`,
    requestsPerSecond,
    p50Ms: 30.4,
    p99Ms: 1437.6,
    errors: 0,
    timeouts: 0,
    loadAverage: 1.5,
    ...extra,
  });

  it("gives each address its share of the first row's rate (the limit), and counts timeouts among the errors", () => {
    const table = spikeTable([row('stylesheet', 980), row('story', 49, { errors: 3, timeouts: 2 })]).split('\n');
    expect(table[2]).toBe('| stylesheet (the limit) | `/stylesheet` | 980 | 30 ms | 1,438 ms | 0 | 1.00 | 1.50 |');
    expect(table[3]).toBe('| story | `/story` | 49 | 30 ms | 1,438 ms | 3 (2 timeouts) | 0.05 | 1.50 |');
  });
});
