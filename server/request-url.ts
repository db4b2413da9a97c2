import type { IncomingMessage } from 'node:http';
import { canonicalPeerAddress, clientAddressOf } from '../local-supabase/src/db/request-headers.ts';

// The address a Node host gives a request before the edge handler sees it: the origin, and the path taken from the
// request target alone.

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
 * The request target's path and query. An absolute-form target (`GET http://other.example/x`) names no origin of
 * ours, only its path; anything else unparsable is '/'.
 */
export function originForm(target: string): string {
  if (target.startsWith('/')) return target;
  try {
    const absolute = new URL(target);
    return `${absolute.pathname}${absolute.search}`;
  } catch {
    return '/';
  }
}

/**
 * The request target as a path on `origin`. Only the path and query are ever taken from it: `//host/x` is the path
 * `//host/x` (joined as text, never resolved as a relative URL), and an absolute-form target contributes its path.
 */
export function urlOnOrigin(target: string, origin: string): URL {
  return new URL(`${origin}${originForm(target)}`);
}

/** The same request at `url`: its method, headers, body (streamed, not buffered) and abort signal. */
export function requestAt(request: Request, url: URL): Request {
  if (request.url === url.href) return request;
  // `duplex` is required by Node's fetch for a streamed body and missing from the DOM typings.
  const init: RequestInit & { duplex?: 'half' } = { method: request.method, headers: request.headers, signal: request.signal };
  if (request.body) {
    init.body = request.body;
    init.duplex = 'half';
  }
  return new Request(url, init);
}

/**
 * The reader's address, as the local backend decides a client's (local-supabase/src/db/request-headers.ts): the TCP
 * peer, or behind the operator's proxy (trustProxy) the address it appended to X-Forwarded-For. Null without a peer.
 */
export function readerAddress(req: IncomingMessage, trustProxy: boolean): string | null {
  const peer = req.socket?.remoteAddress ? canonicalPeerAddress(req.socket.remoteAddress) : null;
  const forwarded = req.headers['x-forwarded-for'];
  const headers = new Headers(forwarded ? { 'x-forwarded-for': Array.isArray(forwarded) ? forwarded.join(', ') : forwarded } : {});
  return clientAddressOf(headers, peer, trustProxy);
}
