import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPOSITORY } from './site-copy.ts';

// wrangler, the Cloudflare Workers CLI the README's "Cloudflare Workers" section has a newsroom type, for the deploy
// suite's Worker and Pages runs. It is not a dependency of the project on purpose: every wrangler 4 release declares
// Node >= 22.12 while the project supports Node 20, and on Node 20 npm resolves `wrangler` to the last release that
// accepted it, whose workerd refuses adapters/cloudflare/wrangler.toml's compatibility_date. So the suite installs
// this exact release, once, into a cache folder and runs it on a current Node LTS.

/**
 * The wrangler release the suite runs and the README names (`npx wrangler@<this>`). Exact, because wrangler pins its
 * own workerd, and workerd's build date is the newest compatibility_date it accepts: a release older than
 * wrangler.toml's date refuses to start the Worker. Raise it with wrangler.toml's compatibility_date, in the same
 * commit as the README's and wrangler.toml's `npx wrangler@<version>` lines.
 */
export const WRANGLER_VERSION = '4.164.0';

/** wrangler's `engines`: the oldest Node it runs on. */
const WRANGLER_MIN_NODE = [22, 12] as const;

/** The Node LTS fetched when neither this process nor LTS_NODE_DIR has one wrangler accepts (as .ci/run fetches it). */
export const LTS_NODE_VERSION = '26.10.0';

/** Installed tools live here, keyed by version; node_modules/ is git-ignored and survives between runs. */
const CACHE = join(REPOSITORY, 'node_modules', '.cache', 'deploy-tools');

export interface WranglerTools {
  /** The Node binary wrangler runs on (>= 22.12). */
  node: string;
  /** wrangler's own entry point, run as `<node> <wrangler> dev ...`. */
  wrangler: string;
}

function nodeVersionOf(node: string): [number, number] {
  const version = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
  const [major = 0, minor = 0] = version.replace(/^v/, '').split('.').map(Number);
  return [major, minor];
}

function runsWrangler([major, minor]: [number, number]): boolean {
  const [needMajor, needMinor] = WRANGLER_MIN_NODE;
  return major > needMajor || (major === needMajor && minor >= needMinor);
}

/** The platform's Node binary of the registry's `node-<platform>-<arch>` package, fetched into the cache once. */
function cachedLtsNode(): string {
  const folder = join(CACHE, `node-${LTS_NODE_VERSION}`);
  const node = join(folder, 'package', 'bin', 'node');
  if (existsSync(node)) return node;
  mkdirSync(CACHE, { recursive: true });
  const download = mkdtempSync(join(CACHE, 'node-download-'));
  try {
    const name = `node-${process.platform}-${process.arch}`;
    const tarball = execFileSync('npm', ['pack', '--silent', `${name}@${LTS_NODE_VERSION}`], { cwd: download, encoding: 'utf8' }).trim();
    execFileSync('tar', ['xzf', tarball], { cwd: download });
    rmSync(join(download, tarball));
    // A run that fetched the same version meanwhile got there first: its copy is as good.
    if (!existsSync(node)) renameSync(download, folder);
  } finally {
    rmSync(download, { recursive: true, force: true });
  }
  return node;
}

/** A Node wrangler accepts: this one if it is new enough, else LTS_NODE_DIR's (.ci/run's download), else the cache's. */
function nodeForWrangler(): string {
  if (runsWrangler(nodeVersionOf(process.execPath))) return process.execPath;
  const given = process.env.LTS_NODE_DIR?.trim();
  if (given) {
    const node = join(given, 'bin', 'node');
    if (!existsSync(node)) throw new Error(`LTS_NODE_DIR=${given} has no bin/node`);
    if (!runsWrangler(nodeVersionOf(node))) throw new Error(`LTS_NODE_DIR=${given}: wrangler needs Node >= ${WRANGLER_MIN_NODE.join('.')}`);
    return node;
  }
  return cachedLtsNode();
}

function installedVersion(folder: string): string | null {
  const manifest = join(folder, 'node_modules', 'wrangler', 'package.json');
  if (!existsSync(manifest)) return null;
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

/**
 * wrangler WRANGLER_VERSION in the cache, installed by `node`'s npm (wrangler's engines would make Node 20's npm
 * warn, and its install scripts fetch nothing: workerd's and esbuild's binaries are per-platform npm packages).
 */
function cachedWrangler(node: string): string {
  const folder = join(CACHE, `wrangler-${WRANGLER_VERSION}`);
  const entry = join(folder, 'node_modules', 'wrangler', 'bin', 'wrangler.js');
  if (installedVersion(folder) === WRANGLER_VERSION) return entry;
  mkdirSync(CACHE, { recursive: true });
  const staging = mkdtempSync(join(CACHE, 'wrangler-install-'));
  try {
    const manifest = {
      private: true,
      description: 'wrangler for the deploy suite (e2e/deploy/support/wrangler-tools.ts): not a dependency of the project.',
      dependencies: { wrangler: WRANGLER_VERSION },
      // npm 11.16+ warns about install scripts not approved here: workerd's and esbuild's link their binaries.
      allowScripts: { esbuild: true, workerd: true },
    };
    writeFileSync(join(staging, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    const npmPath = `${join(node, '..')}:${process.env.PATH ?? ''}`;
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], {
      cwd: staging,
      env: { ...process.env, PATH: npmPath },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    rmSync(folder, { recursive: true, force: true });
    renameSync(staging, folder);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return entry;
}

let tools: WranglerTools | undefined;

/** wrangler and a Node it runs on, installed on first use (about 15 s from the registry), then from the cache. */
export function wranglerTools(): WranglerTools {
  if (!tools) {
    const node = nodeForWrangler();
    tools = { node, wrangler: cachedWrangler(node) };
  }
  return tools;
}
