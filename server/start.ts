import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { REPOSITORY_ROOT } from '../local-supabase/src/env.ts';
import { createLogger, routeConsoleToLogger, setProcessLogger } from '../local-supabase/src/log.ts';
import { describeStartFailure } from '../local-supabase/src/start-failure.ts';
import { readBuildTarget } from './build-target.ts';
import { productionConfigFrom, ProductionConfigError } from './production-config.ts';
import { startProductionServer } from './production-server.ts';

// `npm start`: production, for a newsroom that hosts itself. It refuses to start on anything missing or left at the
// development values (server/production-config.ts), with one line saying what to set.

// The files `vite build` read, in Vite's order of precedence, so the server reads the project the bundle was built
// for. The environment wins over every file, and an earlier file over a later one: loadEnvFile never overrides.
for (const name of ['.env.production.local', '.env.production', '.env.local', '.env']) {
  const file = resolve(REPOSITORY_ROOT, name);
  if (existsSync(file)) process.loadEnvFile(file);
}

// The process's environment is read here, once, and handed on; local-supabase/src/env.ts reads its own variables.
// eslint-disable-next-line no-restricted-syntax -- npm start's entry point is where the server's variables come from.
const vars: Readonly<Record<string, string | undefined>> = { ...process.env };

function fail(message: string): never {
  // A person at a terminal reads this: one plain line, even once console goes through the log (below).
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

const distDir = resolve(REPOSITORY_ROOT, 'dist');
// No build at all is one more thing to fix, said on the same line as the rest.
const build = existsSync(resolve(distDir, 'index.html')) ? await readBuildTarget(distDir) : null;

const config = await productionConfigFrom(vars, build).catch((error: unknown) =>
  fail(error instanceof ProductionConfigError ? error.message : `npm start cannot serve production: ${String(error)}`),
);

// From here every console line (the backend's, the edge handler's) is a log line at LOG_LEVEL, with the request's id
// when a request caused it (docs/decisions/0040). A refusal above stays a plain line: no log exists yet to read.
const log = createLogger({ level: config.logLevel });
setProcessLogger(log);
routeConsoleToLogger();

const site = await startProductionServer({ config, vars, distDir, logger: log }).catch((error: unknown) =>
  fail(config.backend.kind === 'embedded' ? describeStartFailure(error) : `Could not start the server: ${String(error)}`),
);

const backendName = config.backend.kind === 'hosted' ? `Supabase project at ${config.backend.supabaseUrl}` : 'embedded backend';
// Still a sentence, now inside a log line: an operator reads it once at start, a log search finds it by "listening".
// The listening address is the port alone: the log keeps no IP address, the server's own included.
const port = Number(new URL(site.url).port);
log.info({ event: 'listening', port, siteUrl: config.siteUrl, backend: config.backend.kind }, `Porto Ferreira Notícias listening on port ${port} for ${config.siteUrl} (${backendName})`);
if (config.backend.kind === 'embedded') {
  const { smtp } = config.backend;
  console.info(
    smtp
      ? `[server] recovery and newsletter e-mail through ${smtp.host}:${smtp.port} (SMTP_FROM as sender)`
      : '[server] no SMTP_HOST: password recovery by e-mail and the newsletter e-mails are off (set SMTP_HOST and SMTP_FROM); retention and the other scheduled jobs run',
  );
} else {
  const { newsletter, serviceRoleKey } = config.backend;
  console.info(
    newsletter
      ? `[server] newsletter e-mail through ${newsletter.smtp.host}:${newsletter.smtp.port} (SMTP_FROM as sender)`
      : '[server] the newsletter e-mails are off: set SUPABASE_SERVICE_ROLE_KEY, SMTP_HOST and SMTP_FROM to send them',
  );
  if (!serviceRoleKey) console.info('[server] no SUPABASE_SERVICE_ROLE_KEY: the scheduled jobs (retention, campaigns) do not run here');
}

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.info(`[server] ${signal}: finishing the requests under way, then stopping`);
  await site.close();
  process.exit(0);
}

process.once('SIGINT', () => void stop('SIGINT'));
process.once('SIGTERM', () => void stop('SIGTERM'));
