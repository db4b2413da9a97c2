import type { Stats } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, Env } from 'hono';
import { isPrivateBuildPath } from './static-policy.ts';

// Which built file a request names (server/static-policy.ts decides what is private), and its answer: sent by
// @hono/node-server's serveStatic (type, length, Last-Modified, HEAD, ranges) with the validators it lacks.

export interface StaticFile {
  /** The file's real path, inside dist/. */
  file: string;
  stats: Stats;
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
    return stats.isFile() ? { file, stats } : null;
  } catch {
    return null;
  }
}

/** A weak validator from size and modification time: cheap, and a rebuilt file gets a new one. */
function etagFor(stats: Stats): string {
  return `W/"${stats.size.toString(36)}-${Math.floor(stats.mtimeMs).toString(36)}"`;
}

/** Whether the browser's copy is current (If-None-Match first, If-Modified-Since only without it). */
function isNotModified<E extends Env>(c: Context<E>, stats: Stats): boolean {
  const ifNoneMatch = c.req.header('if-none-match');
  if (ifNoneMatch !== undefined) {
    const weak = (tag: string) => tag.trim().replace(/^W\//, '');
    const etag = weak(etagFor(stats));
    return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || weak(tag) === etag);
  }
  const ifModifiedSince = c.req.header('if-modified-since');
  if (ifModifiedSince === undefined) return false;
  const since = Date.parse(ifModifiedSince);
  // HTTP dates have whole seconds.
  return !Number.isNaN(since) && Math.floor(stats.mtimeMs / 1000) <= Math.floor(since / 1000);
}

const noNext = () => Promise.resolve();

/**
 * The answer for a found file, with `cacheControl` and validators; a 304 without opening it when the browser's copy
 * is current. Undefined when the file went away since it was found.
 */
export async function sendStaticFile<E extends Env>(c: Context<E, string>, found: StaticFile, cacheControl: string): Promise<Response | undefined> {
  c.header('Cache-Control', cacheControl);
  c.header('ETag', etagFor(found.stats));
  if (isNotModified(c, found.stats)) {
    c.header('Last-Modified', found.stats.mtime.toUTCString());
    return c.body(null, 304);
  }
  return (await serveStatic({ path: found.file })(c, noNext)) ?? undefined;
}
