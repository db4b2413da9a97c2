import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

export const REPOSITORY = resolve(import.meta.dirname, '../../..');

/**
 * The repository as a fresh clone of this working tree would have it (tracked files and new ones git does not
 * ignore; never dist/, .local-supabase/ or .env files), in `target`, with node_modules linked to the repository's
 * (installing again would take minutes and change nothing). A deploy path's build and servers run there, so nothing
 * the developer's own dist/ or data folder holds can make a journey pass.
 */
export function copyWorkingTree(target: string): void {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: REPOSITORY,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
    .split('\0')
    .filter(Boolean);
  for (const file of new Set(files)) {
    const from = join(REPOSITORY, file);
    // A tracked file deleted in the working tree is listed too: a clone of this tree would not have it.
    if (!existsSync(from)) continue;
    const to = join(target, file);
    mkdirSync(dirname(to), { recursive: true });
    cpSync(from, to, { dereference: false });
  }
  symlinkSync(join(REPOSITORY, 'node_modules'), join(target, 'node_modules'), 'dir');
}
