// The built app the measurement serves. dist/ is built here when missing, flagged when older than public/, and
// copied to a private snapshot (in node_modules/.cache): a `vite build` run meanwhile (another terminal, another
// engineer) empties dist/ and would otherwise mix two builds in one table.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { PAGE_RENDERER_FILE } from '../../server/built-page-renderer.ts';

const SNAPSHOT_ATTEMPTS = 5;

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(folder, join(entry.parentPath, entry.name)));
}

export function ensureBuild(repositoryRoot: string): string {
  const distDir = join(repositoryRoot, 'dist');
  const index = join(distDir, 'index.html');
  // A plain `vite build` leaves the pages without their prerendered HTML (scripts/prerender.ts) and without the
  // server's render of the data pages (decision 0019): not what ships.
  const complete = existsSync(index) && readFileSync(index, 'utf8').includes('data-prerendered="home"') && existsSync(join(distDir, PAGE_RENDERER_FILE));
  if (!complete) {
    console.error('perf: no complete build in dist/, building with "npm run build:app"');
    execFileSync('npm', ['run', 'build:app'], { cwd: repositoryRoot, stdio: ['ignore', 'inherit', 'inherit'] });
  }
  const publicDir = join(repositoryRoot, 'public');
  const missing = existsSync(publicDir) ? filesUnder(publicDir).filter((file) => !existsSync(join(distDir, file))) : [];
  if (missing.length > 0) {
    console.error(`perf: warning: dist/ lacks ${missing.join(', ')} from public/: the build is stale, run "npx vite build"`);
  }
  return distDir;
}

export interface BuildSnapshot {
  dir: string;
  remove(): void;
}

const readIndex = (distDir: string) => {
  const file = join(distDir, 'index.html');
  return existsSync(file) ? readFileSync(file, 'utf8') : '';
};

/**
 * Copies dist/ to a temporary folder. dist/index.html names the hashed entry chunk, so the same index.html before
 * and after the copy means no build ran in between; otherwise the copy is taken again.
 */
export async function snapshotBuild(distDir: string): Promise<BuildSnapshot> {
  // Inside the project: the build's server render (dist/.server/) imports its packages from the project's
  // node_modules, which Node finds only from a folder below it.
  const parent = join(distDir, '..', 'node_modules', '.cache');
  mkdirSync(parent, { recursive: true });
  for (let attempt = 1; attempt <= SNAPSHOT_ATTEMPTS; attempt += 1) {
    const dir = mkdtempSync(join(parent, 'perf-dist-'));
    const remove = () => rmSync(dir, { recursive: true, force: true });
    const before = readIndex(distDir);
    try {
      cpSync(distDir, dir, { recursive: true });
      if (before && readIndex(distDir) === before && readIndex(dir) === before) return { dir, remove };
    } catch {
      // A file removed by a build while it was being copied: take the copy again.
    }
    remove();
    await new Promise((done) => setTimeout(done, 2_000));
  }
  throw new Error('dist/ kept changing while it was copied: run again when no build is running');
}
