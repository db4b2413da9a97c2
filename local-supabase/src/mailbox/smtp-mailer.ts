import { createTransport } from 'nodemailer';
import { SMTP_SEND_TIMEOUT_MS, type SmtpSettings } from '../../../edge/mail/mail-message.ts';
import type { Mailer } from './mailbox-store.ts';

export type { SmtpSettings } from '../../../edge/mail/mail-message.ts';

/** Sends each message over SMTP with nodemailer; a refusal or a timeout rejects, and the caller says it failed. */
export function createSmtpMailer(settings: SmtpSettings): Mailer {
  const transport = createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    auth: settings.user ? { user: settings.user, pass: settings.password ?? '' } : undefined,
    connectionTimeout: SMTP_SEND_TIMEOUT_MS,
    greetingTimeout: SMTP_SEND_TIMEOUT_MS,
    socketTimeout: SMTP_SEND_TIMEOUT_MS,
  });
  return async (message) => {
    await transport.sendMail({
      from: settings.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      headers: message.headers,
    });
  };
}
