import { newsletterFor, type Newsletter, type NewsletterHost } from '../../edge/newsletter/newsletter';
import type { EdgeConfig } from '../../edge/types';
import type { SendMail, SmtpSettings } from '../../edge/mail/mail-message';

// The daily digest on the Worker: its Cron Trigger runs the same scheduled jobs as the Node hosts' timer, and its
// e-mail leaves over SMTP through Cloudflare's TCP sockets. The mail needs the project's service key and a mail server
// (SUPABASE_SERVICE_ROLE_KEY and SMTP_PASSWORD as secrets, the rest in [vars]); the key alone runs retention and the
// campaigns' closing (docs/decisions/0042), the mail jobs then shown as off.

type Vars = Readonly<Record<string, string>>;

const value = (vars: Vars, name: string): string | null => vars[name]?.trim() || null;

/** What is half set: one line for the Worker's refusal, or null. */
export function newsletterSettingsProblem(vars: Vars): string | null {
  const key = value(vars, 'SUPABASE_SERVICE_ROLE_KEY');
  const host = value(vars, 'SMTP_HOST');
  if (host && !key) return 'set the SUPABASE_SERVICE_ROLE_KEY secret with SMTP_HOST (the daily digest reads its subscribers with it)';
  if (host && !value(vars, 'SMTP_FROM')) return 'set SMTP_FROM with SMTP_HOST';
  const port = value(vars, 'SMTP_PORT');
  if (port && !/^\d{1,5}$/.test(port)) return `SMTP_PORT must be a port number (got "${port}")`;
  if (value(vars, 'SMTP_USER') && !value(vars, 'SMTP_PASSWORD')) return 'set the SMTP_PASSWORD secret with SMTP_USER';
  return null;
}

function smtpSettings(vars: Vars): SmtpSettings | null {
  const host = value(vars, 'SMTP_HOST');
  const from = value(vars, 'SMTP_FROM');
  if (!host || !from) return null;
  const port = Number(value(vars, 'SMTP_PORT') ?? 587);
  return { host, port, secure: port === 465, user: value(vars, 'SMTP_USER'), password: value(vars, 'SMTP_PASSWORD'), from };
}

function newsletterHost(vars: Vars): NewsletterHost | null {
  const serviceRoleKey = value(vars, 'SUPABASE_SERVICE_ROLE_KEY');
  const smtp = smtpSettings(vars);
  if (!serviceRoleKey || !smtp || newsletterSettingsProblem(vars)) return null;
  // Loaded when there is mail to send: worker-mailer imports `cloudflare:sockets`, which exists only in Cloudflare's runtime.
  let mailer: Promise<SendMail> | undefined;
  const sendMail: SendMail = async (mail) => {
    mailer ??= import('./worker-smtp').then(({ createWorkerSmtpMailer }) => createWorkerSmtpMailer(smtp));
    return (await mailer)(mail);
  };
  return { serviceRoleKey, sendMail };
}

/** The project's service key (a secret), or null. */
export function serviceRoleKeyOf(vars: Vars): string | null {
  return value(vars, 'SUPABASE_SERVICE_ROLE_KEY');
}

export function workerNewsletter(config: EdgeConfig, vars: Vars): Newsletter {
  return newsletterFor(config, (input, init) => fetch(input, init), newsletterHost(vars), serviceRoleKeyOf(vars));
}
