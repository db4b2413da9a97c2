import { Hono } from 'hono';
import { HEALTH_PATH, healthAnswer, READY_PATH, type ReadinessCheck } from '../health';
import { NEWS_PROXY_PREFIX } from '../news-proxy';
import { NEWSLETTER_API_PREFIX, type Newsletter } from '../newsletter/newsletter';
import type { SystemApi } from '../jobs/system-api';
import type { SupportDesk } from '../support/support-desk';
import { SUPPORT_REMINDER_STOP_API } from '../../src/lib/pix/support-form';
import { SYSTEM_API } from '../../src/services/system-report';
import { paths } from '../../src/lib/paths';
import { WEATHER_PATH } from '../weather-proxy';
import { redactTarget } from '../log-redaction';
import { CACHE, passToHost, text, UNAVAILABLE_TEXT } from './answers';
import type { EdgeEnv } from './edge-env';

// The edge's own endpoints beside the pages: the uptime checks, the newsletter's and the 'Sistema' screen's APIs, the
// news proxy and the weather. Each is a small Hono app the edge app mounts; none is kept by the render cache.

type Failed = (error: unknown, method: string, url: URL) => void;

const unavailable = () => text(UNAVAILABLE_TEXT, 'text/plain; charset=utf-8', CACHE.none, 503);

/** /healthz and /readyz (edge/health.ts), any method: a monitor's HEAD or GET, a 405 for the rest. */
export function healthApp(ready: ReadinessCheck): Hono<EdgeEnv> {
  const app = new Hono<EdgeEnv>();
  for (const path of [HEALTH_PATH, READY_PATH]) app.all(path, async (c) => (await healthAnswer(c.req.raw, ready)) ?? passToHost());
  return app;
}

/** /api/newsletter/*: the digest's subscribe, confirm, unsubscribe and send. A failure is a 503, reported. */
export function newsletterApp(newsletter: Newsletter, failed: Failed): Hono<EdgeEnv> {
  const app = new Hono<EdgeEnv>();
  app.all(`${NEWSLETTER_API_PREFIX}*`, async (c) => {
    const url = new URL(c.req.raw.url);
    try {
      return (await newsletter.answer(c.req.raw, url)) ?? passToHost();
    } catch (error) {
      console.error(`edge: ${redactTarget(url.pathname)} failed`, error);
      failed(error, c.req.raw.method, url);
      return unavailable();
    }
  });
  return app;
}

/** POST /apoie (the support form) and the monthly reminder's stop (edge/support/support-desk.ts); a failure is a 503, reported. */
export function supportApp(support: SupportDesk, failed: Failed): Hono<EdgeEnv> {
  const app = new Hono<EdgeEnv>();
  // Its own address only: a POST anywhere else (the audience beacon's, the newsletter's) is another app's.
  app.post(paths.support(), async (c) => {
    const url = new URL(c.req.raw.url);
    try {
      return (await support.answer(c.req.raw, url, c.env?.clientAddress ?? null)) ?? passToHost();
    } catch (error) {
      console.error(`edge: ${redactTarget(url.pathname)} failed`, error);
      failed(error, c.req.raw.method, url);
      return unavailable();
    }
  });
  app.all(`${SUPPORT_REMINDER_STOP_API}*`, async (c) => (await support.answer(c.req.raw, new URL(c.req.raw.url), null)) ?? passToHost());
  return app;
}

/** /api/sistema and below: the host's jobs and facts (edge/jobs/system-api.ts); without them, 503. */
export function systemApp(system: SystemApi | undefined, failed: Failed): Hono<EdgeEnv> {
  const app = new Hono<EdgeEnv>();
  const answer = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    try {
      if (system) return (await system(request, url)) ?? passToHost();
    } catch (error) {
      console.error(`edge: ${redactTarget(url.pathname)} failed`, error);
      failed(error, request.method, url);
    }
    return unavailable();
  };
  app.all(SYSTEM_API, (c) => answer(c.req.raw));
  app.all(`${SYSTEM_API}/*`, (c) => answer(c.req.raw));
  return app;
}

/** The news proxy (its own cache and quota, edge/news-proxy.ts) and the weather (edge/weather-proxy.ts). */
export function proxiesApp(news: (request: Request) => Promise<Response>, weather: () => Promise<Response>): Hono<EdgeEnv> {
  const app = new Hono<EdgeEnv>();
  app.get(`${NEWS_PROXY_PREFIX}*`, (c) => news(c.req.raw));
  app.get(WEATHER_PATH, () => weather());
  return app;
}
