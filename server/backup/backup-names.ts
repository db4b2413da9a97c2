// A backup is a folder in BACKUP_DIR named by the UTC instant it was taken, e.g. `2026-11-29T063000Z`: names sort as
// times do, so rotation needs nothing but the names, and the same names with the same clock give the same result.

const NAME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2})(\d{2})(\d{2})Z$/;

/** The folder name of a backup taken at `at`. */
export function backupName(at: Date): string {
  const iso = at.toISOString(); // 2026-11-29T06:30:00.000Z
  return `${iso.slice(0, 10)}T${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
}

/** The instant a backup's folder name records, or null for anything else in BACKUP_DIR (never rotated). */
export function parseBackupName(name: string): Date | null {
  const match = NAME.exec(name);
  if (!match) return null;
  const [, year, month, day, hour, minute, second] = match.map(Number) as [number, number, number, number, number, number, number];
  const at = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  // 2026-02-30 would roll over into March: not a name this module wrote.
  return backupName(at) === name ? at : null;
}

/** The folder a backup is written into before it is complete; rotation never counts it. */
export function partialName(name: string): string {
  return `.partial-${name}`;
}

export const PARTIAL_PREFIX = '.partial-';
