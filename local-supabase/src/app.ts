import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { HTTPException } from 'hono/http-exception';
import { apiKeyGate } from './api-key.ts';
import { createAuthRouter } from './auth/auth-router.ts';
import { AuthApiError, authErrorResponse } from './auth/auth-error.ts';
import type { Database } from './db/database.ts';
import { createMailboxRouter, MAILBOX_PATH } from './mailbox/mailbox-router.ts';
import type { Mailer } from './mailbox/mailbox-store.ts';
import { createRestRouter } from './rest/index.ts';
import type { BlobStore } from './storage/blob-store.ts';
import { createStorageRouter } from './storage/storage-router.ts';
import { StorageApiError, storageErrorResponse } from './storage/storage-error.ts';
import { clientAddressOf, peerAddressOf } from './db/request-headers.ts';
import { redactTarget } from '../../edge/log-redaction.ts';
import { unavailableAnswer } from './db/unavailable-response.ts';

/** What supabase-js sends (docs/architecture.md §5, CORS). */
const ALLOWED_HEADERS = [
  'apikey', 'authorization', 'x-client-info', 'content-type', 'accept', 'accept-profile', 'content-profile',
  'prefer', 'range', 'x-upsert', 'cache-control', 'x-supabase-api-version', 'x-retry-count',
];
/** Without these two the client loses `count` and auth error codes. */
const EXPOSED_HEADERS = ['Content-Range', 'X-Supabase-Api-Version', 'x-sb-error-code'];

/**
 * Cross-origin use (the app on Vite's port, this server on its own) is for this machine only: any page on the
 * web could otherwise sign in with the well-known local administrator password and edit the local data.
 */
export function isLoopbackOrigin(origin: string): boolean {
  try {
    const { hostname, protocol } = new URL(origin);
    return (protocol === 'http:' || protocol === 'https:') && ['localhost', '127.0.0.1', '[::1]'].includes(hostname);
  } catch {
    return false;
  }
}

export interface AppDeps {
  db: Database;
  jwtSecret: string;
  blobs: BlobStore;
  /** Public base URL of the backend (JWT issuer base); defaults to each request's origin. */
  siteUrl?: string;
  /** Delivers auth e-mails (recovery links); by default they only land in the local mailbox; null: none is sent. */
  mailer?: Mailer | null;
  /** Serve the development mailbox page at /__mailbox (default true); production never has one. */
  mailbox?: boolean;
  /** New accounts confirm their address by an e-mailed link before signing in (production with SMTP). */
  confirmSignUps?: boolean;
  /**
   * A reverse proxy of the operator's stands in front (npm start's TRUST_PROXY): the client's address is the last
   * X-Forwarded-For entry, which the proxy appended, instead of the proxy's own address.
   */
  trustedProxy?: boolean;
}

/**
 * The local Supabase: PostgREST, GoTrue and Storage subsets on their usual paths. A pure factory: it neither
 * listens nor opens anything, so tests, the standalone server and the Vite plugin all build the same app.
 */
export function createApp(deps: AppDeps): Hono {
  const app = new Hono();
  app.use(async (c, next) => {
    c.set('clientAddress', clientAddressOf(c.req.raw.headers, peerAddressOf(c), deps.trustedProxy ?? false));
    await next();
  });
  app.use(
    cors({
      origin: (origin) => (isLoopbackOrigin(origin) ? origin : null),
      allowHeaders: ALLOWED_HEADERS,
      exposeHeaders: EXPOSED_HEADERS,
      allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      maxAge: 600,
    }),
  );
  // After CORS: preflights are answered before it, and its 401s still reach the page with CORS headers.
  app.use(apiKeyGate(deps.jwtSecret));
  app.route('/rest/v1', createRestRouter({ db: deps.db, jwtSecret: deps.jwtSecret }));
  app.route(
    '/auth/v1',
    createAuthRouter({ db: deps.db, jwtSecret: deps.jwtSecret, siteUrl: deps.siteUrl, mailer: deps.mailer, confirmSignUps: deps.confirmSignUps }),
  );
  app.route('/storage/v1', createStorageRouter({ db: deps.db, jwtSecret: deps.jwtSecret, blobs: deps.blobs }));
  // Development only: the e-mail hosted Supabase would have sent (docs/decisions/0013).
  if (deps.mailbox ?? true) app.route(MAILBOX_PATH, createMailboxRouter(deps.db));

  // What the hosted API gateway answers for a path no service owns.
  app.notFound((c) => c.json({ message: 'no Route matched with those values' }, 404));

  // The last funnel: each router renders its own service's errors; anything reaching here is either one of
  // those (if a router let it through) or unexpected. No stack trace ever leaves the process.
  app.onError((error, c) => {
    if (error instanceof AuthApiError) return authErrorResponse(error);
    if (error instanceof StorageApiError) return storageErrorResponse(error);
    const unavailable = unavailableAnswer(error, 'rest');
    if (unavailable) return unavailable;
    if (error instanceof HTTPException && error.status < 500) {
      return c.json({ message: error.message || 'Bad Request' }, error.status);
    }
    console.error('[local-supabase] unexpected failure', c.req.method, redactTarget(c.req.path), error);
    return c.json({ message: 'An unexpected error occurred' }, 500);
  });

  return app;
}
