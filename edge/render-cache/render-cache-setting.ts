// RENDER_CACHE, read the same way by npm start (server/production-config.ts) and the Worker (its [vars]): on unless
// it says off, for a benchmark without it (npm run bench:spike) or to rule the cache out while chasing a problem.

/** True (the cache is on) for unset, 'on', 'true', '1'; false for 'off', 'false', '0'; null for anything else. */
export function renderCacheSetting(raw: string | undefined): boolean | null {
  const value = raw?.trim().toLowerCase() ?? '';
  if (['', 'on', 'true', '1'].includes(value)) return true;
  if (['off', 'false', '0'].includes(value)) return false;
  return null;
}
