import type { AddressInfo } from 'node:net';
import { createSmtpMailer } from '../local-supabase/src/mailbox/smtp-mailer.ts';
import { startLocalSupabase, type LocalSupabase } from '../local-supabase/src/server.ts';
import { builtPageRenderer } from './built-page-renderer.ts';
import { distHtmlReader, localSite, type LocalSite } from './local-edge.ts';
import { startJobSchedule } from './job-schedule.ts';
import { createNodeServer } from './node-server.ts';
import type { ProductionConfig } from './production-config.ts';

// `npm start`'s server once its configuration is checked (server/production-config.ts): the build and the edge
// handler on one Node server, with the embedded backend in the same process unless a hosted project is named.

export interface ProductionServerOptions {
  config: ProductionConfig;
  /** The server's variables (the environment and the .env files), for the edge handler's settings. */
  vars: Readonly<Record<string, string | undefined>>;
  distDir: string;
  /** Where the embedded backend keeps its data; omitted: the environment's choice (DATABASE_URL, else the folder). */
  storage?: { dataDir?: string | null; databaseUrl?: string };
  quiet?: boolean;
}

export interface ProductionServer {
  /** Where it listens, e.g. http://127.0.0.1:3000 (SITE_URL is where readers reach it). */
  url: string;
  /** The embedded backend, or null against a hosted project. */
  backend: LocalSupabase | null;
  /** Finishes the requests under way (at most 10 s), then stops the backend. Idempotent. */
  close(): Promise<void>;
}

async function startEmbeddedBackend(options: ProductionServerOptions): Promise<LocalSupabase | null> {
  const { config } = options;
  if (config.backend.kind !== 'embedded') return null;
  const { jwtSecret, adminEmail, adminPassword, smtp } = config.backend;
  return startLocalSupabase({
    ...options.storage,
    jwtSecret,
    quiet: options.quiet,
    trustedProxy: config.trustProxy,
    siteUrl: config.siteUrl,
    production: { adminEmail, adminPassword, mailer: smtp ? createSmtpMailer(smtp) : null },
  });
}

export async function startProductionServer(options: ProductionServerOptions): Promise<ProductionServer> {
  const { config, distDir } = options;
  const backend = await startEmbeddedBackend(options);
  let site: LocalSite;
  try {
    // SITE_URL as checked (no trailing slash), whatever the raw variable held.
    const vars = { ...options.vars, SITE_URL: config.siteUrl };
    const hosted = config.backend.kind === 'hosted' ? config.backend.newsletter : null;
    const newsletter = hosted ? { serviceRoleKey: hosted.serviceRoleKey, sendMail: createSmtpMailer(hosted.smtp) } : null;
    const hostedServiceKey = config.backend.kind === 'hosted' ? config.backend.serviceRoleKey : null;
    // npm start's own scheduled jobs go in extraJobs, one line each (docs/decisions/0042).
    site = await localSite(vars, backend, distHtmlReader(distDir), builtPageRenderer(distDir), newsletter, {
      hostedServiceKey,
      distDir,
      extraJobs: [],
    });
  } catch (error) {
    await backend?.close();
    throw error;
  }

  const hosted = config.backend.kind === 'hosted' ? config.backend.supabaseUrl : null;
  const node = createNodeServer({
    distDir,
    handler: site.handler,
    backend: backend ? (req, res) => backend.handler(req, res) : undefined,
    trustProxy: config.trustProxy,
    supabaseUrl: hosted,
    siteUrl: config.siteUrl,
  });
  try {
    await new Promise<void>((listening, failed) => {
      node.server.once('error', failed);
      node.server.listen(config.port, config.host, listening);
    });
  } catch (error) {
    await backend?.close();
    const code = (error as NodeJS.ErrnoException).code;
    throw new Error(code === 'EADDRINUSE' ? `port ${config.port} on ${config.host} is in use (set PORT)` : String(error), { cause: error });
  }

  const { port } = node.server.address() as AddressInfo;
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host.includes(':') ? `[${config.host}]` : config.host;
  const schedule = startJobSchedule(() => Promise.resolve(site.jobs), () => config.siteUrl);
  let closing: Promise<void> | undefined;
  return {
    url: `http://${shownHost}:${port}`,
    backend,
    close: () =>
      (closing ??= (async () => {
        schedule.stop();
        await node.close();
        await backend?.close();
      })()),
  };
}
