import { Duplex, type Transform } from 'node:stream';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

// Compression for the Node hosts' answers. Hono's own compress middleware has neither brotli (CompressionStream has
// no brotli on Node 20) nor a flush per chunk, which a streamed page needs (see createEncoder).

type Encoding = 'br' | 'gzip';

/** Text formats shrink several times over; images, fonts and archives are compressed already. */
const COMPRESSIBLE =
  /^(text\/(html|css|javascript|plain|xml)|application\/(javascript|json|manifest\+json|xml|rss\+xml|atom\+xml)|image\/svg\+xml)\b/i;

function isCompressible(contentType: string | null | undefined): boolean {
  return !!contentType && COMPRESSIBLE.test(contentType.trim());
}

/** Brotli when the client takes it, else gzip, else nothing (q=0 refuses a coding; '*' stands for any other). */
function negotiateEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    if (name) weights.set(name, q === undefined ? 1 : Number(q));
  }
  const accepts = (coding: Encoding) => (weights.get(coding) ?? weights.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return null;
}

/**
 * A compressing stream. Brotli at quality 5: close to gzip's speed with smaller output; its default (11) costs
 * tens of milliseconds per 100 kB, too much for a per-request answer. `streaming` flushes after every chunk, so a
 * response the handler streams (the head first, the rest when its data arrives) reaches the browser as it is
 * written instead of when zlib's buffer fills.
 */
function createEncoder(encoding: Encoding, { streaming }: { streaming: boolean }): Transform {
  if (encoding === 'br') {
    return createBrotliCompress({
      params: { [constants.BROTLI_PARAM_QUALITY]: 5 },
      ...(streaming ? { flush: constants.BROTLI_OPERATION_FLUSH } : {}),
    });
  }
  return createGzip(streaming ? { flush: constants.Z_SYNC_FLUSH } : {});
}

/** Below this a compressed answer saves less than its own overhead. */
const MIN_COMPRESSED_SIZE = 1024;

/** Statuses whose answer has no body to compress (206 is a byte range of the uncompressed file). */
const NOT_COMPRESSED_STATUSES = new Set([204, 206, 304]);

function withVary(current: string | null, field: string): string | null {
  const values = (current ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);
  if (values.includes('*') || values.some((value) => value.toLowerCase() === field.toLowerCase())) return null;
  return [...values, field].join(', ');
}

/**
 * Compresses text answers for a client that takes br or gzip (Vary: Accept-Encoding on every text answer, whether
 * compressed or not). An answer of unknown length is one the handler streams: it is flushed chunk by chunk.
 */
export function compress(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const { res } = c;
    const compressible =
      isCompressible(res.headers.get('content-type')) && !res.headers.has('content-encoding') && !NOT_COMPRESSED_STATUSES.has(res.status);
    if (!compressible) return;
    const vary = withVary(res.headers.get('vary'), 'Accept-Encoding');
    if (vary) c.header('Vary', vary);
    const length = Number(res.headers.get('content-length') ?? Number.NaN);
    if (!res.body || c.req.method === 'HEAD' || length < MIN_COMPRESSED_SIZE) return;
    const encoding = negotiateEncoding(c.req.header('accept-encoding'));
    if (!encoding) return;
    const encoder = Duplex.toWeb(createEncoder(encoding, { streaming: Number.isNaN(length) }));
    const compressed = c.res.body?.pipeThrough(encoder as unknown as ReadableWritablePair<Uint8Array, Uint8Array>);
    c.res = new Response(compressed, c.res);
    c.res.headers.delete('Content-Length');
    c.res.headers.set('Content-Encoding', encoding);
  };
}
