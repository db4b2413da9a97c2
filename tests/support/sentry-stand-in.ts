import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync, inflateSync } from 'node:zlib';

// A stand-in for Sentry's ingestion on 127.0.0.1 (docs/decisions/0041): takes envelopes at /api/<project>/envelope/
// as the SDKs post them (Node's gzipped, the browser's plain and cross-origin), parses the envelope format
// (https://develop.sentry.dev/sdk/data-model/envelopes/) and keeps every item, with the raw body and what was asked,
// so a test can say both what was reported and that nothing reached it at all.

export interface EnvelopeItem {
  type: string;
  /** The item's payload parsed as JSON (events, sessions, client reports), or its text when it is not JSON. */
  payload: unknown;
}

export interface ReceivedEnvelope {
  project: string;
  header: Record<string, unknown>;
  items: EnvelopeItem[];
  /** The whole body as received, decompressed: for a search of anything personal that must not be there. */
  raw: string;
  /** The request's own headers and query string (the SDK's auth travels there), apart from what it reported. */
  requestLine: string;
}

export interface SentryStandIn {
  /** A DSN for project `project` on this stand-in: `http://<key>@127.0.0.1:<port>/<project>`. */
  dsn(project?: number): string;
  origin: string;
  /** Every request the stand-in received (any path), in order. */
  requests: string[];
  envelopes: ReceivedEnvelope[];
  /** The events (items of type 'event') received so far. */
  events(): Record<string, unknown>[];
  /** Resolves with the first event that `match` accepts, polling what arrives (the SDKs send in the background). */
  waitForEvent(match: (event: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<Record<string, unknown>>;
  stop(): Promise<void>;
}

const PUBLIC_KEY = 'e2e0000000000000000000000000000f';

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function decoded(body: Buffer, encoding: string | undefined): Buffer {
  if (encoding === 'gzip') return gunzipSync(body);
  if (encoding === 'deflate') return inflateSync(body);
  return body;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * The envelope format: a header line, then per item a header line (with `length` in bytes, or none: up to the next
 * newline) and its payload.
 */
export function parseEnvelope(body: Buffer): { header: Record<string, unknown>; items: EnvelopeItem[] } {
  let offset = 0;
  const line = (): string => {
    const end = body.indexOf(0x0a, offset);
    const text = body.subarray(offset, end === -1 ? body.length : end).toString('utf8');
    offset = end === -1 ? body.length : end + 1;
    return text;
  };
  const header = JSON.parse(line()) as Record<string, unknown>;
  const items: EnvelopeItem[] = [];
  while (offset < body.length) {
    const itemLine = line();
    if (itemLine.trim() === '') continue;
    const itemHeader = JSON.parse(itemLine) as { type: string; length?: number };
    let payload: string;
    if (typeof itemHeader.length === 'number') {
      payload = body.subarray(offset, offset + itemHeader.length).toString('utf8');
      offset += itemHeader.length;
      if (body[offset] === 0x0a) offset += 1;
    } else {
      payload = line();
    }
    items.push({ type: itemHeader.type, payload: parseJson(payload) });
  }
  return { header, items };
}

const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Content-Type, X-Sentry-Auth',
};

export async function startSentryStandIn(): Promise<SentryStandIn> {
  const requests: string[] = [];
  const envelopes: ReceivedEnvelope[] = [];
  const server = createServer((request, response) => {
    requests.push(`${request.method ?? '?'} ${request.url ?? '/'}`);
    if (request.method === 'OPTIONS') {
      response.writeHead(204, CORS).end();
      return;
    }
    const target = /^\/api\/(\d+)\/envelope\/?(\?.*)?$/.exec(request.url ?? '');
    if (request.method !== 'POST' || !target) {
      response.writeHead(404, CORS).end();
      return;
    }
    void readBody(request).then(
      (body) => {
        const plain = decoded(body, request.headers['content-encoding']);
        const { header, items } = parseEnvelope(plain);
        envelopes.push({ project: target[1]!, header, items, raw: plain.toString('utf8'), requestLine: request.url ?? '' });
        response.writeHead(200, { ...CORS, 'Content-Type': 'application/json' }).end('{}');
      },
      () => response.writeHead(400, CORS).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const events = () =>
    envelopes.flatMap((envelope) => envelope.items.filter((item) => item.type === 'event').map((item) => item.payload as Record<string, unknown>));
  return {
    origin,
    dsn: (project = 1) => `http://${PUBLIC_KEY}@${origin.slice('http://'.length)}/${project}`,
    requests,
    envelopes,
    events,
    async waitForEvent(match, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = events().find(match);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no matching event reached the Sentry stand-in (received: ${requests.join(', ') || 'nothing'})`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
