// Where GoTrue may send a browser after an e-mail link (internal/utilities/request.go: GetReferrer,
// IsRedirectURLValid), reduced to what the local backend knows: the site URL (SITE_URL, else the request's own
// origin) and the request's own origin. Anything else falls back to the site URL, never to the address asked for:
// no open redirect.

const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]']);

function parse(candidate: string): URL | null {
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/**
 * GoTrue's rule against one allowed base: same scheme and host, and the same port unless the host is a loopback
 * address (RFC 8252 §7.3: a local app may run on any port).
 */
function isUnder(target: URL, base: URL): boolean {
  if (target.protocol !== base.protocol || target.hostname !== base.hostname) return false;
  return target.port === base.port || LOOPBACK_HOSTS.has(target.hostname);
}

/** Whether a redirect_to may be honoured: on the site's or the request's own origin (see isUnder). */
export function isAllowedRedirect(candidate: string | undefined | null, allowedBases: readonly string[]): boolean {
  if (!candidate) return false;
  const target = parse(candidate);
  if (!target || target.username || target.password) return false;
  return allowedBases.some((base) => {
    const parsed = parse(base);
    return parsed !== null && isUnder(target, parsed);
  });
}

/** GetReferrer: the redirect_to asked for when allowed, else the Referer when allowed, else the site URL. */
export function redirectTarget(
  requested: string | undefined | null,
  referer: string | undefined | null,
  site: { siteUrl: string; requestOrigin: string },
): string {
  const allowed = [site.siteUrl, site.requestOrigin];
  if (requested && isAllowedRedirect(requested, allowed)) return requested;
  if (referer && isAllowedRedirect(referer, allowed)) return referer;
  return site.siteUrl;
}
