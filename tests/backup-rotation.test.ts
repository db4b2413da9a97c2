import { describe, expect, it } from 'vitest';
import { backupName, parseBackupName } from '../server/backup/backup-names.ts';
import { planRotation, weekOf } from '../server/backup/rotation.ts';

const DAY_MS = 86_400_000;

/** The names a daily job would have written at 06:30 UTC on each of `days` days ending on `last`. */
function dailyNames(last: string, days: number): string[] {
  const end = Date.parse(`${last}T06:30:00Z`);
  return Array.from({ length: days }, (_, index) => backupName(new Date(end - (days - 1 - index) * DAY_MS)));
}

describe('backup names', () => {
  it('name a backup by its UTC instant, to the second, and read it back', () => {
    const at = new Date('2026-11-29T06:30:05.250Z');
    expect(backupName(at)).toBe('2026-11-29T063005Z');
    expect(parseBackupName('2026-11-29T063005Z')?.toISOString()).toBe('2026-11-29T06:30:05.000Z');
  });

  it('sort as the instants they name', () => {
    const names = [new Date('2026-12-01T00:00:00Z'), new Date('2026-11-30T23:59:59Z'), new Date('2027-01-01T00:00:00Z')].map(backupName);
    expect([...names].sort()).toEqual([names[1], names[0], names[2]]);
  });

  it('are not read into anything else in BACKUP_DIR: a half-written backup, a date that does not exist, other files', () => {
    for (const name of ['.partial-2026-11-29T063005Z', '2026-02-30T000000Z', '2026-11-29', 'notas.txt', '2026-11-29T063005Z.old']) {
      expect(parseBackupName(name)).toBeNull();
    }
  });
});

describe('rotation: 7 daily and 4 weekly', () => {
  it('weeks start on Monday, so Sunday is the last day of its week', () => {
    expect(weekOf(new Date('2026-11-29T23:00:00Z'))).toBe('2026-11-23'); // a Sunday
    expect(weekOf(new Date('2026-11-30T01:00:00Z'))).toBe('2026-11-30'); // the Monday after
  });

  it('after two months of daily backups keeps the last 7 days and the 4 Sundays before this week', () => {
    const names = dailyNames('2026-11-29', 60); // ends on a Sunday
    const { keep, remove } = planRotation(names);
    expect(keep).toEqual([
      '2026-11-01T063000Z',
      '2026-11-08T063000Z',
      '2026-11-15T063000Z',
      '2026-11-22T063000Z',
      ...dailyNames('2026-11-29', 7),
    ]);
    expect(remove).toHaveLength(60 - 11);
    expect(new Set([...keep, ...remove]).size).toBe(60);
  });

  it('midweek, the weekly ones are still the Sundays of the 4 weeks before this one', () => {
    const { keep } = planRotation(dailyNames('2026-12-02', 60)); // a Wednesday
    expect(keep.filter((name) => !dailyNames('2026-12-02', 7).includes(name))).toEqual([
      '2026-11-08T063000Z',
      '2026-11-15T063000Z',
      '2026-11-22T063000Z',
    ]);
    // The fourth week's Sunday (11-29) is among the daily ones.
    expect(keep).toContain('2026-11-29T063000Z');
    expect(keep).toHaveLength(10);
  });

  it('keeps the newest of a day with several backups (npm run backup and the job), and removes the others', () => {
    const names = [...dailyNames('2026-11-29', 7), '2026-11-29T153000Z', '2026-11-29T010000Z'];
    const { keep, remove } = planRotation(names);
    expect(keep).toContain('2026-11-29T153000Z');
    expect(remove).toEqual(['2026-11-29T010000Z', '2026-11-29T063000Z']);
  });

  it('a week without a Sunday backup keeps its newest one instead', () => {
    const names = dailyNames('2026-11-29', 21).filter((name) => !name.startsWith('2026-11-15'));
    expect(planRotation(names).keep).toContain('2026-11-14T063000Z');
  });

  it('never deletes for a pause: a server off for two months keeps its last backups when it starts again', () => {
    const before = dailyNames('2026-09-30', 40);
    const { keep } = planRotation([...before, '2026-11-29T063000Z']);
    // The 7 newest days that have a backup, and the newest of each of the 4 weeks before the new one's that have any.
    expect(keep).toEqual(['2026-09-13T063000Z', '2026-09-20T063000Z', ...dailyNames('2026-09-30', 6), '2026-11-29T063000Z']);
  });

  it('leaves alone what is not a backup, and changes nothing for a folder with none', () => {
    expect(planRotation(['.partial-2026-11-29T063000Z', 'lost+found'])).toEqual({ keep: [], remove: [] });
    const { keep, remove } = planRotation(['2026-11-29T063000Z', 'lost+found']);
    expect(keep).toEqual(['2026-11-29T063000Z']);
    expect(remove).toEqual([]);
  });
});
