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

/** What became of a beacon: taken (counted, or quietly not: a crawler), or refused by the database's rules. */
export type AudienceOutcome = 'taken' | 'refused';

export type RecordAudience = (vouched: VouchedBeacon) => Promise<AudienceOutcome>;

/** The database's refusals of a beacon: its rules, not its health (SQLSTATE 22023 and the rate limit's PT429). */
const REFUSALS = new Set(['22023', 'PT429']);

/** The recorder over a client holding the service key (its role is what lets the beacon name its reader). */
export function audienceRecorder(serviceClient: DataClient): RecordAudience {
  return async ({ beacon, clientAddress, userAgent }) => {
    const vouched: Json = { ...(beacon as Record<string, Json>), client_address: clientAddress, user_agent: userAgent };
    const { error, status } = await serviceClient.rpc('record_audience', { beacon: vouched });
    if (!error) return 'taken';
    if (error.code && REFUSALS.has(error.code)) return 'refused';
    throw new ServiceError(error.message, { code: error.code, status, cause: error });
  };
}
