import type { DataClient } from '../../src/services/client';
import { createDataClient } from '../../src/services/data-client';
import { NEWSLETTER_API } from '../../src/services/newsletter/api-paths';
import {
  claimQueuedConfirmations,
  claimRecipients,
  digestStories,
  finishDigest,
  markConfirmationSent,
  recordDelivery,
  startDigest,
  testRecipient,
} from '../../src/services/newsletter/delivery';
import { unsubscribeFromDigest } from '../../src/services/newsletter/subscription';
import { isPermissionDenied } from '../../src/services/errors';
import { runRetention, storageRemover, type RetentionCounts } from '../../src/services/retention';
import { importOnce } from '../../src/lib/import-once';
import type { SiteIdentity } from './compose';
import type { EdgeConfig } from '../types';
import type { SendMail } from '../mail/mail-message';
import { createSupportDesk, type SupportDesk } from '../support/support-desk';

/**
 * The e-mails' composition (React Email, its Tailwind and its text conversion: about 40 MB of a server's memory),
 * loaded when the first e-mail is composed, not by every server at start (decision 0051).
 */
const composer = importOnce(() => import('./compose'));

// The daily digest's server side (docs/decisions/0033), on every host alike: the host's scheduled run (each minute:
// the queued confirmation e-mails, then the day's digest when due) and the site's /api/newsletter/* addresses. The
// database decides what is due and keeps each address to one e-mail per send; this module renders and mails.

/** What a host gives the newsletter: the project's service key and its mailer. */
export interface NewsletterHost {
  serviceRoleKey: string;
  sendMail: SendMail;
}

export interface NewsletterSettings {
  supabaseUrl: string;
  supabaseAnonKey: string;
  siteName: string;
  /** SITE_URL; null takes the request's origin, or the host's for its scheduled runs. */
  siteUrl: string | null;
  fetch: typeof fetch;
  now?: () => Date;
  log?: (line: string) => void;
}

export interface DigestRun {
  sendId: string;
  sent: number;
  failed: number;
  /** 'enviado', or 'enviando' while failed addresses wait for their retry. */
  state: string;
  /** The mail server's last refusal, when an address failed. */
  lastError?: string | null;
}

/** One pass over the queued confirmation e-mails. */
export interface ConfirmationRun {
  sent: number;
  failed: number;
  /** The mail server's last refusal, when one failed. */
  lastError: string | null;
}

export interface Newsletter {
  /** Whether this host can send its e-mail (a mailer and the service key); the mail jobs are off otherwise. */
  readonly mailReady: boolean;
  /** The host's mailer, for the site's other e-mail (the weekly audience summary); null without one. */
  readonly sendMail: SendMail | null;
  /** The scheduled jobs' parts (edge/jobs/site-jobs.ts); `origin` is the host's own when SITE_URL is not set. */
  sendQueuedConfirmations(origin: string): Promise<ConfirmationRun>;
  /** The day's digest if its time has come and it has not gone yet; null otherwise. */
  sendScheduledDigest(origin: string): Promise<DigestRun | null>;
  /** The digest now (`npm run digest`): whatever is new since the last one. Null when there is nothing to send. */
  sendDigestNow(origin: string): Promise<DigestRun | null>;
  /** Retention now (`npm run retention`), whatever the hour: the counts of what went. */
  runRetentionNow(): Promise<RetentionCounts | null>;
  /** Retention when due (at most hourly, the database decides): null when it is not. Needs only the service key. */
  runRetention(force: boolean): Promise<RetentionCounts | null>;
  /** Answers /api/newsletter/*; null for any other address. */
  answer(request: Request, url: URL): Promise<Response | null>;
  /**
   * Reader support's server side (edge/support, docs/decisions/0054), made from the same service key and mailer, so
   * every host that builds its newsletter has it without a second set of wiring.
   */
  readonly support: SupportDesk;
}

/** Addresses taken at a time: a failing mail server costs at most a batch before the run stops for its retries. */
const RECIPIENT_BATCH = 10;
export const NEWSLETTER_API_PREFIX = '/api/newsletter/';
const UNSUBSCRIBE = /^\/api\/newsletter\/cancelar\/([^/]+)$/;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function bearer(request: Request): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.get('Authorization') ?? '');
  return match?.[1] ?? null;
}

/** Equal strings, compared in time that does not depend on where they differ. */
function sameSecret(given: string, expected: string): boolean {
  if (given.length !== expected.length) return false;
  let difference = 0;
  for (let index = 0; index < given.length; index += 1) difference |= given.charCodeAt(index) ^ expected.charCodeAt(index);
  return difference === 0;
}

/** The newsletter of a host's edge configuration, reading the project through `fetch`. */
export function newsletterFor(
  config: EdgeConfig,
  fetcher: typeof fetch,
  host: NewsletterHost | null,
  serviceRoleKey: string | null = host?.serviceRoleKey ?? null,
): Newsletter {
  const { supabaseUrl, supabaseAnonKey, siteName, siteUrl } = config;
  return createNewsletter({ supabaseUrl, supabaseAnonKey, siteName, siteUrl, fetch: fetcher }, host, serviceRoleKey);
}

/**
 * `serviceRoleKey`: the project's service key even when there is no mailer. Retention needs only the key, so a host
 * without mail still deletes what the privacy policy promises to delete (docs/decisions/0042).
 */
export function createNewsletter(
  settings: NewsletterSettings,
  host: NewsletterHost | null,
  serviceRoleKey: string | null = host?.serviceRoleKey ?? null,
): Newsletter {
  const now = settings.now ?? (() => new Date());
  const log = settings.log ?? ((line: string) => console.info(line));
  const anon = createDataClient(settings.supabaseUrl, settings.supabaseAnonKey, { fetch: settings.fetch, retry: false });
  const service: DataClient | null = host
    ? createDataClient(settings.supabaseUrl, host.serviceRoleKey, { fetch: settings.fetch, retry: false })
    : null;
  const keyOnly: { client: DataClient; key: string } | null = serviceRoleKey
    ? { client: service ?? createDataClient(settings.supabaseUrl, serviceRoleKey, { fetch: settings.fetch, retry: false }), key: serviceRoleKey }
    : null;
  const siteFor = (origin: string): SiteIdentity => ({ origin: settings.siteUrl ?? origin, name: settings.siteName });

  async function sendConfirmations(client: DataClient, mailer: SendMail, site: SiteIdentity): Promise<ConfirmationRun> {
    const run: ConfirmationRun = { sent: 0, failed: 0, lastError: null };
    const queue = await claimQueuedConfirmations(client);
    if (queue.length === 0) return run;
    const { confirmationMail } = await composer();
    for (const queued of queue) {
      try {
        await mailer(await confirmationMail(site, queued.email, queued.token));
        await markConfirmationSent(client, queued.subscriberId);
        run.sent += 1;
      } catch (error) {
        // Left claimed: the database offers it again in two minutes, five times at most.
        run.failed += 1;
        run.lastError = reason(error);
        log(`[newsletter] confirmation e-mail not sent (retried in 2 minutes): ${run.lastError}`);
      }
    }
    return run;
  }

  async function sendDigest(client: DataClient, mailer: SendMail, site: SiteIdentity, nowAnyway: boolean): Promise<DigestRun | null> {
    const sendId = await startDigest(client, nowAnyway);
    if (!sendId) return null;
    const { digestContent, digestMail } = await composer();
    const day = now();
    const content = digestContent(site, await digestStories(client, sendId), day);
    let sent = 0;
    let failed = 0;
    let lastError: string | null = null;
    for (;;) {
      const batch = await claimRecipients(client, sendId, RECIPIENT_BATCH);
      if (batch.length === 0) break;
      let batchFailures = 0;
      for (const recipient of batch) {
        let error: string | null = null;
        try {
          await mailer(await digestMail(site, content, day, recipient.email, recipient));
        } catch (refusal) {
          error = reason(refusal);
        }
        await recordDelivery(client, sendId, recipient.subscriberId, error);
        if (error === null) sent += 1;
        else {
          failed += 1;
          batchFailures += 1;
          lastError = error;
        }
      }
      // A whole batch refused: the mail server is down. The rest wait for the next run; the refused ones retry later.
      if (batchFailures === batch.length) break;
    }
    const state = await finishDigest(client, sendId);
    log(`[newsletter] digest ${sendId}: ${sent} sent, ${failed} failed${state === 'enviado' ? '' : ', retries pending'}`);
    return { sendId, sent, failed, state, lastError };
  }

  async function sendTest(request: Request, site: SiteIdentity): Promise<Response> {
    if (!service || !host) return json(503, { error: 'newsletter_unavailable' });
    const token = bearer(request);
    if (!token) return json(401, { error: 'not_signed_in' });
    const asUser = createDataClient(settings.supabaseUrl, settings.supabaseAnonKey, { fetch: settings.fetch, retry: false, accessToken: token });
    let to: string;
    try {
      to = await testRecipient(asUser);
    } catch (error) {
      if (isPermissionDenied(error)) return json(403, { error: 'admin_only' });
      throw error;
    }
    const { digestContent, digestMail } = await composer();
    const day = now();
    const content = digestContent(site, await digestStories(service, null), day);
    try {
      await host.sendMail(await digestMail(site, content, day, to, null));
    } catch (error) {
      log(`[newsletter] test e-mail not sent: ${reason(error)}`);
      return json(502, { error: 'mail_failed' });
    }
    return json(200, { to });
  }

  // Retention (docs/decisions/0039) needs the service key only, never the mailer (docs/decisions/0042): the database
  // runs it at most hourly whichever host asks.
  async function retention(withKey: { client: DataClient; key: string }, force: boolean): Promise<RetentionCounts | null> {
    const counts = await runRetention(withKey.client, storageRemover(settings.supabaseUrl, withKey.key, settings.fetch), force);
    if (counts) log(`[retention] ${JSON.stringify(counts)}`);
    return counts;
  }

  async function answer(request: Request, url: URL): Promise<Response | null> {
    const path = url.pathname;
    if (!path.startsWith(NEWSLETTER_API_PREFIX)) return null;
    if (request.method !== 'POST') {
      return new Response('Use POST.', { status: 405, headers: { Allow: 'POST', 'Cache-Control': 'no-store' } });
    }
    const site = siteFor(url.origin);
    const unsubscribe = UNSUBSCRIBE.exec(path);
    if (unsubscribe) {
      // RFC 8058: the mail app POSTs `List-Unsubscribe=One-Click`; the token alone decides. Gone already is success;
      // a token the site never writes is not (the address it was meant for may still be on the list).
      const result = await unsubscribeFromDigest(anon, decodeURIComponent(unsubscribe[1]!));
      return result === 'invalido' ? json(400, { error: 'invalid_token' }) : json(200, { unsubscribed: true });
    }
    if (path === NEWSLETTER_API.confirmations) {
      if (!service || !host) return json(503, { error: 'newsletter_unavailable' });
      return json(200, { sent: (await sendConfirmations(service, host.sendMail, site)).sent });
    }
    if (path === NEWSLETTER_API.digest) {
      if (!service || !host) return json(503, { error: 'newsletter_unavailable' });
      const key = bearer(request);
      if (!key || !sameSecret(key, host.serviceRoleKey)) return json(401, { error: 'service_key_required' });
      const run = await sendDigest(service, host.sendMail, site, true);
      return json(200, run ?? { state: 'nada_novo' });
    }
    if (path === NEWSLETTER_API.retention) {
      if (!keyOnly) return json(503, { error: 'retention_unavailable' });
      const key = bearer(request);
      if (!key || !sameSecret(key, keyOnly.key)) return json(401, { error: 'service_key_required' });
      return json(200, await retention(keyOnly, true));
    }
    if (path === NEWSLETTER_API.test) return sendTest(request, site);
    return json(404, { error: 'not_found' });
  }

  return {
    mailReady: !!(service && host),
    sendMail: host?.sendMail ?? null,
    async sendQueuedConfirmations(origin) {
      if (!service || !host) throw new Error('the newsletter needs the service key and a mailer');
      return sendConfirmations(service, host.sendMail, siteFor(origin));
    },
    async sendScheduledDigest(origin) {
      if (!service || !host) throw new Error('the newsletter needs the service key and a mailer');
      return sendDigest(service, host.sendMail, siteFor(origin), false);
    },
    async runRetention(force) {
      if (!keyOnly) throw new Error('retention needs the service key');
      return retention(keyOnly, force);
    },
    async runRetentionNow() {
      if (!keyOnly) throw new Error('retention needs the service key');
      return retention(keyOnly, true);
    },
    async sendDigestNow(origin) {
      if (!service || !host) throw new Error('the newsletter needs the service key and a mailer');
      return sendDigest(service, host.sendMail, siteFor(origin), true);
    },
    answer,
    support: createSupportDesk(settings, host, serviceRoleKey),
  };
}
