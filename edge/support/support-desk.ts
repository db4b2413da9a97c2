import type { DataClient } from '../../src/services/client';
import { createDataClient } from '../../src/services/data-client';
import { paths } from '../../src/lib/paths';
import { formatCents, OTHER_AMOUNT, OTHER_AMOUNT_KEPT_LENGTH, parseAmountField, SUPPORT_CONSENT_TEXT, SUPPORT_FORM, SUPPORT_REMINDER_STOP_API, type SupportFormError } from '../../src/lib/pix/support-form';
import { pixPayload } from '../../src/lib/pix/pix-code';
import { createSupportIntent, getSupportSettings, stopSupportReminder, supportIntentError, supportIsOpen } from '../../src/services/support/support';
import { claimDueSupportReminders, claimSupportThanks, markSupportThanked, runSupportUpkeep, type SupportUpkeepCounts } from '../../src/services/support/support-jobs';
import type { NewsletterHost, NewsletterSettings } from '../newsletter/newsletter';
import type { SendMail } from '../mail/mail-message';
import { importOnce } from '../../src/lib/import-once';

// React Email comes with the first e-mail, not with the server's start (decision 0051).
const mails = importOnce(() => import('./support-mail'));

// Reader support's server side (docs/decisions/0054), on every host alike: the '/apoie' form's POST (the intent,
// then a 303 to the code's page), the reminder's one-click stop, and the host's jobs (thank-you e-mails, monthly
// reminders, expiry and retention). The code's receiver is read from the settings by the code page, never from here.

export interface SupportMailRun {
  thanked: number;
  reminded: number;
  failed: number;
  lastError: string | null;
}

export interface SupportDesk {
  /** Answers POST /apoie and POST /api/apoie/lembrete/:token; null for any other request. */
  answer(request: Request, url: URL, clientAddress: string | null): Promise<Response | null>;
  /** The thank-you e-mails and the month's reminders that are due (each minute). */
  sendDueMail(origin: string): Promise<SupportMailRun>;
  /** Expiry of week-old pending codes and the retention of supporters' data (hourly). */
  upkeep(): Promise<SupportUpkeepCounts>;
}

const STOP = new RegExp(`^${SUPPORT_REMINDER_STOP_API.replace(/\//g, '\\/')}([^/]+)$`);

function seeOther(location: string): Response {
  return new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store' } });
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The form's answer when it cannot show a code: '/apoie' with the reason and the amount, or what was typed as 'Outro
 * valor' so the reader corrects it rather than types it again (never a name or an e-mail: the address is logged).
 */
function backToForm(error: SupportFormError, kept: { cents: number } | { otherTyped: string } | null): Response {
  const query = new URLSearchParams({ erro: error });
  if (kept && 'cents' in kept) query.set(SUPPORT_FORM.amount, String(kept.cents));
  if (kept && 'otherTyped' in kept) query.set(SUPPORT_FORM.otherAmount, kept.otherTyped.slice(0, OTHER_AMOUNT_KEPT_LENGTH));
  return seeOther(`${paths.support()}?${query.toString()}#apoio`);
}

export function createSupportDesk(settings: NewsletterSettings, host: NewsletterHost | null, serviceRoleKey: string | null): SupportDesk {
  const anon = createDataClient(settings.supabaseUrl, settings.supabaseAnonKey, { fetch: settings.fetch, retry: false });
  const service: DataClient | null = serviceRoleKey
    ? createDataClient(settings.supabaseUrl, serviceRoleKey, { fetch: settings.fetch, retry: false })
    : null;
  const log = settings.log ?? ((line: string) => console.info(line));
  const siteFor = (origin: string) => ({ origin: settings.siteUrl ?? origin, name: settings.siteName });

  async function createFromForm(request: Request, clientAddress: string | null): Promise<Response> {
    const form = await request.formData().catch(() => null);
    if (!form) return backToForm('dados', null);
    const field = (name: string) => {
      const value = form.get(name);
      return typeof value === 'string' ? value : '';
    };
    const choice = field(SUPPORT_FORM.amount);
    const otherTyped = field(SUPPORT_FORM.otherAmount);
    const amount = parseAmountField(choice, otherTyped);
    if (!amount.ok) return backToForm(amount.error, choice === OTHER_AMOUNT ? { otherTyped } : null);
    try {
      // The service key lets the database key the rate limit on the reader's address; without it (a host that has
      // none) every reader of this server shares one key, and the limit holds for all together (it fails closed).
      const intent = await createSupportIntent(service ?? anon, {
        amountCents: amount.cents,
        name: field(SUPPORT_FORM.name).slice(0, 200),
        email: field(SUPPORT_FORM.email).slice(0, 300),
        consentText: SUPPORT_CONSENT_TEXT,
        monthly: field(SUPPORT_FORM.monthly) === 'sim',
        clientAddress: service ? clientAddress : null,
      });
      return seeOther(paths.supportCode(intent.txid));
    } catch (error) {
      const refused = supportIntentError(error);
      const kept = { cents: amount.cents };
      if (refused === 'rate_limited') return backToForm('limite', kept);
      if (refused === 'not_open') return seeOther(paths.support());
      if (refused === 'invalid_email') return backToForm('email', kept);
      if (refused === 'invalid_amount') return backToForm('valor', null);
      if (refused) return backToForm('dados', kept);
      throw error;
    }
  }

  async function answer(request: Request, url: URL, clientAddress: string | null): Promise<Response | null> {
    const stop = STOP.exec(url.pathname);
    if (url.pathname !== paths.support() && !stop) return null;
    if (request.method !== 'POST') {
      // '/apoie' itself is the page's (GET); the stop address takes POSTs only.
      if (!stop) return null;
      return new Response('Use POST.', { status: 405, headers: { Allow: 'POST', 'Cache-Control': 'no-store' } });
    }
    if (!stop) return createFromForm(request, clientAddress);
    // RFC 8058's one-click POST from a mail app, or the stop page's button: the token alone decides.
    const token = decodeURIComponent(stop[1]!);
    const valid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(token);
    const stopped = valid ? await stopSupportReminder(anon, token) : false;
    return seeOther(`${paths.support()}?lembrete=${valid ? (stopped ? 'parado' : 'ja-parado') : 'invalido'}`);
  }

  async function sendDueMail(origin: string): Promise<SupportMailRun> {
    if (!service || !host) throw new Error('the support e-mails need the service key and a mailer');
    const mailer: SendMail = host.sendMail;
    const site = siteFor(origin);
    const run: SupportMailRun = { thanked: 0, reminded: 0, failed: 0, lastError: null };
    for (const due of await claimSupportThanks(service)) {
      try {
        const { thankYouMail } = await mails();
        await mailer(await thankYouMail(site, due.email, due.name, formatCents(due.amountCents)));
        await markSupportThanked(service, due.intentId);
        run.thanked += 1;
      } catch (error) {
        // Left claimed: offered again in two minutes.
        run.failed += 1;
        run.lastError = reason(error);
      }
    }
    const reminders = await claimDueSupportReminders(service);
    if (reminders.length > 0) {
      const receiver = await getSupportSettings(service);
      for (const due of reminders) {
        const payload = supportIsOpen(receiver)
          ? pixPayload({ key: receiver.pixKey ?? '', name: receiver.receiverName, city: receiver.receiverCity }, due.amountCents, due.txid)
          : null;
        if (!payload) continue;
        try {
          const { supportReminderMail } = await mails();
          await mailer(await supportReminderMail(site, due, formatCents(due.amountCents), payload));
          run.reminded += 1;
        } catch (error) {
          // The reminder has moved to next month already: this month's e-mail is lost, never sent twice.
          run.failed += 1;
          run.lastError = reason(error);
        }
      }
    }
    if (run.thanked + run.reminded + run.failed > 0) {
      log(`[support] ${run.thanked} thank-you, ${run.reminded} reminder e-mail(s), ${run.failed} refused`);
    }
    return run;
  }

  return {
    answer,
    sendDueMail,
    async upkeep() {
      if (!service) throw new Error('the support upkeep needs the service key');
      return runSupportUpkeep(service);
    },
  };
}
