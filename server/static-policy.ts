// What a host (npm start's Node server, the Cloudflare Worker) decides about a built file from its address alone.
// Web-only, no Node imports: the Worker imports it too. Paths here are decoded (decodePath), beginning with '/'.

/** The request path, percent-decoded; null when it cannot be decoded or names something no file can be. */
export function decodePath(pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (!decoded.startsWith('/') || decoded.includes('\0') || decoded.includes('\\')) return null;
  // A '..' that survived the URL parser's own normalisation was encoded (%2e%2e, ..%2f): always an attack.
  if (decoded.split('/').some((segment) => segment === '..')) return null;
  return decoded;
}

/**
 * How long a browser may keep a built file. Vite names every file in assets/ by its content hash, so a name never
 * changes content; the public images are not hashed (scripts/make-images.sh may redraw one under its name); the rest
 * (favicon, robots.txt) is revalidated on every use.
 */
export function cacheControlFor(path: string): string {
  if (path.startsWith('/assets/')) return 'public, max-age=31536000, immutable';
  if (path.startsWith('/images/')) return 'public, max-age=86400';
  return 'no-cache';
}

/**
 * The handler's own addresses that may also exist as a file in dist/ (public/robots.txt is copied there): the
 * handler answers them first, so every host gives the same answer; a built file stays the fallback.
 */
export function isHandlerAddress(path: string): boolean {
  return (
    path === '/robots.txt' ||
    path === '/healthz' ||
    path === '/readyz' ||
    path === '/rss.xml' ||
    /^\/rss\/[^/]+\.xml$/.test(path) ||
    /^\/sitemap[^/]*\.xml$/.test(path) ||
    path.startsWith('/api/')
  );
}

/**
 * Built files that are never served under their own address. The HTML files are templates the handler fills in per
 * address (its head tags, the canonical address): served as they are, /index.html or /prerendered/shell.html would
 * be a second, wrong copy of a page. Dot folders hold build metadata (.vite/manifest.json), not the site; only
 * /.well-known/ (security.txt and the like, if public/ ever holds one) is meant to be public. `_headers` and
 * `_redirects` are a static host's configuration.
 */
export function isPrivateBuildPath(path: string): boolean {
  const segments = path.split('/');
  return (
    path.endsWith('.html') ||
    segments[1] === 'prerendered' ||
    segments.some((segment) => segment.startsWith('.') && segment !== '.well-known') ||
    STATIC_HOST_FILES.has(path)
  );
}

/** What a static host reads and never serves (scripts/static-host-files.ts): the other hosts do not serve them either. */
const STATIC_HOST_FILES = new Set(['/_headers', '/_redirects']);

/** An address that names a file (its last segment has an extension): a miss is a 404, never a page's HTML. */
export function looksLikeFile(path: string): boolean {
  const last = path.slice(path.lastIndexOf('/') + 1);
  return /\.[a-z0-9]+$/i.test(last);
}
