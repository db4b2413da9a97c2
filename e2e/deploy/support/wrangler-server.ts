import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { freePort } from '../../../scripts/free-port.ts';
import { baseEnv, startChild, waitForOutput, type Child } from './child-process.ts';
import { wranglerTools } from './wrangler-tools.ts';

// `wrangler dev` and `wrangler pages dev` on 127.0.0.1, offline: Cloudflare's runtime (workerd) on this machine, no
// account, nothing sent anywhere. The suite stops each by its process group (wrangler, its Node and the workerd
// processes it starts).

export interface WranglerServer {
  /** e.g. http://127.0.0.1:43117 */
  baseUrl: string;
  /** Every request wrangler itself tried to send off the machine (its telemetry, update check, `cf` data): none. */
  outboundAttempts(): string[];
  /** What wrangler printed so far. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * An HTTP proxy that answers nothing and writes down what it was asked. wrangler is given it as HTTP(S)_PROXY with
 * 127.0.0.1 exempt, so a request of wrangler's own that would leave the machine comes here instead, and the test
 * can say it never happened. (The Worker's own fetches run in workerd, which reads no proxy variables: its only
 * ones go to the stand-in project on 127.0.0.1.)
 */
async function startRecordingProxy(): Promise<{ url: string; attempts: string[]; close(): Promise<void> }> {
  const attempts: string[] = [];
  const server: Server = createServer((request, response) => {
    attempts.push(`${request.method ?? 'GET'} ${request.url ?? ''}`);
    response.writeHead(502).end();
  });
  server.on('connect', (request, socket) => {
    attempts.push(`CONNECT ${request.url ?? ''}`);
    socket.destroy();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('the recording proxy has no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    attempts,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/** What wrangler needs to run here and nothing more: no account, no telemetry, no update check, no `cf` download. */
function offlineEnv(proxyUrl: string, stateDir: string, node: string, extra: Record<string, string>): Record<string, string> {
  const base = baseEnv();
  return {
    ...base,
    ...extra,
    // wrangler's bin re-runs itself on the Node that started it; a tool it spawns by name finds the same one.
    PATH: `${dirname(node)}:${base.PATH ?? ''}`,
    // A config folder of its own: no developer's `wrangler login` token is read, nothing of theirs is written.
    XDG_CONFIG_HOME: join(stateDir, 'config'),
    WRANGLER_LOG_PATH: join(stateDir, 'logs'),
    WRANGLER_SEND_METRICS: 'false',
    WRANGLER_SEND_ERROR_REPORTS: 'false',
    DO_NOT_TRACK: '1',
    // The banner is where wrangler asks the registry for a newer release.
    WRANGLER_HIDE_BANNER: 'true',
    // miniflare's `request.cf` data: its built-in fallback instead of https://workers.cloudflare.com/cf.json.
    CLOUDFLARE_CF_FETCH_ENABLED: 'false',
    // Only the --var values reach the Worker: no .env or .dev.vars of the copy, none of this environment.
    CLOUDFLARE_LOAD_DEV_VARS_FROM_DOT_ENV: 'false',
    CLOUDFLARE_INCLUDE_PROCESS_ENV: 'false',
    HTTP_PROXY: proxyUrl,
    HTTPS_PROXY: proxyUrl,
    NO_PROXY: '127.0.0.1,localhost',
  };
}

interface RunOptions {
  name: string;
  /** wrangler's arguments after its entry point, without the address options this module adds. */
  args: string[];
  cwd: string;
  port: number;
  /** More environment for wrangler, e.g. NODE_EXTRA_CA_CERTS. */
  env?: Record<string, string>;
}

async function runWrangler({ name, args, cwd, port, env = {} }: RunOptions): Promise<WranglerServer> {
  const { node, wrangler } = wranglerTools();
  const inspectorPort = await freePort();
  const stateDir = mkdtempSync(join(tmpdir(), 'pfn-wrangler-'));
  const proxy = await startRecordingProxy();
  const child: Child = startChild(
    node,
    [
      wrangler,
      ...args,
      '--ip', '127.0.0.1',
      '--port', String(port),
      // The devtools port too (on 127.0.0.1, wrangler's default): its default port (9229) may be another run's.
      '--inspector-port', String(inspectorPort),
      '--persist-to', join(stateDir, 'state'),
      '--show-interactive-dev-session=false',
      '--log-level', 'info',
    ],
    { cwd, name, env: offlineEnv(proxy.url, stateDir, node, env) },
  );
  const stop = async () => {
    await child.stop();
    await proxy.close();
    rmSync(stateDir, { recursive: true, force: true });
  };
  try {
    // The first start bundles the Worker and starts workerd: about 10 s on this machine.
    await waitForOutput(child, new RegExp(`Ready on http://127\\.0\\.0\\.1:${port}`), name, 120_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    outboundAttempts: () => [...proxy.attempts],
    output: () => child.output(),
    stop,
  };
}

export interface WorkerOptions {
  /** The copy of the repository whose dist/ is the build: adapters/cloudflare/wrangler.toml's paths start there. */
  siteDir: string;
  /** [vars] to set over wrangler.toml's, e.g. SITE_URL, VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY. */
  vars: (port: number) => Record<string, string>;
  /**
   * A CA certificate file (PEM) the Worker's outbound TLS trusts besides the public ones: wrangler hands
   * NODE_EXTRA_CA_CERTS to workerd as its network's trusted certificates, as for a company's TLS proxy.
   */
  extraCaCerts?: string;
}

/**
 * The project's Worker (adapters/cloudflare/worker.ts with wrangler.toml, its assets the copy's dist/) under
 * `wrangler dev`, as the README has a newsroom try it. `vars` gets the port it will listen on, for SITE_URL.
 */
export async function startWorker({ siteDir, vars, extraCaCerts }: WorkerOptions): Promise<WranglerServer> {
  // SITE_URL names the port, so it is chosen before wrangler starts.
  const port = await freePort();
  const varArgs = Object.entries(vars(port)).flatMap(([key, value]) => ['--var', `${key}:${value}`]);
  return runWrangler({
    name: 'wrangler dev (adapters/cloudflare)',
    cwd: siteDir,
    port,
    // --test-scheduled: GET /__scheduled runs the Cron Trigger's handler, as Cloudflare would each minute.
    args: ['dev', '-c', 'adapters/cloudflare/wrangler.toml', '--local', '--test-scheduled', ...varArgs],
    env: extraCaCerts ? { NODE_EXTRA_CA_CERTS: extraCaCerts } : {},
  });
}

/** `wrangler pages dev <directory>`: Cloudflare Pages' static hosting, with its `_headers` and `_redirects`. */
export async function startPages(directory: string, compatibilityDate: string): Promise<WranglerServer> {
  // A working folder of its own: Pages would read a wrangler.toml or functions/ folder of the one it starts in.
  const cwd = mkdtempSync(join(tmpdir(), 'pfn-pages-'));
  try {
    const server = await runWrangler({
      name: 'wrangler pages dev',
      cwd,
      port: await freePort(),
      args: ['pages', 'dev', directory, '--compatibility-date', compatibilityDate],
    });
    return {
      ...server,
      stop: async () => {
        await server.stop();
        rmSync(cwd, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(cwd, { recursive: true, force: true });
    throw error;
  }
}
