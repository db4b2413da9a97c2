import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPOSITORY_ROOT } from '../local-supabase/src/env.ts';

// A data folder that cannot be created: a path below a regular file fails even for root.
const scratch = mkdtempSync(join(tmpdir(), 'pf-start-failure-'));
const blocker = join(scratch, 'a-file');
writeFileSync(blocker, 'in the way');
const badDataDir = join(blocker, 'data');
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function run(command: string, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: REPOSITORY_ROOT,
      env: { ...process.env, LOCAL_SUPABASE_DATA_DIR: badDataDir, DATABASE_URL: '', VITE_SUPABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

const expectedLine = `[local-supabase] could not start: cannot create or write the data folder ${badDataDir} (ENOTDIR); set LOCAL_SUPABASE_DATA_DIR`;

describe('a data folder that cannot be used', () => {
  it('stops `npm run backend` with one line naming the variable and the path', async () => {
    const { code, output } = await run('node', ['--import', 'tsx', 'local-supabase/src/main.ts']);
    expect(code).toBe(1);
    const lines = output.split('\n').filter((line) => line.includes('[local-supabase]'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(expectedLine);
    expect(output).not.toContain('listening on');
  });

  it('stops the dev server instead of serving a page whose every API call fails', async () => {
    const { code, output } = await run(join(REPOSITORY_ROOT, 'node_modules/.bin/vite'), ['--port', '0', '--strictPort']);
    expect(code).toBe(1);
    expect(output).toContain(expectedLine);
    expect(output).not.toContain('Local:');
  });
});
