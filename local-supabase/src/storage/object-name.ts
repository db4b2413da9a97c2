// Object keys and MIME rules, apart from HTTP so that they can be tested with tables of cases.

/** Supabase Storage's allowed key characters (storage-api isValidKey); anything else is "Invalid key". */
const VALID_KEY = /^(\w|\/|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/;
const MAX_KEY_LENGTH = 1024;

/**
 * Normalises an object name as storage-js already does (no leading or trailing slash, no doubled slash) and
 * refuses names that could escape their bucket or that Supabase would refuse. Returns null when invalid.
 */
export function normalizeObjectName(raw: string): string | null {
  const name = raw.replace(/\/{2,}/g, '/').replace(/^\/+|\/+$/g, '');
  if (name === '' || name.length > MAX_KEY_LENGTH || !VALID_KEY.test(name)) return null;
  if (name.split('/').some((segment) => segment === '.' || segment === '..')) return null;
  return name;
}

/** The media type without parameters, lower case: `Image/PNG; charset=x` → `image/png`. */
export function baseMimeType(contentType: string | null | undefined): string {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/** A bucket's allowed_mime_types: exact types or `type/*` wildcards; null or empty allows every type. */
export function isMimeTypeAllowed(mimeType: string, allowed: readonly string[] | null): boolean {
  if (!allowed || allowed.length === 0) return true;
  return allowed.some((rule) => {
    const pattern = rule.trim().toLowerCase();
    if (pattern.endsWith('/*')) return mimeType.startsWith(pattern.slice(0, -1));
    return pattern === mimeType;
  });
}

/** storage-js sends cacheControl as seconds ("3600"); raw uploads send a full Cache-Control header. */
export function cacheControlFrom(field: string | null | undefined): string {
  const value = (field ?? '').trim();
  if (value === '') return 'no-cache';
  return /^\d+$/.test(value) ? `max-age=${value}` : value;
}
