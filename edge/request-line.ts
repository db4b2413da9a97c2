import { redactTarget } from './log-redaction';

// The one line each request leaves in the log (docs/decisions/0040), in the same shape on npm start (pino) and the
// Worker (JSON to its log). Web APIs only.

export interface RequestLineFields {
  reqId: string;
  method: string;
  /** The request target with every secret replaced (edge/log-redaction.ts). */
  path: string;
  status: number;
  durationMs: number;
  /** The answer's body, as sent. */
  bytes: number;
  /** A cache answered: the news proxy's (X-News-Cache HIT or STALE), the render cache's (X-Render-Cache), Cloudflare's, or the browser's own copy (304). */
  cache: boolean;
}

/** Whether a cache answered, from the answer's status and headers. */
export function cacheAnswered(status: number, header: (name: string) => string | null | undefined): boolean {
  if (status === 304) return true;
  const news = header('x-news-cache');
  if (news === 'HIT' || news === 'STALE') return true;
  const render = header('x-render-cache');
  if (render === 'HIT' || render === 'STALE') return true;
  return header('cf-cache-status') === 'HIT';
}

export function requestLine(input: {
  reqId: string;
  method: string;
  target: string;
  status: number;
  startedAt: number;
  endedAt: number;
  bytes: number;
  cache: boolean;
}): RequestLineFields {
  return {
    reqId: input.reqId,
    method: input.method,
    path: redactTarget(input.target),
    status: input.status,
    durationMs: Math.round((input.endedAt - input.startedAt) * 10) / 10,
    bytes: input.bytes,
    cache: input.cache,
  };
}
