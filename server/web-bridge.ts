import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { createEncoder, isCompressible, negotiateEncoding } from './compression.ts';

// Between Node's (req, res) and the Web's Request and Response, which the edge handler speaks.

/** A request the server refuses before anything else looks at it (an unusable Host, an undecodable path). */
export class BadRequestError extends Error {}

/** A host name, an IPv4 or a bracketed IPv6 address, and an optional port: nothing that could move the path. */
const HOST = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/i;

function firstValue(value: string | string[] | undefined): string | undefined {
  const raw = Array.isArray(value) ? value[0] : value;
  const first = raw?.split(',')[0]?.trim();
  return first ? first : undefined;
}

/**
 * The origin the client asked for. Behind a reverse proxy (trustProxy) the proxy's X-Forwarded-Proto and
 * X-Forwarded-Host say it; without one those headers are the client's own words and are ignored.
 */
export function requestOrigin(req: IncomingMessage, trustProxy: boolean): string {
  const forwardedProto = trustProxy ? firstValue(req.headers['x-forwarded-proto'])?.toLowerCase() : undefined;
  const encrypted = 'encrypted' in req.socket && req.socket.encrypted === true;
  const proto = forwardedProto === 'https' || forwardedProto === 'http' ? forwardedProto : encrypted ? 'https' : 'http';
  const host = (trustProxy ? firstValue(req.headers['x-forwarded-host']) : undefined) ?? req.headers.host ?? 'localhost';
  if (!HOST.test(host)) throw new BadRequestError(`unusable Host header: ${host}`);
  return `${proto}://${host}`;
}

/**
 * The request target as a path on `origin`. Only the path and query are ever taken from it: `//host/x` is the path
 * `//host/x`, and an absolute-form target (`GET http://other.example/x`) names no origin of ours, only its path.
 */
export function urlOnOrigin(target: string, origin: string): URL {
  let path = target;
  if (!path.startsWith('/')) {
    try {
      const absolute = new URL(path);
      path = `${absolute.pathname}${absolute.search}`;
    } catch {
      path = '/';
    }
  }
  return new URL(`${origin}${path}`);
}

/** The Web Request for a Node request; the body is streamed, not buffered. `signal` aborts when the client leaves. */
export function toWebRequest(req: IncomingMessage, origin: string, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    // HTTP/2 pseudo-headers (:path, :authority) are not header fields.
    if (value === undefined || name.startsWith(':')) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  const method = req.method ?? 'GET';
  // `duplex` is required by Node's fetch for a streamed body and missing from the DOM typings.
  const init: RequestInit & { duplex?: 'half' } = { method, headers, signal };
  if (method !== 'GET' && method !== 'HEAD') {
    init.body = Readable.toWeb(req) as unknown as ReadableStream<Uint8Array>;
    init.duplex = 'half';
  }
  return new Request(urlOnOrigin(req.url ?? '/', origin), init);
}

function appendVary(res: ServerResponse, field: string): void {
  const current = res.getHeader('vary');
  const values = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);
  if (values.includes('*') || values.some((value) => value.toLowerCase() === field.toLowerCase())) return;
  res.setHeader('Vary', [...values, field].join(', '));
}

/** Below this a compressed answer saves less than its own overhead. */
const MIN_COMPRESSED_SIZE = 1024;

/**
 * Sends a body on a response whose status and headers are set: compressed (Accept-Encoding, Vary) when its type is
 * text and the status has a body; `streaming` flushes each chunk (see createEncoder). A null body ends the response.
 */
export async function sendBody(
  req: IncomingMessage,
  res: ServerResponse,
  body: Readable | null,
  { streaming }: { streaming: boolean },
): Promise<void> {
  const contentType = res.getHeader('content-type');
  const compressible =
    isCompressible(typeof contentType === 'string' ? contentType : undefined) &&
    !res.hasHeader('content-encoding') &&
    res.statusCode !== 204 &&
    res.statusCode !== 206 &&
    res.statusCode !== 304;
  if (compressible) appendVary(res, 'Accept-Encoding');
  if (!body) {
    res.end();
    return;
  }
  const length = Number(res.getHeader('content-length') ?? Number.NaN);
  const encoding = compressible && !(length < MIN_COMPRESSED_SIZE) ? negotiateEncoding(req.headers['accept-encoding']) : null;
  if (!encoding) {
    await pipeline(body, res);
    return;
  }
  res.removeHeader('content-length');
  res.setHeader('Content-Encoding', encoding);
  await pipeline(body, createEncoder(encoding, { streaming }), res);
}

const BODYLESS_STATUSES = new Set([101, 103, 204, 205, 304]);

/** Streams the handler's Response: its status, every header (each Set-Cookie on its own line) and its body. */
export async function sendWebResponse(req: IncomingMessage, res: ServerResponse, response: Response): Promise<void> {
  res.statusCode = response.status;
  if (response.statusText) res.statusMessage = response.statusText;
  for (const [name, value] of response.headers) if (name !== 'set-cookie') res.setHeader(name, value);
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader('Set-Cookie', cookies);
  const hasBody = response.body !== null && req.method !== 'HEAD' && !BODYLESS_STATUSES.has(response.status);
  if (!hasBody) {
    await response.body?.cancel();
    await sendBody(req, res, null, { streaming: true });
    return;
  }
  const body = Readable.fromWeb(response.body as unknown as NodeReadableStream<Uint8Array>);
  await sendBody(req, res, body, { streaming: true });
}
