import { Hono, type Context } from 'hono';
import type { Database } from '../db/database.ts';
import {
  API_VERSION,
  API_VERSION_HEADER,
  AuthApiError,
  authErrorResponse,
  authErrors,
  unexpectedAuthFailureResponse,
} from './auth-error.ts';
import { createMailboxMailer, type Mailer } from '../mailbox/mailbox-store.ts';
import { createAuthService, type AuthService } from './auth-service.ts';
import { createRecovery } from './recovery.ts';
import { redirectTarget } from './redirect-url.ts';
import { createSignupConfirmation } from './signup-confirmation.ts';
import { MIN_PASSWORD_LENGTH } from './validation.ts';
import { unavailableAnswer } from '../db/unavailable-response.ts';

export interface AuthRouterOptions {
  db: Database;
  jwtSecret: string;
  /**
   * Public base URL of the backend; the JWT issuer is `<it>/auth/v1`, e-mailed links point at it, and redirects may
   * go only under it. Without it (development) each request's own origin stands in.
   */
  siteUrl?: string;
  /** Seconds during which a rotated refresh token may still be presented (GoTrue default 10). */
  refreshTokenReuseSeconds?: number;
  /** Lets the caller share one service (e.g. with the administrator bootstrap). */
  service?: AuthService;
  /** Delivers the recovery e-mails; by default they only land in the local mailbox (/__mailbox); null: none. */
  mailer?: Mailer | null;
  /**
   * A new account must confirm its address through an e-mailed link before it signs in (GoTrue with
   * mailer_autoconfirm off): production with SMTP. Needs a mailer.
   */
  confirmSignUps?: boolean;
}

type JsonBody = Record<string, unknown>;

/**
 * supabase-js sends `Content-Type: application/json` with an empty body on logout, so an empty body is `{}`;
 * malformed JSON is GoTrue's 400 bad_json.
 */
async function readJsonBody(c: Context): Promise<JsonBody> {
  const text = await c.req.text();
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw authErrors.badJson(error instanceof Error ? error.message : 'invalid JSON');
  }
  return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as JsonBody) : {};
}

/** GoTrue's routes under /auth/v1 (docs/architecture.md §5), translated to and from the auth service. */
export function createAuthRouter(options: AuthRouterOptions): Hono {
  const service = options.service ?? createAuthService(options);
  const router = new Hono();
  const configuredSiteUrl = options.siteUrl?.replace(/\/+$/, '');
  const siteUrlFor = (c: Context) => configuredSiteUrl ?? new URL(c.req.url).origin;
  const issuerFor = (c: Context) => `${siteUrlFor(c)}/auth/v1`;
  const mailer = options.mailer === undefined ? createMailboxMailer(options.db) : options.mailer;
  const confirmation =
    options.confirmSignUps && mailer ? createSignupConfirmation({ db: options.db, mailer, registerUser: service.registerUser }) : null;
  const recovery = createRecovery({ db: options.db, mailer, startSession: service.startSession, confirmSignUp: confirmation?.confirm });
  // GoTrue's GetReferrer: redirect_to (or the Referer) only on the site's origin; in development, where no site URL
  // is configured, also on the request's own (the Host header is the client's word, so never beside a site URL).
  const redirectToFor = (c: Context) =>
    redirectTarget(c.req.query('redirect_to'), c.req.header('referer'), {
      siteUrl: siteUrlFor(c),
      requestOrigin: configuredSiteUrl ?? new URL(c.req.url).origin,
    });

  // GoTrue stamps every answer with the API version; auth-js needs it to read error codes.
  router.use(async (c, next) => {
    await next();
    c.res.headers.set(API_VERSION_HEADER, API_VERSION);
  });

  router.post('/signup', async (c) => {
    const body = await readJsonBody(c);
    if (!confirmation) return c.json(await service.signUp(body, issuerFor(c)));
    return c.json(await confirmation.signUp(body, { verifyUrl: `${issuerFor(c)}/verify`, redirectTo: redirectToFor(c) }));
  });

  router.post('/token', async (c) => {
    const grantType = c.req.query('grant_type');
    const body = await readJsonBody(c);
    if (grantType === 'password') return c.json(await service.signInWithPassword(body, issuerFor(c)));
    if (grantType === 'refresh_token') return c.json(await service.refresh(body, issuerFor(c)));
    throw authErrors.unsupportedGrantType();
  });

  router.post('/recover', async (c) => {
    await recovery.requestRecovery(await readJsonBody(c), { verifyUrl: `${issuerFor(c)}/verify`, redirectTo: redirectToFor(c) });
    return c.json({});
  });

  // The e-mail link's target: a browser navigation with no apikey (the gateway leaves /verify open).
  router.get('/verify', async (c) => {
    const location = await recovery.verifyLink(
      { token: c.req.query('token'), type: c.req.query('type'), redirectTo: redirectToFor(c) },
      issuerFor(c),
    );
    return c.redirect(location, 303);
  });

  router.get('/user', async (c) => c.json(await service.getUser(c.req.header('authorization'))));

  router.put('/user', async (c) =>
    c.json(await service.updateCurrentUser(c.req.header('authorization'), await readJsonBody(c))),
  );

  router.post('/logout', async (c) => {
    await readJsonBody(c);
    await service.logout(c.req.header('authorization'), c.req.query('scope'));
    return c.body(null, 204);
  });

  router.get('/settings', (c) =>
    c.json({
      external: { email: true, phone: false, anonymous_users: false },
      disable_signup: false,
      mailer_autoconfirm: !confirmation,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
      password_min_length: MIN_PASSWORD_LENGTH,
    }),
  );

  router.get('/health', (c) =>
    c.json({ version: 'local', name: 'GoTrue', description: 'GoTrue is a user registration and authentication API' }),
  );

  // A sub-app's notFound is not consulted once it is mounted with app.route(), so the catch-all is a route.
  router.all('*', () => authErrorResponse(authErrors.notFound()));

  router.onError((error) => {
    if (error instanceof AuthApiError) return authErrorResponse(error);
    const unavailable = unavailableAnswer(error, 'auth');
    if (unavailable) return unavailable;
    console.error('[local-supabase] auth: unexpected failure', error);
    return unexpectedAuthFailureResponse();
  });

  return router;
}
