import { looksSecret } from './log-redaction';

// The request id (docs/decisions/0040): on every answer as X-Request-Id and on each of the request's log lines, so a
// reader's report ("it failed, id …") finds its lines. Web APIs only: npm start and the Worker both use it.

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** What a proxy's id may look like: short, printable, and nothing a log line could not hold (no secret-looking run). */
const WELL_FORMED = /^[\w.:-]{1,128}$/;

export function newRequestId(): string {
  return crypto.randomUUID();
}

/**
 * The id for this request: the incoming X-Request-Id only behind the operator's own proxy (TRUST_PROXY), which sets or
 * passes it on, and only when well formed; otherwise a new one. From anyone else the header is ignored: a client
 * could otherwise write what it likes into the log, or pin its requests on another's id.
 */
export function requestIdFor(headers: Headers, trustProxy: boolean): string {
  const incoming = trustProxy ? headers.get(REQUEST_ID_HEADER)?.trim() : undefined;
  return incoming && WELL_FORMED.test(incoming) && !looksSecret(incoming) ? incoming : newRequestId();
}
