import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// What a build tells a static host (Cloudflare Pages, Netlify) in dist/_headers, read the way those hosts read it: the
// deploy suite checks that `wrangler pages dev` puts these headers on its answers.

/** The headers `_headers` gives every address (its `/*` block), by name. */
export function headersForEveryAddress(dist: string): Record<string, string> {
  const headers: Record<string, string> = {};
  let inBlock = false;
  for (const line of readFileSync(join(dist, '_headers'), 'utf8').split('\n')) {
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    // A path starts a block at the line's start; its headers are indented under it.
    if (!/^\s/.test(line)) {
      inBlock = line.trim() === '/*';
      continue;
    }
    const colon = line.indexOf(':');
    if (inBlock && colon > 0) headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return headers;
}
