import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// A new data folder's database is made by PGlite's initdb, which runs in a WebAssembly instance of its own: about
// 450 MB of memory that the process keeps once it is done (PGlite holds on to it; WebAssembly memory never shrinks).
// Made in a short-lived child process instead, the server opens a finished folder and holds what any restart holds
// (docs/decisions/0051). The child's only work is this file's main part below.

/** Whether the folder holds a PostgreSQL cluster already (initdb's first file). */
export function hasCluster(dataDir: string): boolean {
  return existsSync(join(dataDir, 'PG_VERSION'));
}

/** Runs initdb for `dataDir` in a child Node process; rejects with the child's own words when it fails. */
export function createClusterInChild(dataDir: string, startParams: readonly string[]): Promise<void> {
  // tsx's loader, as npm start runs this code: the child runs this TypeScript file the same way.
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  const child = spawn(process.execPath, ['--import', tsx, fileURLToPath(import.meta.url), dataDir, ...startParams], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let said = '';
  child.stderr.on('data', (chunk: Buffer) => (said = (said + chunk.toString()).slice(-2000)));
  return new Promise((done, failed) => {
    child.once('error', failed);
    child.once('exit', (code, signal) => {
      if (code === 0) done();
      else failed(new Error(`creating the database in ${dataDir} failed (${signal ?? `exit ${code}`}): ${said.trim()}`));
    });
  });
}

async function main(dataDir: string, startParams: string[]): Promise<void> {
  const { PGlite } = await import('@electric-sql/pglite');
  const pg = await PGlite.create({ dataDir, startParams });
  await pg.close();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [dataDir, ...startParams] = process.argv.slice(2);
  if (!dataDir) throw new Error('usage: create-pglite-cluster.ts DATA_DIR [START_PARAM...]');
  await main(dataDir, startParams);
}
