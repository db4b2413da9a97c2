import type { Json } from '../types/database';
import type { DataClient } from './client';
import { ServiceError } from './errors';

// The audience beacon's write (issue 38, docs/decisions/0052-audience-beacon.md): the edge's /api/audiencia hands
// each beacon to public.record_audience with the service key, naming the reader it read from the connection. The
// database decides what counts; its refusals (an unknown page, a value out of bounds, the rate limit) are the
// beacon's end, not a failure of the site.

/** A beacon as the browser sent it, with the reader the edge vouches for. */
export interface VouchedBeacon {
  beacon: Record<string, unknown>;
  clientAddress: string;
  userAgent: string;
}

/** Resolves once the database has taken the beacon (counted it, or refused it by its rules); rejects when it failed. */
export type RecordAudience = (vouched: VouchedBeacon) => Promise<void>;

/**
 * The most beacons in one call (public.record_audience takes up to 200): one transaction holds the embedded backend's
 * one connection, and on PGlite the server's one thread: a reader's page waits behind it, so a call stays short (about
 * 15–30 ms at 0.6–1.2 ms a beacon). bench:beacons measured calls of 100 and 50: pages' p99 went over 150 ms.
 */
export const MAX_BEACONS_TOGETHER = 25;

/**
 * The most beacons waiting for their write: 40 s at 500 a second, about 20 MB. Past it the database is far behind: a
 * new beacon is answered and not counted rather than held without end (decision 0052). On PostgreSQL a backlog of
 * thousands costs the server little and is written within the minute; bench:beacons measures it.
 */
export const MAX_BEACONS_WAITING = 20_000;

/** The longest rest between two calls (a call that took longer is rare: the machine or the database is struggling). */
const MAX_REST_MS = 100;

/** The database's refusals: its rules, not its health (SQLSTATE 22023 and the rate limit's PT429). */
const REFUSALS = new Set(['22023', 'PT429']);

interface Waiting {
  beacon: Json;
  done: () => void;
  failed: (error: unknown) => void;
}

/**
 * The recorder over a client holding the service key (its role is what lets a beacon name its reader). A group
 * commit: a beacon arriving while no write runs is written at once; those arriving during a write wait for it to end
 * and go together in the next (up to 200, one transaction, each taken or refused on its own). Idle, a beacon costs
 * one call; at hundreds a second the calls, not the beacons, are what the database sees. Past MAX_BEACONS_WAITING a
 * beacon is let go uncounted (and the log says so): the reader pages come first.
 */
export function audienceRecorder(serviceClient: DataClient): RecordAudience {
  const queue: Waiting[] = [];
  let writing = false;

  async function write(batch: Waiting[]): Promise<void> {
    const { error, status } = await serviceClient.rpc('record_audience', { beacon: batch.map((entry) => entry.beacon) });
    if (error && !(error.code && REFUSALS.has(error.code))) throw new ServiceError(error.message, { code: error.code, status, cause: error });
  }

  async function drain(): Promise<void> {
    writing = true;
    while (queue.length > 0) {
      const batch = queue.splice(0, MAX_BEACONS_TOGETHER);
      const started = performance.now();
      try {
        await write(batch);
        for (const entry of batch) entry.done();
      } catch (error) {
        for (const entry of batch) entry.failed(error);
      }
      // A rest as long as the call took, before the next: the embedded backend runs the call on the server's own
      // thread, and back-to-back calls would leave the readers' pages the gaps between them. Resting as long as it
      // wrote, the audience has at most half of the database; the rest is the pages'. The beacons gather meanwhile.
      const rest = Math.min(performance.now() - started, MAX_REST_MS);
      await new Promise((resume) => setTimeout(resume, rest));
    }
    writing = false;
  }

  let shed = 0;
  return ({ beacon, clientAddress, userAgent }) =>
    new Promise<void>((done, failed) => {
      if (queue.length >= MAX_BEACONS_WAITING) {
        shed += 1;
        // Once, then each thousandth: the host's log says the audience is undercounting, without a line per beacon.
        if (shed === 1 || shed % 1_000 === 0) console.warn(`audience: ${shed} beacon(s) not counted, the database is behind (${queue.length} waiting)`);
        done();
        return;
      }
      queue.push({ beacon: { ...(beacon as Record<string, Json>), client_address: clientAddress, user_agent: userAgent }, done, failed });
      if (!writing) void drain();
    });
}
