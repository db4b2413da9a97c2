import { readFile, readdir, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { REPOSITORY_ROOT } from '../local-supabase/src/env.ts';
import type { SystemHost } from '../edge/jobs/system-api.ts';
import { BUILD_INFO_FILE } from './build-target.ts';

// What the Node hosts tell the 'Sistema' screen about themselves (docs/decisions/0042): package.json's version, the
// build's commit (recorded by `vite build`, server/build-target.ts), and on the one machine the uploads folder's size.

async function packageVersion(): Promise<string> {
  const text = await readFile(resolve(REPOSITORY_ROOT, 'package.json'), 'utf8');
  const { version } = JSON.parse(text) as { version?: unknown };
  return typeof version === 'string' ? version : '?';
}

async function buildCommit(distDir: string | null): Promise<string | null> {
  if (!distDir) return null;
  const text = await readFile(resolve(distDir, BUILD_INFO_FILE), 'utf8').catch(() => null);
  if (!text) return null;
  const { commit } = JSON.parse(text) as { commit?: unknown };
  return typeof commit === 'string' && /^[0-9a-f]{7,40}$/.test(commit) ? commit : null;
}

/** The bytes of every file under `dir` (0 for a folder that does not exist yet). */
export async function folderBytes(dir: string): Promise<number> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  let total = 0;
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += await folderBytes(path);
    else if (entry.isFile()) total += (await stat(path).catch(() => null))?.size ?? 0;
  }
  return total;
}

export async function nodeSystemHost(options: { hosted: boolean; distDir: string | null; uploadsDir: string | null }): Promise<SystemHost> {
  const { uploadsDir } = options;
  return {
    backend: options.hosted ? 'hosted' : 'embedded',
    version: await packageVersion(),
    commit: await buildCommit(options.distDir),
    uploadsBytes: uploadsDir ? () => folderBytes(uploadsDir) : null,
  };
}
