import { env } from '../../config/env';

/**
 * The origins whose publications bucket counts as ours here, besides hosted projects and relative paths: the
 * configured project and the page's own (the local backend answers there). The server's render names the page's
 * origin, which it has no location for.
 */
export function ownImageOrigins(pageOrigin: string | undefined = globalThis.location?.origin): string[] {
  const origins = [env.supabaseUrl, pageOrigin];
  return origins.filter((origin): origin is string => typeof origin === 'string' && origin !== '' && origin !== 'null');
}
