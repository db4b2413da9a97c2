import { parseBackupName } from './backup-names.ts';

// Which backups stay: 7 daily and 4 weekly. Decided from the names alone (UTC days and weeks), relative to the newest
// backup and never to the clock, so a server that was off for a month does not wake up and delete every backup it has.
//
// - Daily: the newest backup of each of the 7 most recent days that have one.
// - Weekly: the newest backup of each of the 4 weeks (Monday to Sunday) before the newest backup's week, so normally
//   Sunday's, the week's last. The newest backup's own week is inside the 7 daily ones.

export const DAILY_KEPT = 7;
export const WEEKLY_KEPT = 4;

const DAY_MS = 86_400_000;

function dayOf(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The Monday (UTC) that starts the week of `at`, as YYYY-MM-DD. */
export function weekOf(at: Date): string {
  const daysSinceMonday = (at.getUTCDay() + 6) % 7;
  return dayOf(new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()) - daysSinceMonday * DAY_MS));
}

/** The newest name in each group, for the `count` most recent groups (names sort as instants). */
function newestPerGroup(backups: readonly { name: string; at: Date }[], groupOf: (at: Date) => string, count: number): string[] {
  const newest = new Map<string, string>();
  for (const { name, at } of backups) {
    const group = groupOf(at);
    const current = newest.get(group);
    if (!current || name > current) newest.set(group, name);
  }
  return [...newest.entries()]
    .sort(([a], [b]) => (a < b ? 1 : -1))
    .slice(0, count)
    .map(([, name]) => name);
}

export interface RotationPlan {
  keep: string[];
  remove: string[];
}

/** Splits BACKUP_DIR's backup names into those to keep and those to delete; names that are not backups are in neither. */
export function planRotation(names: readonly string[]): RotationPlan {
  const backups = names.flatMap((name) => {
    const at = parseBackupName(name);
    return at ? [{ name, at }] : [];
  });
  if (backups.length === 0) return { keep: [], remove: [] };
  const newest = backups.reduce((a, b) => (b.name > a.name ? b : a));
  const currentWeek = weekOf(newest.at);
  const daily = newestPerGroup(backups, dayOf, DAILY_KEPT);
  const weekly = newestPerGroup(
    backups.filter(({ at }) => weekOf(at) < currentWeek),
    weekOf,
    WEEKLY_KEPT,
  );
  const keep = new Set([...daily, ...weekly]);
  const sorted = backups.map(({ name }) => name).sort();
  return { keep: sorted.filter((name) => keep.has(name)), remove: sorted.filter((name) => !keep.has(name)) };
}
