import type { LevelWithSilent } from 'pino';
import { LOG_LEVELS } from '../local-supabase/src/log.ts';
import { normalizeEmail } from '../local-supabase/src/auth/validation.ts';
import { DEMO_JWT_SECRET, DEV_ADMIN_PASSWORD } from '../local-supabase/src/env.ts';
import { anonKeyFor } from '../local-supabase/src/jwt.ts';
import type { SmtpSettings } from '../local-supabase/src/mailbox/smtp-mailer.ts';
import type { BuildTarget } from './build-target.ts';
import { renderCacheSetting } from '../edge/render-cache/render-cache-setting.ts';

// What `npm start` needs before it serves the internet, checked all at once: a misconfiguration stops the start with
// one line naming every variable to set, never a site running on the demo's public secret and printed password.

type Vars = Readonly<Record<string, string | undefined>>;

export const MIN_JWT_SECRET_LENGTH = 32;
export const MIN_ADMIN_PASSWORD_LENGTH = 12;

/** What the daily digest needs against a hosted project: its service key and a mail server (none: no digest). */
export interface HostedNewsletter {
  serviceRoleKey: string;
  smtp: SmtpSettings;
}

export type ProductionBackend =
  | {
      kind: 'hosted';
      supabaseUrl: string;
      anonKey: string;
      /** The project's service key: retention, the campaigns' closing and the jobs' record (no mail needed). */
      serviceRoleKey: string | null;
      newsletter: HostedNewsletter | null;
    }
  | { kind: 'embedded'; jwtSecret: string; adminEmail: string; adminPassword: string; smtp: SmtpSettings | null };

export interface ProductionConfig {
  /** The public origin, no trailing slash: every address the site writes, and every e-mailed link, is on it. */
  siteUrl: string;
  port: number;
  host: string;
  trustProxy: boolean;
  /** LOG_LEVEL: pino's levels, info by default (docs/decisions/0040). */
  logLevel: LevelWithSilent;
  backend: ProductionBackend;
  /** Where the server's errors are reported (SENTRY_DSN, docs/decisions/0041); null: nowhere but the log. */
  errorReportsDsn: string | null;
  /** The browser's error reports' origin (VITE_SENTRY_DSN's), which the page policy allows; null: none. */
  browserErrorReportOrigin: string | null;
  /** RENDER_CACHE: readers' pages, feeds and sitemaps rendered once for many (docs/decisions/0049); on by default. */
  renderCache: boolean;
}

/** The whole refusal, one line: what to set, and where the README explains it. */
export class ProductionConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`npm start cannot serve production: ${problems.join('; ')}. See README § Deploy.`);
    this.name = 'ProductionConfigError';
  }
}

function text(vars: Vars, name: string): string | null {
  const value = vars[name]?.trim();
  return value ? value : null;
}

function httpOrigin(value: string): string | null {
  try {
    const url = new URL(value);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) return null;
    return url.pathname === '/' && !url.search && !url.hash ? url.origin : null;
  } catch {
    return null;
  }
}

function portNumber(raw: string | null, name: string, fallback: number, problems: string[]): number {
  if (raw === null) return fallback;
  const value = Number(raw);
  if (Number.isInteger(value) && value >= 0 && value <= 65535) return value;
  problems.push(`${name} must be a port number (got "${raw}")`);
  return fallback;
}

function siteUrlFrom(vars: Vars, problems: string[]): string {
  const raw = text(vars, 'SITE_URL');
  if (!raw) {
    problems.push('set SITE_URL to the address readers use (e.g. https://portoferreiranoticias.com.br)');
    return '';
  }
  const origin = httpOrigin(raw.replace(/\/+$/, ''));
  if (!origin) problems.push(`SITE_URL must be an http(s) address with no path (got "${raw}")`);
  return origin ?? '';
}

function smtpFrom(vars: Vars, problems: string[]): SmtpSettings | null {
  const host = text(vars, 'SMTP_HOST');
  if (!host) return null;
  const from = text(vars, 'SMTP_FROM');
  if (!from) problems.push('set SMTP_FROM (the sender of recovery and newsletter e-mails) with SMTP_HOST');
  const port = portNumber(text(vars, 'SMTP_PORT'), 'SMTP_PORT', 587, problems);
  const user = text(vars, 'SMTP_USER');
  const password = text(vars, 'SMTP_PASSWORD');
  if (user && !password) problems.push('set SMTP_PASSWORD with SMTP_USER');
  return { host, port, secure: port === 465, user, password, from: from ?? '' };
}

async function embeddedBackend(vars: Vars, build: BuildTarget | null, problems: string[]): Promise<ProductionBackend> {
  const jwtSecret = text(vars, 'LOCAL_SUPABASE_JWT_SECRET');
  const secretOk = !!jwtSecret && jwtSecret !== DEMO_JWT_SECRET && jwtSecret.length >= MIN_JWT_SECRET_LENGTH;
  if (!jwtSecret) {
    problems.push(`set LOCAL_SUPABASE_JWT_SECRET to a secret of your own (at least ${MIN_JWT_SECRET_LENGTH} characters, e.g. from \`openssl rand -base64 48\`)`);
  } else if (jwtSecret === DEMO_JWT_SECRET) {
    problems.push('LOCAL_SUPABASE_JWT_SECRET is the public demo secret: set a secret of your own');
  } else if (jwtSecret.length < MIN_JWT_SECRET_LENGTH) {
    problems.push(`LOCAL_SUPABASE_JWT_SECRET must be at least ${MIN_JWT_SECRET_LENGTH} characters`);
  }
  const rawEmail = text(vars, 'LOCAL_ADMIN_EMAIL');
  const adminEmail = rawEmail ? normalizeEmail(rawEmail) : null;
  if (!rawEmail) problems.push("set LOCAL_ADMIN_EMAIL to the newsroom administrator's e-mail");
  else if (!adminEmail) problems.push(`LOCAL_ADMIN_EMAIL is not an e-mail address (got "${rawEmail}")`);
  const adminPassword = text(vars, 'LOCAL_ADMIN_PASSWORD');
  if (!adminPassword) {
    problems.push(`set LOCAL_ADMIN_PASSWORD (at least ${MIN_ADMIN_PASSWORD_LENGTH} characters)`);
  } else if (adminPassword === DEV_ADMIN_PASSWORD) {
    problems.push("LOCAL_ADMIN_PASSWORD is the README's development password: choose another");
  } else if (adminPassword.length < MIN_ADMIN_PASSWORD_LENGTH) {
    problems.push(`LOCAL_ADMIN_PASSWORD must be at least ${MIN_ADMIN_PASSWORD_LENGTH} characters`);
  }
  if (build?.supabaseUrl) {
    problems.push(`dist/ was built for the Supabase project at ${build.supabaseUrl}: set VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY as for the build, or build again without them`);
  } else if (build && jwtSecret && secretOk && build.anonKey !== (await anonKeyFor(jwtSecret))) {
    problems.push('dist/ was built with another LOCAL_SUPABASE_JWT_SECRET: run npm run build with the one npm start uses');
  }
  const smtp = smtpFrom(vars, problems);
  // Requests reach the database as the README's authenticator role, never as the owner that runs the migrations.
  if (text(vars, 'DATABASE_URL') && !text(vars, 'DATABASE_API_URL')) {
    problems.push("set DATABASE_API_URL (the README's authenticator role) with DATABASE_URL: requests never use the owner's connection");
  }
  if (text(vars, 'DATABASE_API_URL') && !text(vars, 'DATABASE_URL')) problems.push("set DATABASE_URL (the database's owner, for the migrations) with DATABASE_API_URL");
  return { kind: 'embedded', jwtSecret: jwtSecret ?? '', adminEmail: adminEmail ?? '', adminPassword: adminPassword ?? '', smtp };
}

function hostedBackend(vars: Vars, build: BuildTarget | null, problems: string[]): ProductionBackend {
  const raw = text(vars, 'VITE_SUPABASE_URL') ?? '';
  const supabaseUrl = raw.replace(/\/+$/, '');
  if (!httpOrigin(supabaseUrl)) problems.push(`VITE_SUPABASE_URL must be the project's http(s) address (got "${raw}")`);
  const anonKey = text(vars, 'VITE_SUPABASE_ANON_KEY') ?? '';
  if (!anonKey) problems.push('set VITE_SUPABASE_ANON_KEY (the project\'s anon key) with VITE_SUPABASE_URL');
  if (build && build.supabaseUrl !== supabaseUrl) {
    const built = build.supabaseUrl ?? 'the embedded backend (no VITE_SUPABASE_URL)';
    problems.push(`dist/ was built for ${built}, not VITE_SUPABASE_URL=${supabaseUrl}: build and start with the same VITE_SUPABASE_URL`);
  } else if (build && anonKey && build.anonKey !== anonKey) {
    problems.push('dist/ was built with another VITE_SUPABASE_ANON_KEY: build and start with the same key');
  }
  // The key alone runs retention and the campaigns' closing (docs/decisions/0042); mail without the key is half made.
  const serviceRoleKey = text(vars, 'SUPABASE_SERVICE_ROLE_KEY');
  const smtp = smtpFrom(vars, problems);
  if (smtp && !serviceRoleKey) problems.push("set SUPABASE_SERVICE_ROLE_KEY (the project's service_role key) with SMTP_HOST: the daily digest reads its subscribers with it");
  if (serviceRoleKey && serviceRoleKey === anonKey) problems.push('SUPABASE_SERVICE_ROLE_KEY is the anon key: set the service_role key');
  return { kind: 'hosted', supabaseUrl, anonKey, serviceRoleKey, newsletter: serviceRoleKey && smtp ? { serviceRoleKey, smtp } : null };
}

/** A Sentry DSN: http(s)://<public key>@<host>/<project id>. */
function sentryDsn(vars: Vars, name: string, problems: string[]): string | null {
  const raw = text(vars, name);
  if (!raw) return null;
  try {
    const url = new URL(raw);
    if ((url.protocol === 'http:' || url.protocol === 'https:') && url.username && /^\/(.+\/)?\d+$/.test(url.pathname)) return raw;
  } catch {
    // the problem below
  }
  problems.push(`${name} must be the DSN Sentry shows for the project (https://<key>@<host>/<project id>)`);
  return null;
}

function errorReportsFrom(vars: Vars, problems: string[]): { server: string | null; browser: string | null } {
  const server = sentryDsn(vars, 'SENTRY_DSN', problems);
  const browser = sentryDsn(vars, 'VITE_SENTRY_DSN', problems);
  // The privacy policy names Sentry from the build's VITE_SENTRY_DSN (the page is rendered from the bundle): a server
  // reporting to Sentry under a policy that does not say so would misinform readers.
  if (server && !text(vars, 'VITE_SENTRY_DSN')) {
    problems.push('set VITE_SENTRY_DSN with SENTRY_DSN, and build with it: the privacy policy names Sentry from it');
  }
  return { server, browser };
}

/**
 * The production configuration from the server's variables and what the build recorded of its backend
 * (server/build-target.ts; null for a build that recorded none). Throws ProductionConfigError naming every problem.
 */
export async function productionConfigFrom(vars: Vars, build: BuildTarget | null): Promise<ProductionConfig> {
  const problems: string[] = [];
  const siteUrl = siteUrlFrom(vars, problems);
  const port = portNumber(text(vars, 'PORT'), 'PORT', 3000, problems);
  // Only this machine by default; a server or container that takes requests from outside sets HOST=0.0.0.0.
  const host = text(vars, 'HOST') ?? '127.0.0.1';
  const trustProxy = ['1', 'true', 'yes'].includes(text(vars, 'TRUST_PROXY')?.toLowerCase() ?? '');
  const logLevel = (text(vars, 'LOG_LEVEL')?.toLowerCase() ?? 'info') as LevelWithSilent;
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${text(vars, 'LOG_LEVEL')}")`);
  if (!build) problems.push('dist/ holds no build of this version: run npm run build, with the same variables as npm start');
  const backend = text(vars, 'VITE_SUPABASE_URL')
    ? hostedBackend(vars, build, problems)
    : await embeddedBackend(vars, build, problems);
  const reports = errorReportsFrom(vars, problems);
  const renderCache = renderCacheSetting(vars.RENDER_CACHE);
  if (renderCache === null) problems.push(`RENDER_CACHE must be on or off (got "${vars.RENDER_CACHE}")`);
  if (problems.length > 0) throw new ProductionConfigError(problems);
  const browserErrorReportOrigin = reports.browser ? new URL(reports.browser).origin : null;
  return { siteUrl, port, host, trustProxy, logLevel, backend, errorReportsDsn: reports.server, browserErrorReportOrigin, renderCache: renderCache ?? true };
}
