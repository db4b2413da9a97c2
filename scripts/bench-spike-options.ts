import type { SpikeHost } from './bench-spike-site.ts';

export const SPIKE_USAGE = `npm run bench:spike [-- --postgres | --worker] [--soak MINUTES]
  (default)       npm start, production configuration, embedded backend on PGlite (throwaway data folder)
  --postgres      the same on a throwaway PostgreSQL set up by the README's roles block
  --worker        the Cloudflare Worker under wrangler dev (LTS node), a stand-in hosted project behind it
  --soak MINUTES  mixed traffic for MINUTES (1-120) instead of the spike
  --beacons       the audience beacon's load (npm run bench:beacons): 500 beacons a second for a minute from 1,200
                  readers while the spike measures the stylesheet, the home page and a story; counted in the database
  RENDER_CACHE=off in the environment is passed to the server.`;

export interface SpikeOptions {
  host: SpikeHost;
  /** null: the spike; otherwise the soak's length. */
  soakMinutes: number | null;
  /** The spike under the audience beacon's load (bench-beacons.ts). */
  beacons: boolean;
}

const MAX_SOAK_MINUTES = 120;

function minutes(raw: string | undefined): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > MAX_SOAK_MINUTES) {
    throw new Error(`--soak takes whole minutes from 1 to ${MAX_SOAK_MINUTES} (got ${String(raw)})\n${SPIKE_USAGE}`);
  }
  return value;
}

export function readSpikeOptions(argv: readonly string[]): SpikeOptions | 'help' {
  const options: SpikeOptions = { host: 'node', soakMinutes: null, beacons: false };
  const hosts = new Set<SpikeHost>();
  for (let index = 0; index < argv.length; index += 1) {
    const [flag, inline] = argv[index]!.split('=', 2);
    if (flag === '--help' || flag === '-h') return 'help';
    if (flag === '--postgres') hosts.add('postgres');
    else if (flag === '--worker') hosts.add('worker');
    else if (flag === '--soak') options.soakMinutes = minutes(inline ?? argv[(index += 1)]);
    else if (flag === '--beacons') options.beacons = true;
    else throw new Error(`unknown option ${argv[index]!}\n${SPIKE_USAGE}`);
  }
  if (hosts.size > 1) throw new Error(`--postgres and --worker are two different hosts: choose one\n${SPIKE_USAGE}`);
  if (options.beacons && options.soakMinutes !== null) throw new Error(`--beacons and --soak are two different runs: choose one\n${SPIKE_USAGE}`);
  options.host = [...hosts][0] ?? 'node';
  return options;
}
