/**
 * The addresses the local backend answers on the site's own origin: what the browser's supabase-js uses (REST, auth,
 * storage) and the local mailbox (docs/decisions/0013). Every host that mounts the backend routes by this one list.
 */
export const BACKEND_PREFIXES = ['/rest/v1', '/auth/v1', '/storage/v1', '/__mailbox'] as const;

/** Whether a request's URL (path, with or without its query) is the backend's. */
export function isBackendPath(url: string | undefined): boolean {
  const path = (url ?? '').split('?')[0] ?? '';
  return BACKEND_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}
