import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';

/**
 * The `request.headers` a request carries into the database (PostgREST's GUC: a JSON object, lowercase names).
 *
 * The local backend is the edge: nobody stands in front of it whose forwarding headers could be trusted. So the
 * client's own claims about its address are dropped, and `x-forwarded-for` is the TCP peer that really connected,
 * which is what a trusted proxy in front of hosted PostgREST would write. Database functions that key anything on
 * the client (rate limits, view receipts) then see an address the client cannot choose.
 */

/** Headers through which a client could name any address it likes. */
export const CLIENT_ADDRESS_HEADERS: readonly string[] = [
  'x-forwarded-for',
  'x-real-ip',
  'cf-connecting-ip',
  'forwarded',
  'true-client-ip',
];

/** `::ffff:127.0.0.2` (an IPv4 peer on a dual-stack socket) → `127.0.0.2`, so one client has one address. */
export function canonicalPeerAddress(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return mapped?.[1] ?? address;
}

/**
 * The address of the socket a request arrived on; null for a request handed to the app in-process (the edge
 * handler's inProcessFetch, a test calling app.fetch), which has no peer of its own.
 */
export function peerAddressOf(c: Context): string | null {
  const env: unknown = c.env;
  const incoming =
    env !== null && typeof env === 'object' && 'incoming' in env ? (env.incoming as IncomingMessage | undefined) : undefined;
  const address = incoming?.socket?.remoteAddress;
  return address ? canonicalPeerAddress(address) : null;
}

/**
 * The request's headers as the database sees them: every one but Cookie (PostgREST leaves it out too). Without a
 * peer (in-process) no address is given at all: the backend does not know one, and inventing 127.0.0.1 would
 * merge every such caller into one client.
 */
export function databaseRequestHeaders(headers: Headers, peerAddress: string | null): Record<string, string> {
  const result: Record<string, string> = {};
  headers.forEach((value, name) => {
    const key = name.toLowerCase();
    if (key !== 'cookie' && !CLIENT_ADDRESS_HEADERS.includes(key)) result[key] = value;
  });
  if (peerAddress) result['x-forwarded-for'] = peerAddress;
  return result;
}

declare module 'hono' {
  interface ContextVariableMap {
    /** The client's address as the app decided it (createApp: the peer, or what a trusted proxy appended). */
    clientAddress: string | null;
  }
}

/**
 * The client's address. Directly on the internet it is the TCP peer. Behind a reverse proxy of the newsroom's own
 * (`npm start` with TRUST_PROXY=1) the peer is the proxy, which appends the address it saw to X-Forwarded-For: the
 * last entry is then the client (entries before it are whatever the client itself wrote, so they are never read).
 */
export function clientAddressOf(headers: Headers, peerAddress: string | null, trustedProxy: boolean): string | null {
  if (!trustedProxy || !peerAddress) return peerAddress;
  const appended = headers.get('x-forwarded-for')?.split(',').pop()?.trim();
  return appended ? canonicalPeerAddress(appended) : peerAddress;
}

/** Shorthand for a Hono handler: the address createApp decided, else (a router on its own) the peer. */
export function requestHeadersOf(c: Context): Record<string, string> {
  const decided = c.get('clientAddress');
  return databaseRequestHeaders(c.req.raw.headers, decided === undefined ? peerAddressOf(c) : decided);
}
