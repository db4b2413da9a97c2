import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { createLogger, logger, setProcessLogger } from '../local-supabase/src/log.ts';
import { createSmtpMailer } from '../local-supabase/src/mailbox/smtp-mailer.ts';
import { backupJob } from './backup/backup-job.ts';
import type { ServerErrorReports } from './error-reports.ts';
import { startLocalSupabase, type LocalSupabase } from '../local-supabase/src/server.ts';
import { builtPageRenderer } from './built-page-renderer.ts';
import { distHtmlReader, localSite, type LocalSite } from './local-edge.ts';
import { startJobSchedule } from './job-schedule.ts';
import { createNodeServer } from './node-server.ts';
import type { ProductionConfig } from './production-config.ts';
import { createMemoryStore } from '../edge/render-cache/memory-store.ts';
import { createRenderCache } from '../edge/render-cache/render-cache.ts';

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
  /**
   * The process's log (local-supabase/src/log.ts): request lines and every other. Absent: one at the configuration's
   * LOG_LEVEL on stdout, or none at all when `quiet`.
   */
  logger?: Logger;
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

/** The backup's settings: the server's variables, with the storage this server was actually given. */
function backupVars(options: ProductionServerOptions): Readonly<Record<string, string | undefined>> {
  const { storage } = options;
  return {
    ...options.vars,
    ...(storage?.databaseUrl ? { DATABASE_URL: storage.databaseUrl } : {}),
    ...(storage?.dataDir ? { LOCAL_SUPABASE_DATA_DIR: storage.dataDir } : {}),
  };
}

export async function startProductionServer(options: ProductionServerOptions): Promise<ProductionServer> {
  const { config, distDir } = options;
  // One log per process: the backend's lines and the request lines go to the same place, with the same request ids.
  setProcessLogger(options.logger ?? createLogger({ level: options.quiet ? 'silent' : config.logLevel }));
  // First, so that an error while starting is reported too; without SENTRY_DSN the SDK is never initialised.
  // Sentry's SDK (about 38 MB of memory) is loaded only when there is a DSN to report to (decision 0051).
  const reports: ServerErrorReports | null = config.errorReportsDsn
    ? (await import('./error-reports.ts')).startServerErrorReports(config.errorReportsDsn)
    : null;
  const backend = await startEmbeddedBackend(options).catch(async (error: unknown) => {
    await reports?.close();
    throw error;
  });
  let site: LocalSite;
  try {
    // SITE_URL as checked (no trailing slash), whatever the raw variable held.
    const vars = { ...options.vars, SITE_URL: config.siteUrl };
    const hosted = config.backend.kind === 'hosted' ? config.backend.newsletter : null;
    const newsletter = hosted ? { serviceRoleKey: hosted.serviceRoleKey, sendMail: createSmtpMailer(hosted.smtp) } : null;
    const hostedServiceKey = config.backend.kind === 'hosted' ? config.backend.serviceRoleKey : null;
    // npm start's own scheduled jobs go in extraJobs, one line each (docs/decisions/0042).
    site = await localSite(vars, backend, distHtmlReader(distDir, { keep: true }), builtPageRenderer(distDir), newsletter, reports?.report, {
      hostedServiceKey,
      distDir,
      extraJobs: config.backend.kind === 'embedded' ? [backupJob(backupVars(options))] : [],
      // In this process's memory, bounded in bytes (docs/decisions/0049); RENDER_CACHE=off renders every request.
      renderCache: config.renderCache
        ? createRenderCache({ store: createMemoryStore(), onError: (error) => console.error('[server] a page’s background render failed', error) })
        : null,
    });
  } catch (error) {
    await backend?.close();
    await reports?.close();
    throw error;
  }

  const hosted = config.backend.kind === 'hosted' ? config.backend.supabaseUrl : null;
  const node = createNodeServer({
    distDir,
    handler: site.handler,
    backend: backend?.app,
    trustProxy: config.trustProxy,
    supabaseUrl: hosted,
    siteUrl: config.siteUrl,
    log: logger,
    reportError: reports?.report,
    errorReportOrigin: config.browserErrorReportOrigin,
  });
  try {
    await new Promise<void>((listening, failed) => {
      node.server.once('error', failed);
      node.server.listen(config.port, config.host, listening);
    });
  } catch (error) {
    await backend?.close();
    await reports?.close();
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
        await reports?.close();
      })()),
  };
}
