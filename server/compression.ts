import type { Transform } from 'node:stream';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

/** Text formats shrink several times over; images, fonts and archives are compressed already. */
const COMPRESSIBLE =
  /^(text\/(html|css|javascript|plain|xml)|application\/(javascript|json|manifest\+json|xml|rss\+xml|atom\+xml)|image\/svg\+xml)\b/i;

export function isCompressible(contentType: string | null | undefined): boolean {
  return !!contentType && COMPRESSIBLE.test(contentType.trim());
}

/** Brotli when the client takes it, else gzip, else nothing (q=0 refuses a coding; '*' stands for any other). */
export function negotiateEncoding(acceptEncoding: string | undefined): Encoding | null {
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
export function createEncoder(encoding: Encoding, { streaming }: { streaming: boolean }): Transform {
  if (encoding === 'br') {
    return createBrotliCompress({
      params: { [constants.BROTLI_PARAM_QUALITY]: 5 },
      ...(streaming ? { flush: constants.BROTLI_OPERATION_FLUSH } : {}),
    });
  }
  return createGzip(streaming ? { flush: constants.Z_SYNC_FLUSH } : {});
}
