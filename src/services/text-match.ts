/** An ILIKE pattern matching `text` anywhere, with LIKE's wildcards taken literally. */
export function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * PostgREST's `or=()` body matching rows where any of `columns` contains `text` (case-insensitive). The pattern is
 * double-quoted so commas, dots and parentheses a person types stay text.
 */
export function anyColumnContains(columns: readonly string[], text: string): string {
  const quoted = `"${containing(text).replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
  return columns.map((column) => `${column}.ilike.${quoted}`).join(',');
}
