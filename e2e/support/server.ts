import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import { edgeConfigFrom } from '../../edge/edge-config.ts';
import { createEdgeHandler } from '../../edge/handler.ts';
import { errorReportOriginOf } from '../../edge/security-headers.ts';
import { newsletterFor } from '../../edge/newsletter/newsletter.ts';
import { serviceRoleKeyFor } from '../../local-supabase/src/jwt.ts';
import { createMailboxMailer } from '../../local-supabase/src/mailbox/mailbox-store.ts';
import type { EdgeHandler } from '../../edge/types.ts';
import { hostJobs } from '../../edge/jobs/host-jobs.ts';
import { nodeSystemHost } from '../../server/system-facts.ts';
import type { SendMail } from '../../edge/mail/mail-message.ts';
import { createNodeServer } from '../../server/node-server.ts';
import { builtPageRenderer } from '../../server/built-page-renderer.ts';
import { distHtmlReader } from '../../server/local-edge.ts';
import { startTestBackend } from '../../tests/support/test-backend.ts';
import { startWeatherStandIn, type WeatherStandIn } from '../../tests/support/weather-stand-in.ts';
import { createMemoryStore } from '../../edge/render-cache/memory-store.ts';
import { createRenderCache } from '../../edge/render-cache/render-cache.ts';

export interface RunningApp {
  baseUrl: string;
  anonKey: string;
  /** Signs the backend's tokens: a journey can mint an already-expired access token with it. */
  jwtSecret: string;
  /** The backend's service_role key: what `npm run digest` sends the digest with. */
  serviceRoleKey: string;
  adminEmail: string;
  adminPassword: string;
  /** Stops the backend (the site keeps serving), makes it hang, or brings it back: the fault journeys. */
  backend: BackendSwitch;
  /** The weather service's stand-in, serving its recorded answer until it is set 'down'. */
  weather: Pick<WeatherStandIn, 'set'>;
  stop(): Promise<void>;
}

/**
 * 'down': every backend request's connection is dropped unanswered, as a stopped backend behind a proxy does (the
 * browser sees a network error at once). 'hanging': requests are held open and never answered. 'up': normal.
 */
export type BackendState = 'up' | 'down' | 'hanging';

export interface BackendSwitch {
  set(state: BackendState): void;
}

/** The switch, and the hook that applies it to the backend's requests (held ones are dropped when it changes). */
function backendSwitch() {
  let state: BackendState = 'up';
  const held = new Set<ServerResponse>();
  function dropHeld() {
    for (const res of held) res.socket?.destroy();
    held.clear();
  }
  return {
    control: {
      set: (next: BackendState) => {
        state = next;
        dropHeld();
      },
    } satisfies BackendSwitch,
    intercept: (_req: IncomingMessage, res: ServerResponse): boolean => {
      if (state === 'up') return false;
      if (state === 'down') res.socket?.destroy();
      else {
        held.add(res);
        res.on('close', () => held.delete(res));
      }
      return true;
    },
    dropHeld,
  };
}

/**
 * The built app as `npm start` serves it (server/node-server.ts with the edge handler) and an in-memory local backend,
 * on one origin on 127.0.0.1. The handler reads the data over HTTP from that same origin, as it would a hosted project.
 */
export interface BuiltAppOptions {
  distDir?: string;
  /** The newsletter's mailer; by default the backend's local mailbox, as in development. */
  sendMail?: SendMail;
  /** More server variables, as npm start would read them (e.g. VITE_SENTRY_DSN for the page policy). */
  extraVars?: Record<string, string>;
  /**
   * npm start's render cache (docs/decisions/0049). Off by default: the journeys change a row and look at once, and
   * the shared suite's server answers them as development does; a journey about the cache starts a server with it.
   */
  renderCache?: boolean;
}

export async function startBuiltApp(options: BuiltAppOptions = {}): Promise<RunningApp> {
  const distDir = options.distDir ?? resolve(import.meta.dirname, '../../dist');
  const extraVars = options.extraVars ?? {};
  if (!existsSync(join(distDir, 'index.html'))) throw new Error(`No build in ${distDir}: run "npm run build:app" first`);
  let handler: EdgeHandler | null = null;
  const site = createNodeServer({
    distDir,
    errorReportOrigin: errorReportOriginOf(extraVars.VITE_SENTRY_DSN),
    // Set once the backend listens (the origin names its port); no page is asked for before that.
    handler: (request, context) => (handler ? handler(request, context) : Promise.reject(new Error('the edge handler is not ready'))),
  });
  // The backend answers /rest/v1, /auth/v1 and /storage/v1; every other request is the site's.
  const faults = backendSwitch();
  const backend = await startTestBackend({ otherRequests: site.listener, interceptBackend: faults.intercept });
  const weather = await startWeatherStandIn();
  const vars = { ...extraVars, VITE_LOCAL_SUPABASE_ANON_KEY: backend.anonKey, WEATHER_API_URL: weather.url };
  const config = edgeConfigFrom(vars, backend.url);
  const fetcher: typeof fetch = (input, init) => fetch(input, init);
  // The newsletter's e-mail lands in the backend's local mailbox, as in development; no schedule runs here: a journey
  // sends the digest as the README's command does (POST /api/newsletter/resumo with the service key), or runs a job
  // from the 'Sistema' screen ('Executar agora').
  const serviceRoleKey = await serviceRoleKeyFor(backend.jwtSecret);
  const newsletter = newsletterFor(config, fetcher, { serviceRoleKey, sendMail: options.sendMail ?? createMailboxMailer(backend.db) });
  const { systemApi } = hostJobs({
    config,
    fetch: fetcher,
    newsletter,
    serviceRoleKey,
    oneMachine: true,
    // The version and commit as npm start reads them; this backend keeps its uploads in memory, so no folder size.
    system: await nodeSystemHost({ hosted: false, distDir, uploadsDir: null }),
  });
  handler = createEdgeHandler(
    config,
    { readHtml: distHtmlReader(distDir), fetch: fetcher, pageRenderer: builtPageRenderer(distDir) },
    { newsletter, system: systemApi, renderCache: options.renderCache ? createRenderCache({ store: createMemoryStore() }) : null },
  );

  return {
    baseUrl: backend.url,
    anonKey: backend.anonKey,
    jwtSecret: backend.jwtSecret,
    serviceRoleKey,
    adminEmail: backend.administrator.email,
    adminPassword: backend.administrator.password,
    backend: faults.control,
    weather,
    stop: async () => {
      faults.dropHeld();
      await weather.stop();
      await backend.stop();
    },
  };
}
