import { Agent, request as httpRequest, type IncomingMessage } from 'node:http';

// A fetch whose connections leave from one loopback source address, so the local backend (which takes the client's
// address from the TCP peer, never from forwarding headers) sees a distinct client per address. Linux routes all of
// 127.0.0.0/8 to the loopback interface, so 127.0.x.y needs no set-up. Node's own fetch cannot choose its source
// address without the undici package, hence this small one over node:http; supabase-js takes it as `global.fetch`.

/** The n-th distinct loopback client address (n from 0 up to 63,753): 127.0.2.1 … 127.0.2.254, 127.0.3.1, … (127.0.0.1 is left alone). */
export function loopbackClientAddress(n: number): string {
  if (!Number.isInteger(n) || n < 0 || n >= 251 * 254) throw new RangeError(`no loopback client address number ${n}`);
  return `127.0.${2 + Math.floor(n / 254)}.${1 + (n % 254)}`;
}

/** A desktop Chromium's User-Agent, as a reader's browser sends it (what the advertising counter counts). */
export const BROWSER_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

export interface FetchFromAddressOptions {
  /** Sent as every request's User-Agent; by default none, as node:http sends. */
  userAgent?: string;
  /** Keeps connections open between requests, at most this many at once (a browser opens six per host); default: a connection per request. */
  maxSockets?: number;
}

/** A fetch (enough of it for supabase-js and postgrest-js: method, headers, body, signal) from `localAddress`. */
export function fetchFromAddress(localAddress: string, options: FetchFromAddressOptions = {}): typeof fetch {
  const agent = options.maxSockets ? new Agent({ keepAlive: true, maxSockets: options.maxSockets }) : undefined;
  return async (input, init) => {
    const request = new Request(input, init);
    const body = request.method === 'GET' || request.method === 'HEAD' ? null : Buffer.from(await request.arrayBuffer());
    const url = new URL(request.url);
    if (url.protocol !== 'http:') throw new TypeError(`fetchFromAddress speaks plain HTTP only, not ${url.protocol}`);
    return new Promise<Response>((resolve, reject) => {
      const outgoing = httpRequest(
        url,
        {
          method: request.method,
          // Node sends a DELETE's body with neither Content-Length nor chunking unless told its length.
          headers: {
            ...Object.fromEntries(request.headers),
            ...(options.userAgent ? { 'user-agent': options.userAgent } : {}),
            ...(body ? { 'content-length': String(body.byteLength) } : {}),
          },
          localAddress,
          ...(agent ? { agent } : { agent: false }),
          signal: request.signal,
        },
        (incoming) => void readResponse(incoming).then(resolve, reject),
      );
      outgoing.on('error', reject);
      outgoing.end(body ?? undefined);
    });
  };
}

async function readResponse(incoming: IncomingMessage): Promise<Response> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (let i = 0; i + 1 < incoming.rawHeaders.length; i += 2) headers.append(incoming.rawHeaders[i]!, incoming.rawHeaders[i + 1]!);
  const status = incoming.statusCode ?? 0;
  // A Response with one of these statuses must have no body.
  const bodyless = status === 204 || status === 205 || status === 304;
  return new Response(bodyless ? null : Buffer.concat(chunks), { status, statusText: incoming.statusMessage, headers });
}
