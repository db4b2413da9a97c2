import { createTransport } from 'nodemailer';
import type { Mailer } from './mailbox-store.ts';

/** Where production e-mail goes: the newsroom's mail provider, from SMTP_* (server/production-config.ts). */
export interface SmtpSettings {
  host: string;
  port: number;
  /** TLS from the first byte (port 465); otherwise STARTTLS is used when the server offers it. */
  secure: boolean;
  user: string | null;
  password: string | null;
  /** The sender, e.g. `Porto Ferreira Notícias <nao-responda@portoferreiranoticias.com.br>`. */
  from: string;
}

/** How long one message may take: a stuck mail server fails the request instead of holding it open. */
const SEND_TIMEOUT_MS = 15_000;

/** Sends each message over SMTP with nodemailer; a refusal or a timeout rejects, and the caller says it failed. */
export function createSmtpMailer(settings: SmtpSettings): Mailer {
  const transport = createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    auth: settings.user ? { user: settings.user, pass: settings.password ?? '' } : undefined,
    connectionTimeout: SEND_TIMEOUT_MS,
    greetingTimeout: SEND_TIMEOUT_MS,
    socketTimeout: SEND_TIMEOUT_MS,
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
