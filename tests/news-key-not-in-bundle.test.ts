import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from 'vite';

// The NewsAPI key is the server's alone (edge/news-proxy.ts): whatever a deployment sets, a real production build of
// the browser app must not carry it. This builds the app with the project's own config and looks for the key's value
// in every file written, so a leak through any path (a VITE_* variable read by name, the whole import.meta.env object
// inlined, a define in a plugin) fails here, not in a reader's download.

const ROOT = resolve(import.meta.dirname, '..');
// A value that occurs nowhere else: any occurrence in the output can only come from the environment.
const MARKER = `news-key-marker-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
// Both names: the server-side one, and the old browser one a forgotten .env.local might still set.
const KEY_VARIABLES = ['NEWS_API_KEY', 'VITE_NEWS_API_KEY'] as const;

const scratch = mkdtempSync(join(tmpdir(), 'news-key-bundle-'));

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

function filesBelow(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

describe('the NewsAPI key and the browser bundle', () => {
  // A full production build takes tens of seconds on the 2-core CI machine.
  it('never puts the key in any file of a production build', { timeout: 240_000 }, async () => {
    const outDir = join(scratch, 'dist');
    // An empty env directory: the developer's own .env files must not decide the outcome; the variables come from
    // process.env, which Vite reads as well, exactly as a CI or hosting build environment would set them.
    const envDir = mkdtempSync(join(scratch, 'env-'));
    const saved = KEY_VARIABLES.map((name) => [name, process.env[name]] as const);
    for (const name of KEY_VARIABLES) process.env[name] = MARKER;
    try {
      await build({
        root: ROOT,
        configFile: resolve(ROOT, 'vite.config.ts'),
        mode: 'production',
        envDir,
        // Silent: the build's report is noise in a test run. A temp outDir: dist/ (what `npm run build` and the
        // end-to-end suite serve) stays as it is.
        logLevel: 'silent',
        build: { outDir, emptyOutDir: true },
      });
    } finally {
      for (const [name, value] of saved) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }

    const files = filesBelow(outDir);
    // A build that wrote no scripts would pass the scan below for the wrong reason.
    expect(files.some((file) => file.endsWith('.js'))).toBe(true);
    const leaking = files.filter((file) => readFileSync(file).includes(MARKER)).map((file) => relative(outDir, file));
    expect(leaking).toEqual([]);
  });
});
