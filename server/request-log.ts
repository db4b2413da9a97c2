import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { cacheAnswered, requestLine } from '../edge/request-line.ts';
import { REQUEST_ID_HEADER, requestIdFor } from '../edge/request-id.ts';
import { runWithRequestId } from '../local-supabase/src/log.ts';

// npm start's request log (docs/decisions/0040): each request gets an id (X-Request-Id on its answer), runs inside
// the id's AsyncLocalStorage scope (local-supabase/src/log.ts) so every line it causes carries the id, and leaves one
// line when its answer is finished or its connection is gone.

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

export interface RequestLogOptions {
  /** The logger of the request lines; absent: ids and the header only, no line (the end-to-end suite's server). */
  log?: () => Logger;
  /** Behind the operator's proxy (TRUST_PROXY): a well-formed incoming X-Request-Id is kept. */
  trustProxy: boolean;
}

/** Counts the body bytes written to res (what Content-Length would say, also for a streamed or compressed answer). */
function countBytes(res: ServerResponse): () => number {
  let bytes = 0;
  const count = (chunk: unknown, encoding: unknown) => {
    if (typeof chunk === 'string') bytes += Buffer.byteLength(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
    else if (chunk instanceof Uint8Array) bytes += chunk.byteLength;
  };
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  res.write = ((...args: unknown[]) => {
    count(args[0], args[1]);
    return write(...args);
  }) as ServerResponse['write'];
  res.end = ((...args: unknown[]) => {
    if (typeof args[0] !== 'function') count(args[0], args[1]);
    return end(...args);
  }) as ServerResponse['end'];
  return () => bytes;
}

function header(res: ServerResponse, name: string): string | undefined {
  const value = res.getHeader(name);
  return value === undefined ? undefined : String(value);
}

/** The listener with request ids and, given a logger, the request line. */
export function withRequestLog(listener: Listener, options: RequestLogOptions): Listener {
  return (req, res) => {
    const startedAt = performance.now();
    const incoming = req.headers['x-request-id'];
    const reqId = requestIdFor(new Headers(typeof incoming === 'string' ? { [REQUEST_ID_HEADER]: incoming } : {}), options.trustProxy);
    res.setHeader(REQUEST_ID_HEADER, reqId);
    // The target as the client sent it, before the listener rewrites an absolute-form one.
    const target = req.url ?? '/';
    const method = req.method ?? 'GET';
    if (options.log) {
      const log = options.log;
      const bytes = countBytes(res);
      res.once('close', () => {
        const fields = requestLine({
          reqId,
          method,
          target,
          status: res.statusCode,
          startedAt,
          endedAt: performance.now(),
          bytes: bytes(),
          cache: cacheAnswered(res.statusCode, (name) => header(res, name)),
        });
        // A connection gone before the answer was complete is said so: its status is what was meant, not what arrived.
        log().info(res.writableFinished ? fields : { ...fields, aborted: true }, 'request');
      });
    }
    runWithRequestId(reqId, () => listener(req, res));
  };
}
