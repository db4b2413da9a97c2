import type { Stats } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { isPrivateBuildPath } from './static-policy.ts';

export interface StaticFile {
  /** The file's real path, inside dist/. */
  file: string;
  stats: Stats;
  contentType: string;
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.pdf': 'application/pdf',
};

export function contentTypeFor(file: string): string {
  return CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

function isInside(root: string, file: string): boolean {
  return file.startsWith(root + sep);
}

/**
 * The built file a decoded request path names, or null: nothing there, a folder (no listings), a private build
 * file, or anything whose real path (symbolic links followed) is outside dist/. `root` is dist/'s real path.
 */
export async function findStaticFile(root: string, path: string): Promise<StaticFile | null> {
  if (isPrivateBuildPath(path)) return null;
  const candidate = resolve(root, `.${path}`);
  if (!isInside(root, candidate)) return null;
  try {
    const file = await realpath(candidate);
    if (!isInside(root, file)) return null;
    const stats = await stat(file);
    if (!stats.isFile()) return null;
    return { file, stats, contentType: contentTypeFor(file) };
  } catch {
    return null;
  }
}

/** A weak validator from size and modification time: cheap, and a rebuilt file gets a new one. */
export function etagFor(stats: Stats): string {
  return `W/"${stats.size.toString(36)}-${Math.floor(stats.mtimeMs).toString(36)}"`;
}

/** Whether the browser's copy is current (If-None-Match first, If-Modified-Since only without it). */
export function isNotModified(headers: { 'if-none-match'?: string; 'if-modified-since'?: string }, stats: Stats): boolean {
  const ifNoneMatch = headers['if-none-match'];
  if (ifNoneMatch !== undefined) {
    const etag = etagFor(stats);
    const weak = (tag: string) => tag.trim().replace(/^W\//, '');
    return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || weak(tag) === weak(etag));
  }
  const ifModifiedSince = headers['if-modified-since'];
  if (ifModifiedSince === undefined) return false;
  const since = Date.parse(ifModifiedSince);
  // HTTP dates have whole seconds.
  return !Number.isNaN(since) && Math.floor(stats.mtimeMs / 1000) <= Math.floor(since / 1000);
}
