/** The request headers PostgREST honours (docs/architecture.md §5): `Prefer` and a singular `Accept`. */

export interface Preferences {
  return?: 'minimal' | 'representation' | 'headers-only';
  count?: 'exact' | 'planned' | 'estimated';
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missing?: 'default' | 'null';
  tx?: 'commit' | 'rollback';
}

const KNOWN: { [K in keyof Preferences]-?: readonly NonNullable<Preferences[K]>[] } = {
  return: ['minimal', 'representation', 'headers-only'],
  count: ['exact', 'planned', 'estimated'],
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  missing: ['default', 'null'],
  tx: ['commit', 'rollback'],
};

/**
 * `count=exact, return=representation` (values joined by commas, possibly over several headers).
 * Unknown or invalid preferences are ignored, as PostgREST does without `handling=strict`.
 */
export function parsePrefer(header: string | undefined | null): Preferences {
  const prefs: Preferences = {};
  if (!header) return prefs;
  for (const part of header.split(',')) {
    const [rawKey, rawValue] = part.split('=', 2).map((s) => s.trim());
    if (!rawKey || rawValue === undefined) continue;
    if (!(rawKey in KNOWN)) continue;
    const key = rawKey as keyof Preferences;
    if ((KNOWN[key] as readonly string[]).includes(rawValue)) {
      (prefs as Record<string, string>)[key] = rawValue;
    }
  }
  return prefs;
}

/** The `Preference-Applied` value PostgREST echoes for the preferences it acted on. */
export function appliedPreferences(prefs: Preferences): string | undefined {
  const applied = (Object.keys(KNOWN) as (keyof Preferences)[])
    .filter((key) => prefs[key] !== undefined)
    .map((key) => `${key}=${prefs[key] ?? ''}`);
  return applied.length > 0 ? applied.join(', ') : undefined;
}

export const SINGULAR_MEDIA_TYPE = 'application/vnd.pgrst.object+json';

/** `.single()` sends `Accept: application/vnd.pgrst.object+json` (optionally with parameters). */
export function wantsSingular(accept: string | undefined | null): boolean {
  if (!accept) return false;
  return accept
    .split(',')
    .map((part) => part.split(';')[0]?.trim().toLowerCase())
    .some((type) => type === SINGULAR_MEDIA_TYPE);
}
